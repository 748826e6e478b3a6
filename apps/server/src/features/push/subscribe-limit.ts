import { DomainError } from '../../lib/errors';
import { addressKey } from '../auth/rate-limit';

/** Follow and reminder writes from one address (an IPv6 /64) per window, in each replica. */
export const PUSH_WRITES_PER_ADDRESS = 30;
export const PUSH_WRITE_WINDOW_MS = 10 * 60 * 1000;

const windows = new Map<string, { startedAt: number; count: number }>();

/**
 * Refuses a follow or reminder write past the limit (429 with Retry-After). Kept in memory:
 * it stops a script filling the tables, no more; each replica counts on its own
 * (docs/decisions/0099-web-push-follows.md).
 */
export function admitPushWrite(ip: string, now = Date.now()): void {
  const key = addressKey(ip);
  let window = windows.get(key);
  if (!window || now - window.startedAt >= PUSH_WRITE_WINDOW_MS) {
    // Old windows go as new ones come, so the map holds only recent addresses.
    if (windows.size > 10_000) for (const [k, w] of windows) if (now - w.startedAt >= PUSH_WRITE_WINDOW_MS) windows.delete(k);
    window = { startedAt: now, count: 0 };
    windows.set(key, window);
  }
  if (window.count >= PUSH_WRITES_PER_ADDRESS) {
    throw new DomainError('rate_limited', 'Too many follow changes from this address; try again later', {
      retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + PUSH_WRITE_WINDOW_MS - now) / 1000)),
    });
  }
  window.count += 1;
}
