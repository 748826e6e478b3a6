import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

/** One push as the push service received it. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's side of a subscription: its endpoint on the fake and the keys to read what arrives. */
export interface FakeBrowser {
  endpoint: string;
  path: string;
  /** As PushSubscription.toJSON() gives it. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The private half, for decrypting (http_ece) what the fake received. */
  ecdh: ECDH;
  authSecret: string;
}

/** A status with headers (e.g. 429 with Retry-After). */
export interface PushAnswer {
  status: number;
  headers?: Record<string, string>;
}

export interface FakePushService {
  url: string;
  received: ReceivedPush[];
  /**
   * Answers `status` for every push to `path` (e.g. 410: the browser unsubscribed); given
   * several answers, one per push in turn, the last one for every push after.
   */
  answer(path: string, ...answers: (number | PushAnswer)[]): void;
  /** A new browser subscription on this service. */
  browser(name: string): FakeBrowser;
  close(): Promise<void>;
}

/**
 * http_ece (web-push's own encryption library, CommonJS without types), loaded this way so
 * that the web app's browser tests, which import this file too, need no declaration of it.
 */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

/**
 * What a push carried, decrypted (aes128gcm, RFC 8291) as the browser holding the
 * subscription's private key (`ecdh`, or its raw 32-byte private key) and auth secret would.
 */
export function decryptPush(push: ReceivedPush, keys: { ecdh: ECDH } | { privateKey: Buffer }, authSecret: string): unknown {
  let ecdh: ECDH;
  if ('ecdh' in keys) ecdh = keys.ecdh;
  else {
    ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(keys.privateKey);
  }
  return JSON.parse(ece.decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret }).toString('utf8'));
}

/**
 * A stand-in for a browser vendor's push service (FCM, Mozilla's autopush) on 127.0.0.1:
 * records each push's headers and encrypted body and answers 201, or what `answer` set.
 */
export async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, PushAnswer[]>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const queued = answers.get(path);
      const next = queued && queued.length > 1 ? queued.shift()! : (queued?.[0] ?? { status: 201 });
      res.writeHead(next.status, next.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    answer: (path, ...given) => void answers.set(path, given.map((a) => (typeof a === 'number' ? { status: a } : a))),
    browser(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16).toString('base64url');
      const path = `/push/${name}`;
      const endpoint = `${url}${path}`;
      return { endpoint, path, ecdh, authSecret, subscription: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret } } };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
