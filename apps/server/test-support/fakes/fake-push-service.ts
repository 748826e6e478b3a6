import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  ecdh: ReturnType<typeof createECDH>;
  authSecret: string;
}

export interface FakePushService {
  url: string;
  received: ReceivedPush[];
  /** Answers `status` for every push to `path` (e.g. 410: the browser unsubscribed). */
  answer(path: string, status: number): void;
  /** A new browser subscription on this service. */
  browser(name: string): FakeBrowser;
  close(): Promise<void>;
}

/**
 * A stand-in for a browser vendor's push service (FCM, Mozilla's autopush) on 127.0.0.1:
 * records each push's headers and encrypted body and answers 201, or what `answer` set.
 */
export async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    answer: (path, status) => void answers.set(path, status),
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
