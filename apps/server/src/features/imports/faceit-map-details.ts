import type { MapDetailsResult, MatchDetailsInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { parseFaceitMaps, type FaceitMatch, type FaceitMatchDetails, type ParsedMap } from '@campus-elo/domain';
import type { Kysely } from 'kysely';
import { mapSettled, PLATFORM_CONCURRENCY } from '../../lib/concurrency';
import { DomainError } from '../../lib/errors';
import { replacePlatformMatchDetails } from '../match-stats/write-details';
import type { FaceitClient } from './platforms/faceit-client';

/**
 * The maps, and each map's player lines, of completed FACEIT matches (issue 24): GET
 * matches/{id} gives the maps and their scores, GET matches/{id}/stats the halves and the
 * lines. A 404 from the stats is "not yet": the maps are written without lines and the
 * scheduled sync asks again (pendingFaceitMapDetails). Written through
 * replacePlatformMatchDetails, one transaction per match, which never overwrites maps
 * entered by hand and writes nothing when nothing changed.
 */

export interface MapDetailsTarget {
  /** Our match. */
  id: string;
  /** FACEIT's match id. */
  externalId: string;
  /** GET matches/{id}'s answer when the caller already has it (Update Matches). */
  details?: FaceitMatch;
}

type Outcome = 'written' | 'unchanged' | 'kept_manual' | 'not_yet' | 'rejected';

export interface MapDetailsOptions {
  signal?: AbortSignal;
  /** Told of each failed platform call (the sync backs off on a 429). */
  onFetchFailure?: (error: unknown) => void;
}

export const NO_MAP_DETAILS: MapDetailsResult = { saved: 0, not_yet: 0, failed: 0 };

/**
 * The parsed maps in the writer's shape; the writer links each line to our player by its FACEIT
 * id (an unknown player keeps the nickname and id, unlinked). FACEIT names no picker and gives
 * no bans, so no map has a picker and there is no veto.
 */
function asDetails(maps: readonly ParsedMap[]): MatchDetailsInput {
  return {
    maps: maps.map((map) => ({
      map: map.map,
      score_team1: map.score_team1,
      score_team2: map.score_team2,
      picked_by_side: null,
      halves: map.halves,
      overtime: map.overtime,
      players: map.players.map((line) => ({ ...line, player_id: null })),
    })),
    vetoes: [],
  };
}

async function refreshOne(db: Kysely<Database>, client: FaceitClient, target: MapDetailsTarget): Promise<Outcome> {
  const details = target.details ?? (await client.match(target.externalId));
  const stats = await client.matchStats(target.externalId);
  // GET matches/{id} is read for its maps; parseFaceitMaps reads only what is there.
  const maps = parseFaceitMaps(details as FaceitMatchDetails, stats);
  try {
    const written = await db.transaction().execute(async (trx) => {
      // Stats that went missing again never take away lines already stored.
      if (stats === null && (await trx.selectFrom('match_map_players').select('match_id').where('match_id', '=', target.id).limit(1).executeTakeFirst())) return 'has_lines';
      return replacePlatformMatchDetails(trx, target.id, asDetails(maps), 'faceit');
    });
    if (written === 'has_lines') return 'unchanged';
    return stats === null && written !== 'kept_manual' ? 'not_yet' : written;
  } catch (error) {
    // FACEIT's maps contradict the match as stored (a result set by hand, say): nothing is written.
    if (error instanceof DomainError && error.kind === 'invalid') return 'rejected';
    throw error;
  }
}

/**
 * Fetches and writes the map details of these completed FACEIT matches, a few at a time;
 * a failed match never stops the others. Answers the counts a tool's result gives.
 */
export async function refreshFaceitMapDetails(
  db: Kysely<Database>,
  client: FaceitClient,
  targets: readonly MapDetailsTarget[],
  options: MapDetailsOptions = {},
): Promise<MapDetailsResult> {
  if (targets.length === 0) return NO_MAP_DETAILS;
  const settled = await mapSettled(targets, PLATFORM_CONCURRENCY, (target) => refreshOne(db, client, target), { signal: options.signal });
  const result = { ...NO_MAP_DETAILS };
  for (const outcome of settled) {
    if (!outcome.ok) {
      options.onFetchFailure?.(outcome.error);
      result.failed += 1;
    } else if (outcome.value === 'written') result.saved += 1;
    else if (outcome.value === 'not_yet') result.not_yet += 1;
    else if (outcome.value === 'rejected') result.failed += 1;
  }
  return result;
}

/** Adds two tallies (the sync's pending pass and its Update Matches). */
export function addMapDetails(a: MapDetailsResult, b: MapDetailsResult): MapDetailsResult {
  return { saved: a.saved + b.saved, not_yet: a.not_yet + b.not_yet, failed: a.failed + b.failed };
}

/** The plain words a tool's message ends with: empty when there was nothing to say. */
export function mapDetailsNote(result: MapDetailsResult): string {
  const matches = (n: number) => `${n} ${n === 1 ? 'match' : 'matches'}`;
  return [
    result.saved > 0 ? ` Saved map details of ${matches(result.saved)}.` : '',
    result.not_yet > 0 ? ` Map stats not yet available for ${matches(result.not_yet)}; the next sync tries again.` : '',
    result.failed > 0 ? ` Map details of ${matches(result.failed)} could not be fetched or did not fit the match.` : '',
  ].join('');
}

/** How long after its date a finished match's missing map stats are still asked for by the sync. */
export const MAP_STATS_RETRY_DAYS = 14;
/** At most this many such matches per sync run, so a backlog never makes one run long. */
const PENDING_PER_RUN = 50;

/**
 * Completed FACEIT matches of the last MAP_STATS_RETRY_DAYS days still without player lines
 * (their stats were not ready) and without maps entered by hand: the sync asks for them again.
 */
export async function pendingFaceitMapDetails(db: Kysely<Database>, now: Date): Promise<MapDetailsTarget[]> {
  const rows = await db
    .selectFrom('matches as m')
    .select(['m.id', 'm.external_id'])
    .where('m.platform', '=', 'faceit')
    .where('m.status', '=', 'completed')
    .where('m.date', '>=', new Date(now.getTime() - MAP_STATS_RETRY_DAYS * 86_400_000))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('match_map_players as l').select('l.match_id').whereRef('l.match_id', '=', 'm.id'))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('match_maps as mm').select('mm.match_id').whereRef('mm.match_id', '=', 'm.id').where('mm.source', '=', 'manual'))))
    .orderBy('m.date', 'desc')
    .limit(PENDING_PER_RUN)
    .execute();
  return rows.map((row) => ({ id: row.id, externalId: row.external_id }));
}
