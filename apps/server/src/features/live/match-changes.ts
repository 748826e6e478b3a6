import { matchListItem, type MatchListItem } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import { matchItemsQuery, toMatchItems } from '../matches/queries';

/** The channel the trigger of migration 0070 notifies: payload '<change id> <match id>'. */
export const MATCH_CHANGES_CHANNEL = 'match_changes';

/** How long the change log keeps a change: how far back Last-Event-ID can resume. */
export const MATCH_CHANGES_RETENTION_MINUTES = 10;

/** A resume asking for more changes than this is told to reload instead. */
export const MAX_RESUMED_CHANGES = 500;

export interface MatchChange {
  /** The event id (match_changes.id). */
  id: number;
  matchId: string;
}

export function parseChangePayload(payload: string): MatchChange | undefined {
  const [id, matchId] = payload.split(' ');
  const number = Number(id);
  if (!Number.isSafeInteger(number) || !matchId) return undefined;
  return { id: number, matchId };
}

/**
 * The changes after `afterId`, oldest first, at most `limit`, and whether the log still
 * reaches back to `afterId` (false: some were pruned, the caller must start over).
 */
export async function changesAfter(db: Kysely<Database>, afterId: number, limit: number): Promise<{ changes: MatchChange[]; complete: boolean }> {
  const [rows, oldest] = await Promise.all([
    db.selectFrom('match_changes').select(['id', 'match_id']).where('id', '>', afterId).orderBy('id').limit(limit + 1).execute(),
    db.selectFrom('match_changes').select((eb) => eb.fn.min('id').as('id')).executeTakeFirst(),
  ]);
  const prunedPast = oldest?.id != null && Number(oldest.id) > afterId + 1 && afterId > 0;
  return {
    changes: rows.slice(0, limit).map((row) => ({ id: Number(row.id), matchId: row.match_id })),
    complete: rows.length <= limit && !prunedPast,
  };
}

/** The newest change id, 0 when there is none. */
export async function latestChangeId(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('match_changes').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return row?.id == null ? 0 : Number(row.id);
}

export async function pruneChanges(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('match_changes')
    .where('changed_at', '<', sql<Date>`now() - make_interval(mins => ${MATCH_CHANGES_RETENTION_MINUTES})`)
    .execute();
}

/** Public match items (the /v1/public/matches item) of these matches, any status; gone ones are left out. */
export async function matchItemsById(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, MatchListItem>> {
  if (ids.length === 0) return new Map();
  const filtered = db.selectFrom('matches').where('matches.id', 'in', ids);
  const rows = await matchItemsQuery(db, filtered, [{ column: 'id', direction: 'asc' }], { limit: ids.length }).execute();
  // Parsed with the list's own schema: exactly the shape the list answers.
  return new Map((await toMatchItems(db, rows)).map((item) => [item.id, matchListItem.parse(item)]));
}
