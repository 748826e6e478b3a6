import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-policy';
import { fetchRemoteImage, type FetchImageOptions } from './fetch-image';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '2001:db8::1',
    'ff02::1',
    // IPv4-mapped, in both spellings
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    // IPv4-compatible (::/96): ipaddr.js calls these unicast
    '::127.0.0.1',
    '::a9fe:a9fe',
    '::8.8.8.8',
    // SIIT
    '::ffff:0:a00:1',
    // 6to4 around 169.254.169.254, 127.0.0.1 and a public address
    '2002:a9fe:a9fe::1',
    '2002:7f00:1::',
    '2002:808:808::1',
    // NAT64, well-known and local-use prefixes
    '64:ff9b::10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::8.8.8.8',
    '64:ff9b:1:a9fe:a9:fe00::',
    // Teredo: server 127.0.0.1, and a client 10.0.0.1 stored inverted
    '2001:0:7f00:1::',
    '2001:0:808:808::f5ff:fffe',
    'not-an-ip',
    '127.1',
    '',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:82a::200e', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('fetchRemoteImage', () => {
  let server: Server;
  let base: string;
  let png: Buffer;
  // The local test server is on loopback, which the real policy refuses: widen it here only.
  const local: FetchImageOptions = { isAllowedAddress: (address) => address === '127.0.0.1' || address === '::ffff:127.0.0.1' };

  beforeAll(async () => {
    png = await sharp({ create: { width: 40, height: 20, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 0.5 } } }).png().toBuffer();
    const jpeg = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    server = createServer((req, res) => {
      const routes: Record<string, () => void> = {
        '/a.png': () => res.writeHead(200, { 'content-type': 'image/png' }).end(png),
        '/b.jpg': () => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg),
        '/page.html': () => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>hi</h1>'),
        '/fake.png': () => res.writeHead(200, { 'content-type': 'image/png' }).end('not really a png'),
        '/x.svg': () => res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        '/redirect': () => res.writeHead(302, { location: '/a.png' }).end(),
        '/to-metadata': () => res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end(),
        '/to-6to4-metadata': () => res.writeHead(302, { location: 'http://[2002:a9fe:a9fe::1]/latest' }).end(),
        '/to-compatible-loopback': () => res.writeHead(302, { location: 'http://[::127.0.0.1]/a.png' }).end(),
        '/loop': () => res.writeHead(302, { location: '/loop' }).end(),
        '/missing': () => res.writeHead(404).end(),
        '/slow': () => setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png), 2_000),
      };
      (routes[req.url ?? ''] ?? routes['/missing']!)();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('re-encodes an image: PNG when it has transparency, JPEG otherwise', async () => {
    const withAlpha = await fetchRemoteImage(`${base}/a.png`, local);
    expect(withAlpha.contentType).toBe('image/png');
    expect(await sharp(withAlpha.body).metadata()).toMatchObject({ format: 'png', width: 40, height: 20 });
    const opaque = await fetchRemoteImage(`${base}/b.jpg`, local);
    expect(opaque.contentType).toBe('image/jpeg');
  });

  it('follows a redirect to an allowed host', async () => {
    expect((await fetchRemoteImage(`${base}/redirect`, local)).contentType).toBe('image/png');
  });

  it('refuses private hosts, bad schemes and redirects into the network', async () => {
    await expect(fetchRemoteImage(`${base}/a.png`)).rejects.toMatchObject({ status: 400 });
    await expect(fetchRemoteImage('http://localhost/a.png')).rejects.toMatchObject({ status: 400 });
    await expect(fetchRemoteImage('http://[::1]/a.png')).rejects.toMatchObject({ status: 400 });
    await expect(fetchRemoteImage('file:///etc/passwd')).rejects.toMatchObject({ status: 400 });
    await expect(fetchRemoteImage('http://user:pw@example.com/a.png')).rejects.toMatchObject({ status: 400 });
    await expect(fetchRemoteImage('not a url')).rejects.toMatchObject({ status: 400 });
    await expect(fetchRemoteImage(`${base}/to-metadata`, local)).rejects.toMatchObject({ status: 400 });
    await expect(fetchRemoteImage(`${base}/loop`, local)).rejects.toMatchObject({ status: 502 });
  });

  it('refuses IPv6 forms that wrap a private IPv4 address, typed or redirected to', async () => {
    for (const host of ['[2002:a9fe:a9fe::1]', '[::a9fe:a9fe]', '[::127.0.0.1]', '[::ffff:127.0.0.1]', '[64:ff9b::a9fe:a9fe]', '[64:ff9b:1:a9fe:a9:fe00::]', '[2001:0:7f00:1::]']) {
      await expect(fetchRemoteImage(`http://${host}/a.png`), host).rejects.toMatchObject({ status: 400 });
    }
    // The real policy, widened to the one loopback address the test server listens on.
    const testServerOnly: FetchImageOptions = { isAllowedAddress: (address) => address === '127.0.0.1' || isPublicAddress(address) };
    expect((await fetchRemoteImage(`${base}/a.png`, testServerOnly)).contentType).toBe('image/png');
    for (const path of ['/to-6to4-metadata', '/to-compatible-loopback']) {
      await expect(fetchRemoteImage(`${base}${path}`, testServerOnly), path).rejects.toMatchObject({ status: 400 });
    }
  });

  it('refuses what is not a raster image, too large, missing or too slow', async () => {
    await expect(fetchRemoteImage(`${base}/page.html`, local)).rejects.toMatchObject({ status: 422 });
    await expect(fetchRemoteImage(`${base}/fake.png`, local)).rejects.toMatchObject({ status: 422 });
    await expect(fetchRemoteImage(`${base}/x.svg`, local)).rejects.toMatchObject({ status: 422 });
    await expect(fetchRemoteImage(`${base}/a.png`, { ...local, maxBytes: 10 })).rejects.toMatchObject({ status: 413 });
    await expect(fetchRemoteImage(`${base}/missing`, local)).rejects.toMatchObject({ status: 502 });
    await expect(fetchRemoteImage(`${base}/slow`, { ...local, timeoutMs: 200 })).rejects.toMatchObject({ status: 504 });
  });
});
