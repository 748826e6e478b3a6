import {
  divisionLine,
  type DivisionLine,
  type ForfeitRule,
  type MatchStakes,
  type StandingsDivision,
  type StandingsOutput,
  type StandingsStakesOutput,
  type TeamChances,
  type TeamStandingOutput,
  type Tiebreaker,
} from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import {
  chancesInputKey,
  computeStandings,
  resultFromScores,
  type ChancesInput,
  type CompletedResult,
  type RemainingMatch,
  type StandingsRule,
} from '@campus-elo/domain';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { findCurrentSeason } from '../seasons/queries';

type Db = Kysely<Database>;

export interface DivisionTeam {
  id: string;
  name: string;
  picture: string | null;
  elo: number;
}

/** What the job stored for a division (features/standings/chances.ts). */
export interface StoredChances {
  inputKey: string;
  computedAt: Date;
  teams: { team_id: string; lines: Record<string, number>; places: number[] }[];
  stakesLine: string | null;
  stakes: { match_id: string; team1: { now: number; win: number; loss: number }; team2: { now: number; win: number; loss: number } }[];
}

/** A division with everything its standings and chances are computed from. */
export interface DivisionData {
  id: string;
  seasonId: string;
  name: string;
  order: number;
  rule: StandingsRule;
  lines: DivisionLine[];
  sourceCompetitionId: string | null;
  teams: DivisionTeam[];
  results: CompletedResult[];
  remaining: RemainingMatch[];
  stored: StoredChances | null;
}

const storedLines = z.array(divisionLine);

/** The inputs of the simulation, as the domain takes them. */
export function chancesInput(division: DivisionData): ChancesInput {
  return { teams: division.teams, results: division.results, remaining: division.remaining, rule: division.rule, lines: division.lines };
}

const NO_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The four statements behind a season's divisions (or the given ones of it), each on its own
 * so they run side by side and the bench can time each: the divisions, their teams, their
 * matches (driven from each division team's matches as team 1, matches_team1_idx, the other
 * side in the same division), and the stored chances.
 */
export function divisionStatements(db: Db, seasonId: string, divisionIds: readonly string[] | null) {
  const only = divisionIds ? (divisionIds.length > 0 ? [...divisionIds] : [NO_ID]) : null;
  let divisions = db
    .selectFrom('divisions')
    .select(['id', 'season_id', 'name', 'position', 'points_win', 'points_loss', 'tiebreakers', 'forfeits', 'lines', 'source_competition_id'])
    .where('season_id', '=', seasonId)
    .orderBy('position')
    .orderBy('name')
    .orderBy('id');
  let teams = db
    .selectFrom('division_teams as dt')
    .innerJoin('teams as t', 't.id', 'dt.team_id')
    .select(['dt.division_id', 't.id', 't.name', 't.picture', 't.elo'])
    .where('dt.season_id', '=', seasonId)
    .orderBy('t.name')
    .orderBy('t.id');
  let chances = db
    .selectFrom('division_chances as c')
    .innerJoin('divisions as d', 'd.id', 'c.division_id')
    .select(['c.division_id', 'c.input_key', 'c.computed_at', 'c.teams', 'c.stakes_line', 'c.stakes'])
    .where('d.season_id', '=', seasonId);
  if (only) {
    divisions = divisions.where('id', 'in', only);
    teams = teams.where('dt.division_id', 'in', only);
    chances = chances.where('c.division_id', 'in', only);
  }
  const matches = sql<{
    division_id: string;
    id: string;
    team1_id: string;
    team2_id: string;
    winner_id: string | null;
    score_team1: number | null;
    score_team2: number | null;
    forfeit: boolean;
    status: string;
    rounds1: number | null;
    rounds2: number | null;
  }>`
    SELECT a.division_id, m.id, m.team1_id, m.team2_id, m.winner_id, m.score_team1, m.score_team2, m.forfeit, m.status, mm.rounds1, mm.rounds2
    FROM division_teams a
    JOIN matches m ON m.team1_id = a.team_id AND m.season_id = a.season_id AND m.status IN ('completed', 'scheduled', 'in_progress')
    JOIN division_teams b ON b.season_id = a.season_id AND b.team_id = m.team2_id AND b.division_id = a.division_id
    LEFT JOIN LATERAL (
      SELECT sum(x.score_team1)::int AS rounds1, sum(x.score_team2)::int AS rounds2 FROM match_maps x WHERE x.match_id = m.id AND m.status = 'completed'
    ) mm ON true
    WHERE a.season_id = ${seasonId} ${only ? sql`AND a.division_id = ANY(${only}::uuid[])` : sql``}
    ORDER BY m.date NULLS LAST, m.id
  `;
  return { divisions, teams, matches, chances };
}

