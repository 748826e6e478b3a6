import type { Database } from '@campus-elo/db';
import { createRandom, DEFAULT_SIMULATION_RUNS, simulateChances, splitByElo, TIEBREAKERS, type ChancesInput, type CompletedResult, type RemainingMatch } from '@campus-elo/domain';
import { sql, type Kysely } from 'kysely';
import { refreshDivisionChances } from '../src/features/standings/chances';

const BENCH_DIVISIONS = 5;
const TEAMS_PER_DIVISION = 12;

/**
 * The scale league has no divisions: the bench gives its current season five of twelve teams
 * (the 60 teams with the most matches in it, split by Elo), with a playoff and a relegation
 * line, and simulates their chances once, so the standings path reads a 60-team season. A
 * season that already has divisions is left as it is.
 */
export async function ensureBenchDivisions(db: Kysely<Database>, seasonId: string, log: (line: string) => void): Promise<void> {
  const existing = await db.selectFrom('divisions').select('id').where('season_id', '=', seasonId).limit(1).executeTakeFirst();
  if (existing) return;
  const busiest = await sql<{ id: string; name: string; elo: number }>`
    SELECT t.id, t.name, t.elo
    FROM (SELECT team_id, count(*) AS n FROM (SELECT team1_id AS team_id FROM matches WHERE season_id = ${seasonId} UNION ALL SELECT team2_id FROM matches WHERE season_id = ${seasonId}) s GROUP BY team_id ORDER BY n DESC, team_id LIMIT ${BENCH_DIVISIONS * TEAMS_PER_DIVISION}) busy
    JOIN teams t ON t.id = busy.team_id
  `.execute(db);
  await db.transaction().execute(async (trx) => {
    const groups = splitByElo(busiest.rows, BENCH_DIVISIONS);
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
      if (group.length > 0) await trx.insertInto('division_teams').values(group.map((team) => ({ season_id: seasonId, team_id: team.id, division_id: id }))).execute();
    }
  });
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
