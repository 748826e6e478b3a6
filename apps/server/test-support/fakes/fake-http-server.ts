import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Date.now() when it arrived and when its answer went out: tests tell overlapping calls apart. */
  receivedAt: number;
  answeredAt?: number;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * A planned misbehaviour: requests whose path matches answer `status` (with Retry-After
 * when given) and/or only after `delayMs` (or `until` settles), for the next `times` requests (default: always).
 */
export interface Fault {
  path: string | RegExp;
  status?: number;
  retryAfter?: string;
  delayMs?: number;
  /** Answers only once this settles (a request held while a test looks at what waits on it). */
  until?: Promise<unknown>;
  times?: number;
}

export interface FakeServer {
  url: string;
  /** Every request received, oldest first. */
  requests: FakeRequest[];
  fault(fault: Fault): void;
  clearFaults(): void;
  close(): Promise<void>;
}

export type FakeHandler = (req: FakeRequest) => FakeResponse;

function matches(fault: Fault, path: string): boolean {
  return typeof fault.path === 'string' ? fault.path === path : fault.path.test(path);
}

/** A JSON HTTP server on 127.0.0.1 (a free port unless given), answering through `handle` unless a fault applies. */
export async function startFakeServer(handle: FakeHandler, port = 0): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  let faults: (Fault & { left: number })[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const request: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, receivedAt: Date.now() };
    requests.push(request);

    const fault = faults.find((f) => f.left > 0 && matches(f, request.path));
    if (fault) fault.left -= 1;
    const answer: FakeResponse =
      fault?.status !== undefined
        ? { status: fault.status, body: { errors: [{ message: `fake failure ${fault.status}` }] }, headers: fault.retryAfter ? { 'retry-after': fault.retryAfter } : {} }
        : handle(request);

    const send = () => {
      request.answeredAt = Date.now();
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    };
    if (fault?.delayMs) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) send();
      }, fault.delayMs);
      timers.add(timer);
    } else if (fault?.until) {
      void fault.until.finally(() => {
        if (!res.destroyed) send();
      });
    } else {
      send();
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    fault(fault) {
      faults.push({ ...fault, left: fault.times ?? Number.POSITIVE_INFINITY });
    },
    clearFaults() {
      faults = [];
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A UUID-looking id that is always the same for the same seed. */
export function stableUuid(seed: string): string {
  const hex = createHash('sha1').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A 17-digit SteamID64 that is always the same for the same seed. */
export function stableSteamId(seed: string): string {
  const digits = BigInt(`0x${createHash('sha1').update(seed).digest('hex').slice(0, 12)}`) % 1_000_000_000n;
  return `76561198${digits.toString().padStart(9, '0')}`;
}

/** A number in 0..n-1 that is always the same for the same seed. */
export function stablePick(seed: string, n: number): number {
  return Number.parseInt(createHash('sha1').update(seed).digest('hex').slice(0, 8), 16) % n;
}