/** A season's divisions (or the given ones of it) with everything their standings and chances need. A division match is one of the season whose two teams are in the same division. */
export async function loadDivisions(db: Db, seasonId: string, divisionIds: readonly string[] | null): Promise<DivisionData[]> {
  const statements = divisionStatements(db, seasonId, divisionIds);
  const [divisionRows, teamRows, matchRows, storedRows] = await Promise.all([
    statements.divisions.execute(),
    statements.teams.execute(),
    statements.matches.execute(db).then((r) => r.rows),
    statements.chances.execute(),
  ]);
  return divisionRows.map((row): DivisionData => {
    const results: CompletedResult[] = [];
    const remaining: RemainingMatch[] = [];
    for (const match of matchRows) {
      if (match.division_id !== row.id) continue;
      if (match.status !== 'completed') {
        remaining.push({ id: match.id, team1Id: match.team1_id, team2Id: match.team2_id });
        continue;
      }
      // A completed match with no winner (none recorded) counts for nobody.
      if (match.winner_id !== match.team1_id && match.winner_id !== match.team2_id) continue;
      results.push(
        resultFromScores({
          team1Id: match.team1_id,
          team2Id: match.team2_id,
          winner: match.winner_id === match.team1_id ? 1 : 2,
          score1: match.score_team1,
          score2: match.score_team2,
          mapRounds: match.rounds1 === null || match.rounds2 === null ? [] : [[match.rounds1, match.rounds2]],
          forfeit: match.forfeit,
        }),
      );
    }
    const stored = storedRows.find((s) => s.division_id === row.id);
    return {
      id: row.id,
      seasonId: row.season_id,
      name: row.name,
      order: row.position,
      rule: { pointsWin: row.points_win, pointsLoss: row.points_loss, tiebreakers: row.tiebreakers as Tiebreaker[], forfeits: row.forfeits as ForfeitRule },
      lines: storedLines.parse(row.lines).sort((a, b) => a.place - b.place),
      sourceCompetitionId: row.source_competition_id,
      teams: teamRows.filter((t) => t.division_id === row.id).map((t) => ({ id: t.id, name: t.name, picture: t.picture, elo: t.elo })),
      results,
      remaining,
      stored: stored
        ? { inputKey: stored.input_key, computedAt: stored.computed_at, teams: stored.teams as StoredChances['teams'], stakesLine: stored.stakes_line, stakes: stored.stakes as StoredChances['stakes'] }
        : null,
    };
  });
}

/** One division's table as the contract answers it. */
export function standingsOfDivision(division: DivisionData): StandingsDivision {
  const lines = computeStandings(division.teams, division.results, division.rule);
  const byId = new Map(division.teams.map((t) => [t.id, t]));
  const chancesByTeam = new Map<string, TeamChances>((division.stored?.teams ?? []).map((t) => [t.team_id, { lines: t.lines, places: t.places }]));
  return {
    id: division.id,
    name: division.name,
    order: division.order,
    lines: division.lines,
    tiebreakers: [...division.rule.tiebreakers],
    points_win: division.rule.pointsWin,
    points_loss: division.rule.pointsLoss,
    remaining: division.remaining.length,
    chances_updated_at: division.stored?.computedAt.toISOString() ?? null,
    chances_current: division.stored !== null && division.stored.inputKey === chancesInputKey(chancesInput(division)),
    rows: lines.map((line) => {
      const team = byId.get(line.teamId) as DivisionTeam;
      return {
        place: line.place,
        team: { id: team.id, name: team.name, picture: team.picture },
        played: line.played,
        wins: line.wins,
        losses: line.losses,
        points: line.points,
        map_diff: line.mapDiff,
        round_diff: line.roundDiff,
        form: line.form,
        elo: team.elo,
        tiebreak: line.tiebreak,
        chances: chancesByTeam.get(team.id) ?? null,
      };
    }),
  };
}

async function resolveSeason(db: Db, seasonId: string | undefined, currentSeasonId: string | undefined) {
  if (seasonId) {
    const season = await db.selectFrom('seasons').select(['id', 'name']).where('id', '=', seasonId).executeTakeFirst();
    if (!season) throw notFound('Season not found');
    return season;
  }
  const current = await findCurrentSeason(db, currentSeasonId);
  return current ? { id: current.id, name: current.name } : null;
}

