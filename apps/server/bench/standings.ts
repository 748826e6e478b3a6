import type { Database } from '@campus-elo/db';
import { createRandom, DEFAULT_SIMULATION_RUNS, simulateChances, TIEBREAKERS, type ChancesInput, type CompletedResult, type RemainingMatch } from '@campus-elo/domain';
import { sql, type Kysely } from 'kysely';
import { refreshDivisionChances } from '../src/features/standings/chances';

const BENCH_DIVISIONS = 5;
const TEAMS_PER_DIVISION = 12;

/**
 * Groups of teams that played each other most in the season, as a league's divisions do: each
 * group starts from the busiest team left and takes, one at a time, the team left with the
 * most matches against the group so far.
 */
async function denseGroups(db: Kysely<Database>, seasonId: string): Promise<string[][]> {
  const pairs = await db.selectFrom('matches').select(['team1_id', 'team2_id']).where('season_id', '=', seasonId).execute();
  const opponents = new Map<string, Map<string, number>>();
  const add = (a: string, b: string) => {
    const of = opponents.get(a) ?? new Map<string, number>();
    of.set(b, (of.get(b) ?? 0) + 1);
    opponents.set(a, of);
  };
  for (const { team1_id, team2_id } of pairs) {
    add(team1_id, team2_id);
    add(team2_id, team1_id);
  }
  const left = new Set(opponents.keys());
  const busiest = () => [...left].sort((a, b) => (opponents.get(b)?.size ?? 0) - (opponents.get(a)?.size ?? 0) || (a < b ? -1 : 1))[0];
  const groups: string[][] = [];
  for (let g = 0; g < BENCH_DIVISIONS; g++) {
    const first = busiest();
    if (!first) break;
    const group = [first];
    left.delete(first);
    const ties = new Map<string, number>();
    while (group.length < TEAMS_PER_DIVISION && left.size > 0) {
      for (const [opponent, n] of opponents.get(group[group.length - 1] as string) ?? []) if (left.has(opponent)) ties.set(opponent, (ties.get(opponent) ?? 0) + n);
      let next: string | undefined;
      let most = -1;
      for (const [team, n] of ties) if (left.has(team) && n > most) [next, most] = [team, n];
      next ??= busiest();
      if (!next) break;
      group.push(next);
      left.delete(next);
    }
    groups.push(group);
  }
  return groups;
}

/**
 * The scale league has no divisions: the bench gives its current season five of twelve teams
 * that played each other (denseGroups), with a playoff and a relegation line, and simulates
 * their chances once, so the standings path reads a 60-team season. A season that already has
 * divisions is left as it is (delete the bench's to redraw them).
 */
export async function ensureBenchDivisions(db: Kysely<Database>, seasonId: string, log: (line: string) => void): Promise<void> {
  const existing = await db.selectFrom('divisions').select('id').where('season_id', '=', seasonId).limit(1).executeTakeFirst();
  if (existing) return;
  const groups = await denseGroups(db, seasonId);
  await db.transaction().execute(async (trx) => {
    for (const [index, group] of groups.entries()) {
      const { id } = await trx
        .insertInto('divisions')
        .values({
          season_id: seasonId,
          name: `Bench Division ${index + 1}`,
          position: index + 1,
          tiebreakers: ['head_to_head', 'map_diff', 'round_diff', 'buchholz', 'elo'],
          lines: JSON.stringify([
            { place: 4, label: 'Playoffs', kind: 'qualify' },
            { place: TEAMS_PER_DIVISION - 1, label: 'Relegation', kind: 'relegate' },
          ]),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('division_teams').values(group.map((teamId) => ({ season_id: seasonId, team_id: teamId, division_id: id }))).execute();
    }
  });
  await sql`ANALYZE divisions, division_teams`.execute(db);
  const started = performance.now();
  const result = await refreshDivisionChances(db);
  log(`Standings: ${BENCH_DIVISIONS} divisions of ${TEAMS_PER_DIVISION} teams in the current season; chances job ${Math.round(performance.now() - started)} ms (${result.simulated} simulated)`);
}

const SIMULATION_TIMINGS = 7;

/**
 * The simulation alone: 10,000 runs of a 12-team division with 30 remaining matches (and 36
 * played), every tiebreaker on, as the median of SIMULATION_TIMINGS timings after one warm-up.
 */
export function simulationMs(log: (line: string) => void): number {
  const random = createRandom('bench-simulation');
  const teams = Array.from({ length: TEAMS_PER_DIVISION }, (_, i) => ({ id: `team-${i}`, elo: 800 + random.int(0, 700) }));
  const pairs: [number, number][] = [];
  for (let a = 0; a < teams.length; a++) for (let b = a + 1; b < teams.length; b++) pairs.push([a, b]);
  const shuffled = random.shuffled(pairs);
  const results: CompletedResult[] = shuffled.slice(0, 36).map(([a, b]) => {
    const winner = random.chance(0.5) ? 1 : 2;
    const loserMaps = random.int(0, 1);
    return { team1Id: `team-${a}`, team2Id: `team-${b}`, winner, maps1: winner === 1 ? 2 : loserMaps, maps2: winner === 2 ? 2 : loserMaps, rounds1: random.int(10, 30), rounds2: random.int(10, 30), forfeit: false };
  });
  const remaining: RemainingMatch[] = shuffled.slice(36, 66).map(([a, b], i) => ({ id: `m-${i}`, team1Id: `team-${a}`, team2Id: `team-${b}` }));
  const input: ChancesInput = {
    teams,
    results,
    remaining,
    rule: { pointsWin: 1, pointsLoss: 0, tiebreakers: [...TIEBREAKERS], forfeits: 'count' },
    lines: [
      { place: 4, label: 'Playoffs', kind: 'qualify' },
      { place: 11, label: 'Relegation', kind: 'relegate' },
    ],
  };
  const times: number[] = [];
  for (let run = 0; run <= SIMULATION_TIMINGS; run++) {
    const started = performance.now();
    simulateChances(input, { runs: DEFAULT_SIMULATION_RUNS, seed: run });
    if (run > 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = Math.round((times[Math.floor(times.length / 2)] as number) * 10) / 10;
  log(`\nPlayoff-chance simulation: ${DEFAULT_SIMULATION_RUNS.toLocaleString('en-US')} runs, ${TEAMS_PER_DIVISION} teams, ${remaining.length} remaining matches: ${median} ms (median of ${SIMULATION_TIMINGS}; budget 200 ms)`);
  return median;
}
