import { matchDetailsInput, type MatchDetails, type MatchDetailsInput } from '@campus-elo/api-contract';
import { LINE_COUNT_COLUMNS, type Database, type MatchMapPlayers, type MatchMaps, type MatchVetoes } from '@campus-elo/db';
import { mapDetailsProblems, mapRounds, mapWinnerSide } from '@campus-elo/domain';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { invalid, notFound, type FieldIssue } from '../../lib/errors';

/*
 * The one writer of a match's maps, veto and player lines (decision 0090): the staff's PUT and
 * the platforms' import and sync all come through here. Everything is checked before the first
 * write, and the old rows are replaced in one transaction, so the trigger-kept totals never see
 * half a match. Hand-entered details ('manual') are never replaced by a platform's.
 */

export type MatchDetailsSource = 'faceit' | 'leaguespot' | 'manual';
type Db = Kysely<Database> | Transaction<Database>;

interface MatchForDetails {
  id: string;
  score_team1: number | null;
  score_team2: number | null;
}

/** The rows a replacement writes, in the order the reads sort them. */
interface DetailRows {
  maps: Insertable<MatchMaps>[];
  vetoes: Insertable<MatchVetoes>[];
  lines: Insertable<MatchMapPlayers>[];
}

/**
 * Writes a platform's details of a match (FACEIT import and sync, Leaguespot) in one
 * transaction (the caller's, when given one): 'kept_manual' when staff entered the match's
 * maps by hand, 'unchanged' when the stored details already equal these (nothing is written,
 * so a repeated sync costs no cache invalidation), else 'written'. Players are linked by
 * `platform_player_id` (FACEIT or Steam id). Throws a DomainError: not_found for an unknown
 * match, invalid (with field issues) for details that break the rules; nothing is written then.
 */
export function replacePlatformMatchDetails(
  db: Db,
  matchId: string,
  details: MatchDetailsInput,
  source: 'faceit' | 'leaguespot',
): Promise<'written' | 'kept_manual' | 'unchanged'> {
  return inTransaction(db, async (trx) => {
    const match = await lockMatch(trx, matchId);
    const manual = await trx.selectFrom('match_maps').select('number').where('match_id', '=', matchId).where('source', '=', 'manual').limit(1).executeTakeFirst();
    if (manual) return 'kept_manual';
    const rows = await planDetailRows(trx, match, parseDetails(details), source);
    if (sameRows(await storedRows(trx, matchId), rows)) return 'unchanged';
    await writeRows(trx, matchId, rows);
    return 'written';
  });
}

/** What a replacement changed, for the audit row. */
export interface DetailsReplaced {
  before: { maps: string[]; vetoes: number; lines: number };
  after: { maps: string[]; vetoes: number; lines: number };
}

/** Staff's hand-entered details (source 'manual'), in the caller's transaction; the match must exist. */
export async function replaceManualMatchDetails(trx: Transaction<Database>, matchId: string, details: MatchDetails): Promise<DetailsReplaced> {
  const match = await lockMatch(trx, matchId);
  const rows = await planDetailRows(trx, match, details, 'manual');
  const before = await storedRows(trx, matchId);
  await writeRows(trx, matchId, rows);
  const summary = (stored: DetailRows) => ({ maps: stored.maps.map((map) => map.map), vetoes: stored.vetoes.length, lines: stored.lines.length });
  return { before: summary(before), after: summary(rows) };
}

function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

/** The match, locked so two writers of one match's details take turns. */
async function lockMatch(trx: Transaction<Database>, matchId: string): Promise<MatchForDetails> {
  const match = await trx.selectFrom('matches').select(['id', 'score_team1', 'score_team2']).where('id', '=', matchId).forUpdate().executeTakeFirst();
  if (!match) throw notFound('Match not found');
  return match;
}

function parseDetails(details: MatchDetailsInput): MatchDetails {
  const parsed = matchDetailsInput.safeParse(details);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)), message: issue.message }));
  throw invalid(`Invalid ${issues[0]!.path.join('.')}: ${issues[0]!.message}`, issues);
}

/** 'maps.0.players.3.kills' -> ['maps', 0, 'players', 3, 'kills'] */
const pathOf = (field: string): (string | number)[] => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** Links each line to our player, checks every rule, and answers the rows to write; throws invalid before any write. */
async function planDetailRows(trx: Transaction<Database>, match: MatchForDetails, details: MatchDetails, source: MatchDetailsSource): Promise<DetailRows> {
  const playerIds = await linkPlayers(trx, details);
  const problems = mapDetailsProblems({
    match: { score_team1: match.score_team1, score_team2: match.score_team2 },
    maps: details.maps.map((map, mapIndex) => ({
      ...map,
      players: map.players.map(({ side, nickname, player_id: _given, platform_player_id: _platform, ...counts }, lineIndex) => ({
        side,
        nickname,
        player_id: playerIds[mapIndex]![lineIndex]!,
        counts,
      })),
    })),
    vetoes: details.vetoes,
  });
  if (problems.length > 0) {
    const issues: FieldIssue[] = problems.map((problem) => ({ path: pathOf(problem.field), message: problem.reason }));
    throw invalid(`${problems[0]!.field}: ${problems[0]!.reason}`, issues);
  }
  return {
    maps: details.maps.map((map, index) => ({
      match_id: match.id,
      number: index + 1,
      map: map.map,
      score_team1: map.score_team1,
      score_team2: map.score_team2,
      winner_side: mapWinnerSide(map),
      picked_by_side: map.picked_by_side,
      half1_team1: map.halves?.team1[0] ?? null,
      half2_team1: map.halves?.team1[1] ?? null,
      half1_team2: map.halves?.team2[0] ?? null,
      half2_team2: map.halves?.team2[1] ?? null,
      overtime_team1: map.overtime?.team1 ?? null,
      overtime_team2: map.overtime?.team2 ?? null,
      source,
    })),
    vetoes: details.vetoes.map((veto, index) => ({ match_id: match.id, step: index + 1, side: veto.side, action: veto.action, map: veto.map })),
    lines: details.maps
      .flatMap((map, mapIndex) =>
        map.players.map(({ side, nickname, platform_player_id, player_id: _given, ...counts }, lineIndex) => ({
          match_id: match.id,
          map_number: mapIndex + 1,
          side,
          player_id: playerIds[mapIndex]![lineIndex]!,
          nickname,
          platform_player_id,
          rounds: mapRounds(map),
          ...counts,
        })),
      )
      .sort(compareLines),
  };
}

