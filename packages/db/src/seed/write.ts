import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import { withDeferredIndexes } from './bulk-load';
import type { LeagueRows } from './league';

export interface SeedSummary {
  seasons: number;
  competitions: number;
  teams: number;
  players: number;
  playerSeasons: number;
  playerEloHistory: number;
  participants: number;
  matches: number;
  rankings: number;
  rankingItems: number;
  media: number;
}

/** Rows per INSERT, and a ceiling under PostgreSQL's 65,535 bind parameters per statement. */
const ROWS_PER_STATEMENT = 1000;
const MAX_PARAMETERS = 60_000;
/** Big tables report progress every this many rows. */
const PROGRESS_EVERY = 50_000;

type Log = (line: string) => void;

async function inBatches<Row extends object>(
  table: string,
  rows: readonly Row[],
  write: (batch: Row[]) => Promise<unknown>,
  log: Log | undefined,
): Promise<void> {
  if (rows.length === 0) return;
  const started = Date.now();
  const columns = Object.keys(rows[0] as Row).length;
  const size = Math.max(1, Math.min(ROWS_PER_STATEMENT, Math.floor(MAX_PARAMETERS / columns)));
  let nextReport = PROGRESS_EVERY;
  for (let offset = 0; offset < rows.length; offset += size) {
    await write(rows.slice(offset, offset + size));
    const done = Math.min(offset + size, rows.length);
    if (log && done >= nextReport && done < rows.length) {
      log(`  ${table}: ${done.toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')}`);
      nextReport += PROGRESS_EVERY;
    }
  }
  log?.(`  ${table}: ${rows.length.toLocaleString('en-US')} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Runs `work` in a transaction, or in the caller's when it already has one. */
async function inTransaction(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
  if (db.isTransaction) await work(db);
  else await db.transaction().execute(work);
}

/** The big tables: a bulk write loads them with their indexes and foreign keys deferred. */
const BULK_TABLES = ['players', 'player_seasons', 'player_elo_history', 'participants', 'matches', 'ranking_items'];

export interface WriteOptions {
  log?: Log;
  /** Defer the big tables' indexes and foreign keys to the end (for an empty database, at scale). */
  bulk?: boolean;
}

/**
 * Writes a built league in one transaction with multi-row inserts, in foreign-key order:
 * a failure leaves the database as it was.
 */
export async function writeLeague(db: Kysely<Database>, league: LeagueRows, options: WriteOptions = {}): Promise<SeedSummary> {
  const { log, bulk = false } = options;
  await inTransaction(db, async (trx) => {
    await inBatches('seasons', league.seasons, (b) => trx.insertInto('seasons').values(b).execute(), log);
    await inBatches('competitions', league.competitions, (b) => trx.insertInto('competitions').values(b).execute(), log);
    await inBatches('media', league.media, (b) => trx.insertInto('media').values(b).execute(), log);
    await inBatches('teams', league.teams, (b) => trx.insertInto('teams').values(b).execute(), log);
    let loaded = 0;
    const writeBigTables = async () => {
      await inBatches('players', league.players, (b) => trx.insertInto('players').values(b).execute(), log);
      // Teams and players point at each other, so captains are set once both exist.
      await inBatches(
        'captains',
        league.captains,
        (b) =>
          sql`
            UPDATE teams SET captain_id = captains.captain_id
            FROM (VALUES ${sql.join(b.map((c) => sql`(${c.teamId}::uuid, ${c.captainId}::uuid)`))}) AS captains (team_id, captain_id)
            WHERE teams.id = captains.team_id
          `.execute(trx),
        log,
      );
      await inBatches('player_seasons', league.playerSeasons, (b) => trx.insertInto('player_seasons').values(b).execute(), log);
      await inBatches('player_elo_history', league.playerEloHistory, (b) => trx.insertInto('player_elo_history').values(b).execute(), log);
      await inBatches('participants', league.participants, (b) => trx.insertInto('participants').values(b).execute(), log);
      await inBatches('matches', league.matches, (b) => trx.insertInto('matches').values(b).execute(), log);
      await inBatches('rankings', league.rankings, (b) => trx.insertInto('rankings').values(b).execute(), log);
      await inBatches('ranking_items', league.rankingItems, (b) => trx.insertInto('ranking_items').values(b).execute(), log);
      loaded = Date.now();
    };
    if (!bulk) return writeBigTables();
    await withDeferredIndexes(trx, BULK_TABLES, writeBigTables);
    log?.(`  indexes and foreign keys rebuilt in ${((Date.now() - loaded) / 1000).toFixed(1)} s`);
  });
  return {
    seasons: league.seasons.length,
    competitions: league.competitions.length,
    teams: league.teams.length,
    players: league.players.length,
    playerSeasons: league.playerSeasons.length,
    playerEloHistory: league.playerEloHistory.length,
    participants: league.participants.length,
    matches: league.matches.length,
    rankings: league.rankings.length,
    rankingItems: league.rankingItems.length,
    media: league.media.length,
  };
}
