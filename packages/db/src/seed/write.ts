import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import { columnTypes, insertByColumns, withDeferredIndexes, withMatchStatsTotalsAtEnd } from './bulk-load';
import type { LeagueRows } from './league';
import type { MatchDetailsRows } from './match-details';

export interface SeedSummary {
  seasons: number;
  competitions: number;
  teams: number;
  players: number;
  playerSeasons: number;
  playerEloHistory: number;
  participants: number;
  matches: number;
  matchMaps: number;
  matchVetoes: number;
  matchMapPlayers: number;
  rankings: number;
  rankingItems: number;
  media: number;
}

/** Rows per INSERT, and a ceiling under PostgreSQL's 65,535 bind parameters per statement. */
const ROWS_PER_STATEMENT = 1000;
const MAX_PARAMETERS = 60_000;
/** Big tables report progress every this many rows. */
const PROGRESS_EVERY = 50_000;
/** Player lines come by the million at scale: progress every this many. */
const DETAIL_PROGRESS_EVERY = 500_000;

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
const BULK_TABLES = ['players', 'player_seasons', 'player_elo_history', 'participants', 'matches', 'match_maps', 'match_vetoes', 'match_map_players', 'ranking_items'];

export interface WriteOptions {
  log?: Log;
  /** Defer the big tables' indexes and foreign keys, and the match statistics totals, to the end (for an empty database, at scale). */
  bulk?: boolean;
}

type DetailCounts = Pick<SeedSummary, 'matchMaps' | 'matchVetoes' | 'matchMapPlayers'>;

/**
 * Writes the matches' details batch by batch (maps, then vetoes, then lines), so only one batch
 * is in memory. The next batch is built while PostgreSQL writes the lines of the one before:
 * building them is most of the seed's own work at scale.
 */