const compareLines = (a: Insertable<MatchMapPlayers>, b: Insertable<MatchMapPlayers>) =>
  a.map_number - b.map_number || a.side - b.side || (a.nickname < b.nickname ? -1 : a.nickname > b.nickname ? 1 : 0);

/**
 * Our player of each line: the id given (which must exist: 400 otherwise), or the player whose
 * FACEIT or Steam id is the line's platform id, or none (the line keeps the nickname).
 */
async function linkPlayers(trx: Transaction<Database>, details: MatchDetails): Promise<(string | null)[][]> {
  const lines = details.maps.flatMap((map) => map.players);
  const given = [...new Set(lines.map((line) => line.player_id).filter((id) => id !== null))];
  const platformIds = [...new Set(lines.filter((line) => line.player_id === null).map((line) => line.platform_player_id).filter((id) => id !== null))];
  const known = given.length === 0 ? new Set<string>() : new Set((await trx.selectFrom('players').select('id').where('id', 'in', given).execute()).map((row) => row.id));
  const byPlatformId = new Map<string, string>();
  if (platformIds.length > 0) {
    const matches = await trx
      .selectFrom('players')
      .select(['id', 'faceit_id', 'steam_id'])
      .where((eb) => eb.or([eb('faceit_id', 'in', platformIds), eb('steam_id', 'in', platformIds)]))
      .orderBy('id')
      .execute();
    for (const player of matches) {
      for (const platformId of [player.faceit_id, player.steam_id]) {
        if (platformId !== null && !byPlatformId.has(platformId)) byPlatformId.set(platformId, player.id);
      }
    }
  }
  const unknown: FieldIssue[] = [];
  const linked = details.maps.map((map, mapIndex) =>
    map.players.map((line, lineIndex) => {
      if (line.player_id !== null) {
        if (!known.has(line.player_id)) unknown.push({ path: ['maps', mapIndex, 'players', lineIndex, 'player_id'], message: 'No player has this id.' });
        return line.player_id;
      }
      return line.platform_player_id === null ? null : (byPlatformId.get(line.platform_player_id) ?? null);
    }),
  );
  if (unknown.length > 0) throw invalid(`maps.${unknown[0]!.path[1]}.players.${unknown[0]!.path[3]}.player_id: No player has this id.`, unknown);
  return linked;
}

const MAP_COLUMNS = [
  'match_id',
  'number',
  'map',
  'score_team1',
  'score_team2',
  'winner_side',
  'picked_by_side',
  'half1_team1',
  'half2_team1',
  'half1_team2',
  'half2_team2',
  'overtime_team1',
  'overtime_team2',
  'source',
] as const;
const VETO_COLUMNS = ['match_id', 'step', 'side', 'action', 'map'] as const;
const LINE_COLUMNS = ['match_id', 'map_number', 'side', 'player_id', 'nickname', 'platform_player_id', 'rounds', 'kills', 'deaths', 'assists', ...LINE_COUNT_COLUMNS] as const;

async function storedRows(trx: Transaction<Database>, matchId: string): Promise<DetailRows> {
  const [maps, vetoes, lines] = await Promise.all([
    trx.selectFrom('match_maps').select(MAP_COLUMNS).where('match_id', '=', matchId).orderBy('number').execute(),
    trx.selectFrom('match_vetoes').select(VETO_COLUMNS).where('match_id', '=', matchId).orderBy('step').execute(),
    trx.selectFrom('match_map_players').select(LINE_COLUMNS).where('match_id', '=', matchId).execute(),
  ]);
  return { maps, vetoes, lines: lines.sort(compareLines) };
}

/** Equal column by column (the columns a replacement writes), in the order both are sorted. */
function sameRows(stored: DetailRows, planned: DetailRows): boolean {
  const same = <T extends object>(a: T[], b: T[], columns: readonly (keyof T)[]) =>
    a.length === b.length && a.every((row, index) => columns.every((column) => (row[column] ?? null) === (b[index]![column] ?? null)));
  return (
    same(stored.maps, planned.maps, MAP_COLUMNS) &&
    same(stored.vetoes, planned.vetoes, VETO_COLUMNS) &&
    same(stored.lines, planned.lines, LINE_COLUMNS)
  );
}

/** Old rows out, new rows in: one statement per table, so the totals triggers fold each in one pass. */
async function writeRows(trx: Transaction<Database>, matchId: string, rows: DetailRows): Promise<void> {
  await trx.deleteFrom('match_map_players').where('match_id', '=', matchId).execute();
  await trx.deleteFrom('match_vetoes').where('match_id', '=', matchId).execute();
  await trx.deleteFrom('match_maps').where('match_id', '=', matchId).execute();
  if (rows.maps.length > 0) await trx.insertInto('match_maps').values(rows.maps).execute();
  if (rows.vetoes.length > 0) await trx.insertInto('match_vetoes').values(rows.vetoes).execute();
  if (rows.lines.length > 0) await trx.insertInto('match_map_players').values(rows.lines).execute();
}
