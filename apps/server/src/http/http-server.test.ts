import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../features/auth/testing';
import { addressGroupOf } from './http-server';

/** Small limits, so a slow client is cut within the test; nothing below asserts a duration. */
const LIMITS = { REQUEST_TIMEOUT_MS: '600', HEADERS_TIMEOUT_MS: '300', MAX_CONNECTIONS_PER_ADDRESS: '3' };

let t: StaffTestApp;
let port: number;

beforeAll(async () => {
  t = await createStaffTestApp(LIMITS);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** A raw TCP connection to the server, with everything it received and whether it was closed. */
interface RawClient {
  socket: Socket;
  received(): string;
  closed: Promise<void>;
}

async function openRaw(): Promise<RawClient> {
  const socket = connect({ port, host: '127.0.0.1' });
  let data = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (data += chunk));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('close', () => reject(new Error('closed before connecting')));
  });
  return { socket, received: () => data, closed };
}

/** Writes one character at a time, every 100 ms, until the socket is closed. */
function trickle(client: RawClient, text: string): void {
  let next = 0;
  const timer = setInterval(() => {
    if (client.socket.destroyed || next >= text.length) return clearInterval(timer);
    client.socket.write(text[next++]!);
  }, 100);
  void client.closed.then(() => clearInterval(timer));
}

const status = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]);
const body = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as unknown;

/** A GET of /healthz on an open keep-alive connection, answered in full. */
async function healthCheck(client: RawClient): Promise<number> {
  const before = client.received().length;
  client.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await vi.waitFor(() => expect(client.received().slice(before)).toMatch(/\r\n\r\n\{.*\}$/s), { timeout: 10_000 });
  return status(client.received().slice(before));
}

describe('the HTTP server', () => {
  it('closes a connection whose body trickles in past REQUEST_TIMEOUT_MS, answering 408 with {error}', async () => {
    const client = await openRaw();
    client.socket.write('POST /trpc/auth.signIn HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n');
    trickle(client, `{"email":"${'x'.repeat(150)}`);
    await client.closed;
    expect(status(client.received())).toBe(408);
    expect(body(client.received())).toEqual({ error: 'The request did not arrive in time' });
  });

  it('closes a connection whose headers trickle in past HEADERS_TIMEOUT_MS, answering 408', async () => {
    const client = await openRaw();
    trickle(client, `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'y'.repeat(100)}\r\n\r\n`);
    await client.closed;
    expect(status(client.received())).toBe(408);
  });

  it('answers headers larger than Node takes with 431 and {error}', async () => {
    const client = await openRaw();
    client.socket.write(`GET /v1/public/teams HTTP/1.1\r\nHost: localhost\r\nX-Large: ${'z'.repeat(20 * 1024)}\r\n\r\n`);
    await client.closed;
    expect(status(client.received())).toBe(431);
    expect(client.received()).toMatch(/\r\nContent-Type: application\/json/i);
    expect(body(client.received())).toEqual({ error: 'The request header fields are too large' });
  });

  it('closes a connection past MAX_CONNECTIONS_PER_ADDRESS from one address at once, and takes new ones when others close', async () => {
    const held = await Promise.all([openRaw(), openRaw(), openRaw()]);
    // Each is served, so the server counts all three before the fourth arrives.
    for (const client of held) expect(await healthCheck(client)).toBe(200);
    const refused = await openRaw().catch(() => undefined);
    if (refused) {
      await refused.closed;
      expect(refused.received()).toBe('');
    }
    held[0]!.socket.destroy();
    await held[0]!.closed;
    // The server hears of the closed connection soon after; then a new one is served again.
    await vi.waitFor(async () => {
      const next = await openRaw();
      try {
        expect(await healthCheck(next)).toBe(200);
      } finally {
        next.socket.destroy();
      }
    }, { timeout: 10_000, interval: 100 });
    for (const client of held) client.socket.destroy();
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped one as its IPv4 address', () => {
    expect(addressGroupOf('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(addressGroupOf('203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroupOf('2001:db8:1:2:aaaa::1')).toBe(addressGroupOf('2001:db8:1:2:bbbb::2'));
    expect(addressGroupOf('2001:db8:1:2::1')).not.toBe(addressGroupOf('2001:db8:1:3::1'));
  });
});