/** GET /v1/public/standings. */
export async function getStandings(db: Db, input: { season_id?: string; division_id?: string }, currentSeasonId: string | undefined): Promise<StandingsOutput> {
  let seasonId = input.season_id;
  if (input.division_id) {
    const division = await db.selectFrom('divisions').select('season_id').where('id', '=', input.division_id).executeTakeFirst();
    if (!division || (seasonId && division.season_id !== seasonId)) throw notFound('Division not found');
    seasonId = division.season_id;
  }
  const season = await resolveSeason(db, seasonId, currentSeasonId);
  if (!season) return { season: null, divisions: [] };
  const divisions = await loadDivisions(db, season.id, input.division_id ? [input.division_id] : null);
  return { season, divisions: divisions.map(standingsOfDivision) };
}

/** GET /v1/public/teams/{id}/standing: null when the team is in no division of the season. */
export async function getTeamStanding(db: Db, input: { id: string; season_id?: string }, currentSeasonId: string | undefined): Promise<TeamStandingOutput> {
  const team = await db.selectFrom('teams').select('id').where('id', '=', input.id).executeTakeFirst();
  if (!team) throw notFound('Team not found');
  const season = await resolveSeason(db, input.season_id, currentSeasonId);
  if (!season) return null;
  const place = await db.selectFrom('division_teams').select('division_id').where('season_id', '=', season.id).where('team_id', '=', input.id).executeTakeFirst();
  if (!place) return null;
  const [division] = await loadDivisions(db, season.id, [place.division_id]);
  if (!division) return null;
  const table = standingsOfDivision(division);
  const row = table.rows.find((r) => r.team.id === input.id);
  if (!row) return null;
  return {
    season,
    division: { id: division.id, name: division.name },
    place: row.place,
    of: table.rows.length,
    points: row.points,
    wins: row.wins,
    losses: row.losses,
    tiebreak: row.tiebreak,
    lines: division.lines,
    chances: row.chances,
  };
}

/**
 * GET /v1/public/standings/stakes: the stored stakes of the given remaining division
 * matches. Matches outside divisions, played, or of a division without a qualify line or
 * stored chances are left out.
 */
export async function getStakes(db: Db, matchIds: readonly string[]): Promise<StandingsStakesOutput> {
  const rows = await db
    .selectFrom('matches as m')
    .innerJoin('division_teams as a', (join) => join.onRef('a.team_id', '=', 'm.team1_id').onRef('a.season_id', '=', 'm.season_id'))
    .innerJoin('division_teams as b', (join) => join.onRef('b.team_id', '=', 'm.team2_id').onRef('b.season_id', '=', 'm.season_id').onRef('b.division_id', '=', 'a.division_id'))
    .innerJoin('divisions as d', 'd.id', 'a.division_id')
    .innerJoin('division_chances as c', 'c.division_id', 'a.division_id')
    .innerJoin('teams as t1', 't1.id', 'm.team1_id')
    .innerJoin('teams as t2', 't2.id', 'm.team2_id')
    .select([
      'm.id',
      'd.id as division_id',
      'd.name as division_name',
      'c.stakes_line',
      // Only this match's entry of the division's stakes.
      sql<StoredChances['stakes'][number] | null>`(SELECT s FROM jsonb_array_elements(c.stakes) s WHERE s->>'match_id' = m.id::text LIMIT 1)`.as('stake'),
      't1.id as team1_id',
      't1.name as team1_name',
      't1.picture as team1_picture',
      't2.id as team2_id',
      't2.name as team2_name',
      't2.picture as team2_picture',
    ])
    .where('m.id', 'in', [...matchIds])
    .where('m.status', 'in', ['scheduled', 'in_progress'])
    .orderBy('m.date')
    .orderBy('m.id')
    .execute();
  const results: MatchStakes[] = [];
  for (const row of rows) {
    if (!row.stake || row.stakes_line === null) continue;
    results.push({
      match_id: row.id,
      division: { id: row.division_id, name: row.division_name },
      line: row.stakes_line,
      team1: { team: { id: row.team1_id, name: row.team1_name, picture: row.team1_picture }, ...row.stake.team1 },
      team2: { team: { id: row.team2_id, name: row.team2_name, picture: row.team2_picture }, ...row.stake.team2 },
    });
  }
  return { results };
}
