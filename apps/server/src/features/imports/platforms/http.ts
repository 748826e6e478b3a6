import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError, notFound, upstreamFailed } from '../../../lib/errors';

export type PlatformName = 'Faceit' | 'Leaguespot';

export interface PlatformHttp {
  platform: PlatformName;
  baseUrl: string;
  headers: Record<string, string>;
  /** Time limit for one attempt, body included. */
  timeoutMs: number;
  /** How often a 429 is retried (default 3). */
  maxRetries?: number;
  /** The longest Retry-After honoured; a longer one is a failure (default 30 s). */
  maxRetryDelayMs?: number;
}

export type PlatformFailure = 'not_found' | 'rejected' | 'rate_limited' | 'timeout' | 'unreachable' | 'failed';

/** A platform call that did not give usable JSON. */
export class PlatformError extends Error {
  constructor(
    readonly platform: PlatformName,
    readonly failure: PlatformFailure,
    message: string,
    readonly status?: number,
    /** For 'rate_limited': how long the platform asked us to wait, when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

const DEFAULT_MAX_RETRIES = 3;
const DEFAULT_MAX_RETRY_DELAY_MS = 30_000;
/** Wait before retrying a 429 that gives no Retry-After: 1 s, 2 s, 4 s. */
const FALLBACK_RETRY_DELAY_MS = 1_000;

/** Retry-After in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function failureForStatus(platform: PlatformName, status: number): PlatformError {
  if (status === 404) return new PlatformError(platform, 'not_found', `${platform} has no such record (404)`, status);
  if (status === 401 || status === 403) {
    return new PlatformError(platform, 'rejected', `${platform} refused the server's API key (${status})`, status);
  }
  return new PlatformError(platform, 'failed', `${platform} answered ${status}`, status);
}

async function attempt(http: PlatformHttp, url: string): Promise<{ response: Response; body?: unknown }> {
  const signal = AbortSignal.timeout(http.timeoutMs);
  try {
    const response = await fetch(url, { headers: { accept: 'application/json', ...http.headers }, signal });
    if (!response.ok) {
      // Drain so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      return { response };
    }
    const text = await response.text();
    try {
      return { response, body: JSON.parse(text) };
    } catch {
      throw new PlatformError(http.platform, 'failed', `${http.platform} answered something that is not JSON`, response.status);
    }
  } catch (error) {
    if (error instanceof PlatformError) throw error;
    if (signal.aborted) {
      throw new PlatformError(http.platform, 'timeout', `${http.platform} did not answer within ${Math.round(http.timeoutMs / 100) / 10} s`);
    }
    throw new PlatformError(http.platform, 'unreachable', `${http.platform} could not be reached`);
  }
}

/**
 * GET a platform's JSON: a time limit per attempt, a 429 retried up to 3 times after the
 * Retry-After it gives; anything else that is not 2xx is a PlatformError.
 */
export async function getJson<T>(http: PlatformHttp, path: string, query: Record<string, string | number> = {}): Promise<T> {
  const url = new URL(http.baseUrl.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  const maxRetries = http.maxRetries ?? DEFAULT_MAX_RETRIES;
  const maxDelay = http.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;

  for (let retry = 0; ; retry += 1) {
    const { response, body } = await attempt(http, url.toString());
    if (response.ok) return body as T;
    if (response.status !== 429) throw failureForStatus(http.platform, response.status);
    const asked = retryAfterMs(response.headers.get('retry-after'));
    const delay = asked ?? FALLBACK_RETRY_DELAY_MS * 2 ** retry;
    if (retry >= maxRetries || delay > maxDelay) {
      throw new PlatformError(http.platform, 'rate_limited', `${http.platform} is rate limiting the server (429)`, 429, asked);
    }
    await sleep(delay);
  }
}

/**
 * The domain error for a failed platform call: not found for an id the platform does not
 * know, else upstream failed with what went wrong.
 */
export function platformDomainError(error: unknown, notFoundMessage: string): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof PlatformError) return error.failure === 'not_found' ? notFound(notFoundMessage) : upstreamFailed(error.message, error);
  return upstreamFailed('The platform call failed', error);
}

export function describeFailure(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