async function writeMatchDetails(trx: Kysely<Database>, batches: Iterable<MatchDetailsRows>, log: Log | undefined): Promise<DetailCounts> {
  const counts: DetailCounts = { matchMaps: 0, matchVetoes: 0, matchMapPlayers: 0 };
  const started = Date.now();
  const mapTypes = await columnTypes(trx, 'match_maps');
  const vetoTypes = await columnTypes(trx, 'match_vetoes');
  const lineTypes = await columnTypes(trx, 'match_map_players');
  let linesWritten: Promise<void> = Promise.resolve();
  let nextReport = DETAIL_PROGRESS_EVERY;
  for (const batch of batches) {
    await linesWritten;
    await insertByColumns(trx, 'match_maps', mapTypes, batch.maps);
    await insertByColumns(trx, 'match_vetoes', vetoTypes, batch.vetoes);
    linesWritten = insertByColumns(trx, 'match_map_players', lineTypes, batch.lines);
    // Awaited before the next batch or at the end; this only keeps a failure from going unhandled meanwhile.
    linesWritten.catch(() => undefined);
    // One turn of the event loop sends the statement before the next batch takes the thread.
    await new Promise((resolve) => setImmediate(resolve));
    counts.matchMaps += batch.maps.length;
    counts.matchVetoes += batch.vetoes.length;
    counts.matchMapPlayers += batch.lines.length;
    if (log && counts.matchMapPlayers >= nextReport) {
      log(`  match details: ${counts.matchMapPlayers.toLocaleString('en-US')} player lines so far`);
      nextReport += DETAIL_PROGRESS_EVERY;
    }
  }
  await linesWritten;
  log?.(
    `  match details: ${counts.matchMaps.toLocaleString('en-US')} maps, ${counts.matchVetoes.toLocaleString('en-US')} veto steps, ` +
      `${counts.matchMapPlayers.toLocaleString('en-US')} player lines in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return counts;
}

/** Writes one league's rows in foreign-key order; without `shared`, leaves out those the first part of a league wrote for all. */
async function writeRows(trx: Kysely<Database>, league: LeagueRows, shared: boolean, log: Log | undefined): Promise<DetailCounts> {
  if (shared) {
    await inBatches('seasons', league.seasons, (b) => trx.insertInto('seasons').values(b).execute(), log);
    await inBatches('competitions', league.competitions, (b) => trx.insertInto('competitions').values(b).execute(), log);
    await inBatches('media', league.media, (b) => trx.insertInto('media').values(b).execute(), log);
  }
  await inBatches('teams', league.teams, (b) => trx.insertInto('teams').values(b).execute(), log);
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
  await inBatches('match_elo', league.matchElo, (b) => trx.insertInto('match_elo').values(b).execute(), log);
  const details = await writeMatchDetails(trx, league.matchDetails, log);
  if (shared) await inBatches('rankings', league.rankings, (b) => trx.insertInto('rankings').values(b).execute(), log);
  await inBatches('ranking_items', league.rankingItems, (b) => trx.insertInto('ranking_items').values(b).execute(), log);
  return details;
}

/**
 * Ranks the lines of every snapshot again across the whole league, as weeklySnapshots ranks
 * one part's: Elo descending, ties by name in code-unit order.
 */
async function rankSnapshotLinesAcrossParts(trx: Kysely<Database>): Promise<void> {
  await sql`
    UPDATE ranking_items AS r SET rank = ranked.rank
    FROM (
      SELECT i.id, row_number() OVER (PARTITION BY i.ranking_id ORDER BY i.elo DESC, t.name COLLATE "C") AS rank
      FROM ranking_items i JOIN teams t ON t.id = i.team_id
    ) AS ranked
    WHERE r.id = ranked.id AND r.rank <> ranked.rank
  `.execute(trx);
}

/**
 * Writes a built league in one transaction with multi-row inserts, in foreign-key order:
 * a failure leaves the database as it was.
 */
export async function writeLeague(db: Kysely<Database>, league: LeagueRows, options: WriteOptions = {}): Promise<SeedSummary> {
  return writeLeagueInParts(db, [league], options);
}

/**
 * Writes a league built part by part (buildLeague's `part`), like writeLeague, taking one part
 * at a time from `parts` so only that part is in memory. The first part writes the rows all
 * share (seasons, competitions, shared logos, snapshots); the others point their snapshot
 * lines at its snapshots, and the lines are ranked across the parts at the end.
 */
export async function writeLeagueInParts(db: Kysely<Database>, parts: Iterable<LeagueRows>, options: WriteOptions = {}): Promise<SeedSummary> {
  const { log, bulk = false } = options;
  const summary: SeedSummary = {
    seasons: 0,
    competitions: 0,
    teams: 0,
    players: 0,
    playerSeasons: 0,
    playerEloHistory: 0,
    participants: 0,
    matches: 0,
    matchMaps: 0,
    matchVetoes: 0,
    matchMapPlayers: 0,
    rankings: 0,
    rankingItems: 0,
    media: 0,
  };
  await inTransaction(db, async (trx) => {
    let loaded = 0;
    const writeParts = async () => {
      const snapshotIds = new Map<string, string>();
      const snapshotKey = (ranking: { season_id: string; date: string | Date }) => `${ranking.season_id} ${new Date(ranking.date).getTime()}`;
      let count = 0;
      for (const part of parts) {
        const first = count === 0;
        count += 1;
        if (first) for (const ranking of part.rankings) snapshotIds.set(snapshotKey(ranking), ranking.id as string);
        else {
          const ownIds = new Map(part.rankings.map((ranking) => [ranking.id as string, snapshotIds.get(snapshotKey(ranking))]));
          for (const item of part.rankingItems) item.ranking_id = ownIds.get(item.ranking_id) as string;
        }
        const details = await writeRows(trx, part, first, log);
        addToSummary(summary, part, first, details);
      }
      if (count > 1) await rankSnapshotLinesAcrossParts(trx);
      loaded = Date.now();
    };
    if (!bulk) return writeParts();
    await withMatchStatsTotalsAtEnd(trx, async () => {
      await withDeferredIndexes(trx, BULK_TABLES, writeParts);
      log?.(`  indexes and foreign keys rebuilt in ${((Date.now() - loaded) / 1000).toFixed(1)} s`);
      loaded = Date.now();
    });
    log?.(`  match statistics totals computed in ${((Date.now() - loaded) / 1000).toFixed(1)} s`);
  });
  return summary;
}

function addToSummary(summary: SeedSummary, league: LeagueRows, shared: boolean, details: DetailCounts): void {
  if (shared) {
    summary.seasons += league.seasons.length;
    summary.competitions += league.competitions.length;
    summary.media += league.media.length;
    summary.rankings += league.rankings.length;
  }
  summary.teams += league.teams.length;
  summary.players += league.players.length;
  summary.playerSeasons += league.playerSeasons.length;
  summary.playerEloHistory += league.playerEloHistory.length;
  summary.participants += league.participants.length;
  summary.matches += league.matches.length;
  summary.matchMaps += details.matchMaps;
  summary.matchVetoes += details.matchVetoes;
  summary.matchMapPlayers += details.matchMapPlayers;
  summary.rankingItems += league.rankingItems.length;
}
