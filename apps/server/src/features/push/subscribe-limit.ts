import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import { DomainError } from '../../lib/errors';
import { addressKey } from '../auth/rate-limit';

/** Follow and reminder writes from one address (an IPv6 /64) per window, all replicas together. */
export const PUSH_WRITES_PER_ADDRESS = 30;
export const PUSH_WRITE_WINDOW_MS = 10 * 60 * 1000;

/**
 * Counts a follow or reminder write from `ip` and refuses one past the limit (429 with
 * Retry-After). The count is a row per address in `push_write_windows`, taken and raised in
 * one statement, so replicas share it and parallel writes cannot both take the last place
 * (docs/decisions/0099-web-push-follows.md). It stops a script filling the tables, no more.
 */
export async function admitPushWrite(db: Kysely<Database>, ip: string, now = new Date()): Promise<void> {
  const address = addressKey(ip);
  const windowOver = sql<boolean>`(push_write_windows.window_started_at <= ${now}::timestamptz - make_interval(secs => ${PUSH_WRITE_WINDOW_MS / 1000}))`;
  const counted = await db
    .insertInto('push_write_windows')
    .values({ address, window_started_at: now, writes: 1 })
    .onConflict((oc) =>
      oc
        .column('address')
        .doUpdateSet({
          window_started_at: sql`CASE WHEN ${windowOver} THEN ${now}::timestamptz ELSE push_write_windows.window_started_at END`,
          writes: sql`CASE WHEN ${windowOver} THEN 1 ELSE push_write_windows.writes + 1 END`,
        })
        .where(sql<boolean>`${windowOver} OR push_write_windows.writes < ${PUSH_WRITES_PER_ADDRESS}`),
    )
    .returning('writes')
    .executeTakeFirst();
  if (counted) return;
  const window = await db.selectFrom('push_write_windows').select('window_started_at').where('address', '=', address).executeTakeFirst();
  const freeAt = (window ? new Date(window.window_started_at).getTime() : now.getTime()) + PUSH_WRITE_WINDOW_MS;
  throw new DomainError('rate_limited', 'Too many follow changes from this address; try again later', {
    retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
  });
}

/** Drops the windows that are over (the push sender's turn calls it). */
export async function forgetPastPushWriteWindows(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.deleteFrom('push_write_windows').where('window_started_at', '<=', new Date(now.getTime() - PUSH_WRITE_WINDOW_MS)).execute();
}
