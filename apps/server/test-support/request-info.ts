import type { RequestInfo } from '../src/trpc';

/** A plain request for procedures called straight through a caller, as a script on this machine would make it. */
export function testRequest(overrides: Partial<RequestInfo> = {}): RequestInfo {
  return {
    method: 'POST',
    headers: {},
    ip: '127.0.0.1',
    protocol: 'http',
    host: 'localhost',
    cookies: {},
    setCookie: () => undefined,
    setHeader: () => undefined,
    ...overrides,
  };
}
