import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedScore } from './elo';
import {
  chancesInputKey,
  computeStandings,
  DEFAULT_STANDINGS_RULE,
  exactChances,
  resultFromScores,
  simulateChances,
  splitByElo,
  TIEBREAKERS,
  type ChancesInput,
  type CompletedResult,
  type StandingsRule,
  type StandingsTeam,
  type Tiebreaker,
} from './standings';

const team = (id: string, elo = 1000): StandingsTeam => ({ id, elo });
/** `a` beat `b` with these maps and rounds. */
const beat = (a: string, b: string, maps: [number, number] = [2, 0], rounds: [number, number] = [26, 10], forfeit = false): CompletedResult => ({
  team1Id: a,
  team2Id: b,
  winner: 1,
  maps1: maps[0],
  maps2: maps[1],
  rounds1: rounds[0],
  rounds2: rounds[1],
  forfeit,
});
const rule = (tiebreakers: Tiebreaker[], extra: Partial<StandingsRule> = {}): StandingsRule => ({ ...DEFAULT_STANDINGS_RULE, tiebreakers, ...extra });
const order = (lines: { teamId: string }[]) => lines.map((l) => l.teamId).join('');
const decider = (lines: { teamId: string; tiebreak: string | null }[]) => Object.fromEntries(lines.map((l) => [l.teamId, l.tiebreak]));

describe('standings', () => {
  it('counts played, wins, losses, points, map and round difference, and the form latest first', () => {
    const lines = computeStandings([team('A'), team('B')], [beat('A', 'B', [2, 1], [30, 25]), beat('B', 'A', [2, 0], [26, 20])], rule([], { pointsWin: 3, pointsLoss: 1 }));
    const a = lines.find((l) => l.teamId === 'A');
    expect(a).toMatchObject({ played: 2, wins: 1, losses: 1, points: 4, mapDiff: -1, roundDiff: -1, form: ['L', 'W'] });
  });

  it('breaks a tie by head-to-head before map difference', () => {
    // A and B both win twice; B beat A, though A has the better map difference.
    const results = [beat('B', 'A', [2, 1]), beat('A', 'C'), beat('A', 'D'), beat('C', 'B', [2, 1]), beat('B', 'D', [2, 1])];
    const lines = computeStandings([team('A'), team('B'), team('C'), team('D')], results, rule(['head_to_head', 'map_diff']));
    expect(order(lines).slice(0, 2)).toBe('BA');
    expect(decider(lines)).toMatchObject({ A: 'head_to_head', B: 'head_to_head' });
  });

  it('moves on when head-to-head is level (a three-way cycle)', () => {
    const results = [beat('A', 'B', [2, 0]), beat('B', 'C', [2, 1]), beat('C', 'A', [2, 1])];
    const lines = computeStandings([team('A'), team('B'), team('C')], results, rule(['head_to_head', 'map_diff']));
    // Map differences: A +2-1 = +1, B -2+1 = -1, C -1+1 = 0.
    expect(order(lines)).toBe('ACB');
    expect(Object.values(decider(lines))).toEqual(['map_diff', 'map_diff', 'map_diff']);
  });

  it('breaks a tie by map difference', () => {
    const lines = computeStandings([team('A'), team('B'), team('C'), team('D')], [beat('B', 'D', [2, 1]), beat('A', 'C', [2, 0])], rule(['map_diff']));
    expect(order(lines)).toBe('ABDC');
    expect(decider(lines)).toEqual({ A: 'map_diff', B: 'map_diff', C: 'map_diff', D: 'map_diff' });
  });

  it('breaks a tie by round difference when maps are level', () => {
    const results = [beat('A', 'C', [2, 0], [26, 20]), beat('B', 'D', [2, 0], [26, 10])];
    const lines = computeStandings([team('A'), team('B'), team('C'), team('D')], results, rule(['map_diff', 'round_diff']));
    expect(order(lines)).toBe('BACD');
    expect(decider(lines)).toMatchObject({ A: 'round_diff', B: 'round_diff' });
  });

  it("breaks a tie by Buchholz (the opponents' points), then by Elo", () => {
    // A, B and C have a win each; A's and C's opponents took 1 point, B's none.
    const results = [beat('A', 'C'), beat('B', 'D'), beat('C', 'D')];
    const lines = computeStandings([team('A', 1000), team('B', 1000), team('C', 1100), team('D')], results, rule(['buchholz', 'elo']));
    expect(order(lines)).toBe('CABD');
    expect(decider(lines)).toMatchObject({ A: 'elo', C: 'elo', B: 'buchholz', D: null });
  });

  it('breaks a tie by wins against the top half', () => {
    // B 2 wins; A and C 1 each: A's over B (top half), C's over D (bottom).
    const results = [beat('A', 'B'), beat('C', 'D'), beat('B', 'D'), beat('B', 'C')];
    const lines = computeStandings([team('A'), team('B'), team('C'), team('D')], results, rule(['wins_vs_top_half']));
    expect(order(lines)).toBe('BACD');
    expect(decider(lines)).toMatchObject({ B: null, A: 'wins_vs_top_half', C: 'wins_vs_top_half', D: null });
  });

  it('breaks a tie by Elo', () => {
    const lines = computeStandings([team('A', 900), team('B', 1200)], [], rule(['elo']));
    expect(order(lines)).toBe('BA');
    expect(decider(lines)).toEqual({ A: 'elo', B: 'elo' });
  });

  it('falls back to the given (name) order when every tiebreaker is level, and says so', () => {
    const lines = computeStandings([team('A'), team('B'), team('C')], [], rule([...TIEBREAKERS]));
    expect(order(lines)).toBe('ABC');
    expect(lines.map((l) => l.place)).toEqual([1, 2, 3]);
    expect(Object.values(decider(lines))).toEqual(['name', 'name', 'name']);
  });

  it('applies the tiebreakers in the order given', () => {
    // A: better maps, B: better Elo.
    const results = [beat('A', 'C', [2, 0]), beat('B', 'D', [2, 1])];
    const teams = [team('A', 1000), team('B', 1300), team('C'), team('D')];
    expect(order(computeStandings(teams, results, rule(['map_diff', 'elo']))).slice(0, 2)).toBe('AB');
    expect(order(computeStandings(teams, results, rule(['elo', 'map_diff']))).slice(0, 2)).toBe('BA');
  });

  it('counts forfeits as the setting says', () => {
    const results = [beat('A', 'B', [2, 0], [26, 0], true)];
    const teams = [team('A'), team('B')];
    expect(computeStandings(teams, results, rule([], { forfeits: 'count' }))[0]).toMatchObject({ teamId: 'A', wins: 1, mapDiff: 2, roundDiff: 26 });
    expect(computeStandings(teams, results, rule([], { forfeits: 'result_only' }))[0]).toMatchObject({ teamId: 'A', wins: 1, mapDiff: 0, roundDiff: 0 });
    expect(computeStandings(teams, results, rule([], { forfeits: 'ignore' })).map((l) => l.played)).toEqual([0, 0]);
  });

  it('reads maps and rounds from a series score or a single map score', () => {
    expect(resultFromScores({ team1Id: 'A', team2Id: 'B', winner: 1, score1: 2, score2: 1, mapRounds: [[13, 9], [10, 13], [13, 5]], forfeit: false })).toMatchObject({ maps1: 2, maps2: 1, rounds1: 36, rounds2: 27 });
    expect(resultFromScores({ team1Id: 'A', team2Id: 'B', winner: 2, score1: 11, score2: 13, mapRounds: [], forfeit: false })).toMatchObject({ maps1: 0, maps2: 1, rounds1: 11, rounds2: 13 });
    expect(resultFromScores({ team1Id: 'A', team2Id: 'B', winner: 1, score1: null, score2: null, mapRounds: [], forfeit: true })).toMatchObject({ maps1: 1, maps2: 0, rounds1: 0, rounds2: 0 });
  });
});

const fourTeams: ChancesInput = {
  teams: [team('A', 1200), team('B', 1100), team('C', 1000), team('D', 900)],
  results: [beat('A', 'D'), beat('C', 'B')],
  remaining: [
    { id: 'm1', team1Id: 'A', team2Id: 'B' },
    { id: 'm2', team1Id: 'C', team2Id: 'D' },
    { id: 'm3', team1Id: 'A', team2Id: 'C' },
    { id: 'm4', team1Id: 'B', team2Id: 'D' },
  ],
  rule: DEFAULT_STANDINGS_RULE,
  lines: [
    { place: 2, label: 'Playoffs', kind: 'qualify' },
    { place: 4, label: 'Relegation', kind: 'relegate' },
  ],
};

describe('playoff chances', () => {
  it('gives the same answer for the same seed', () => {
    expect(simulateChances(fourTeams, { runs: 2000, seed: 7 })).toEqual(simulateChances(fourTeams, { runs: 2000, seed: 7 }));
    expect(simulateChances(fourTeams, { runs: 2000, seed: 7 })).not.toEqual(simulateChances(fourTeams, { runs: 2000, seed: 8 }));
  });

  it('answers the standings themselves when nothing remains', () => {
    const done = { ...fourTeams, remaining: [] };
    const chances = simulateChances(done, { runs: 10, seed: 1 });
    const table = computeStandings(done.teams, done.results, done.rule);
    for (const line of table) {
      const places = chances.teams.find((t) => t.teamId === line.teamId)?.places ?? [];
      expect(places[line.place - 1]).toBe(1);
    }
    expect(chances.stakes).toEqual([]);
  });

  it('gives the Elo win chance itself when one match decides first place', () => {
    const oneMatch: ChancesInput = {
      teams: [team('A', 1200), team('B', 1000)],
      results: [],
      remaining: [{ id: 'final', team1Id: 'A', team2Id: 'B' }],
      rule: DEFAULT_STANDINGS_RULE,
      lines: [{ place: 1, label: 'Champion', kind: 'qualify' }],
    };
    const exact = exactChances(oneMatch);
    const p = expectedScore(1200, 1000);
    expect(exact.teams[0]?.places).toEqual([p, 1 - p]);
    expect(exact.teams[1]?.lines.Champion).toBeCloseTo(1 - p, 12);
    expect(exact.stakes[0]).toEqual({ matchId: 'final', team1: { teamId: 'A', now: p, win: 1, loss: 0 }, team2: { teamId: 'B', now: 1 - p, win: 1, loss: 0 } });
  });

  it('adds up: every team ends somewhere, every place has a team; bands are sums of places', () => {
    const chances = exactChances(fourTeams);
    for (const t of chances.teams) {
      expect(t.places.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      expect(t.lines.Playoffs).toBeCloseTo((t.places[0] ?? 0) + (t.places[1] ?? 0), 12);
      expect(t.lines.Relegation).toBeCloseTo(t.places[3] ?? 0, 12);
    }
    for (let p = 0; p < 4; p++) expect(chances.teams.reduce((sum, t) => sum + (t.places[p] ?? 0), 0)).toBeCloseTo(1, 12);
  });

  it("says what a match is worth: a win never lowers a team's chance", () => {
    const chances = exactChances(fourTeams);
    expect(chances.stakesLine).toBe('Playoffs');
    for (const stake of chances.stakes) {
      for (const side of [stake.team1, stake.team2]) {
        expect(side.win).toBeGreaterThanOrEqual(side.now - 1e-12);
        expect(side.loss).toBeLessThanOrEqual(side.now + 1e-12);
      }
    }
  });

  it('changes its key when a result, a remaining match or the rule changes', () => {
    const key = chancesInputKey(fourTeams);
    expect(chancesInputKey({ ...fourTeams })).toBe(key);
    expect(chancesInputKey({ ...fourTeams, remaining: fourTeams.remaining.slice(1) })).not.toBe(key);
    expect(chancesInputKey({ ...fourTeams, rule: rule(['elo']) })).not.toBe(key);
  });

  it('agrees with exact enumeration on small divisions (property)', () => {
    const ids = ['A', 'B', 'C', 'D'];
    const pair = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })).filter(([a, b]) => a !== b);
    const division = fc.record({
      elos: fc.array(fc.integer({ min: 700, max: 1500 }), { minLength: 4, maxLength: 4 }),
      played: fc.array(fc.tuple(pair, fc.integer({ min: 0, max: 2 })), { maxLength: 5 }),
      remaining: fc.array(pair, { minLength: 1, maxLength: 6 }),
      tiebreakers: fc.shuffledSubarray([...TIEBREAKERS]),
      pointsWin: fc.constantFrom(1, 2, 3),
      qualify: fc.integer({ min: 1, max: 3 }),
    });
    const runs = 20_000;
    // Five standard errors of a proportion (at most 0.5/sqrt(N)) per compared chance.
    const tolerance = 5 * (0.5 / Math.sqrt(runs));
    fc.assert(
      fc.property(division, fc.integer(), (d, seed) => {
        const input: ChancesInput = {
          teams: ids.map((id, i) => team(id, d.elos[i])),
          results: d.played.map(([[a, b], loserMaps]) => beat(ids[a] as string, ids[b] as string, [2, loserMaps], [26, 13 * loserMaps + 5])),
          remaining: d.remaining.map(([a, b], i) => ({ id: `m${i}`, team1Id: ids[a] as string, team2Id: ids[b] as string })),
          rule: rule(d.tiebreakers, { pointsWin: d.pointsWin }),
          lines: [{ place: d.qualify, label: 'Playoffs', kind: 'qualify' }],
        };
        const exact = exactChances(input);
        const simulated = simulateChances(input, { runs, seed });
        exact.teams.forEach((t, i) => {
          t.places.forEach((p, place) => expect(Math.abs(p - (simulated.teams[i]?.places[place] ?? NaN))).toBeLessThan(tolerance));
        });
        // A conditional chance rests on the runs where the condition held: compare those on at least a quarter of the runs.
        exact.stakes.forEach((stake, m) => {
          const pWin = expectedScore1(input, m);
          const other = simulated.stakes[m];
          const conditional = 5 * (0.5 / Math.sqrt(runs * 0.25));
          if (pWin >= 0.25) expect(Math.abs(stake.team1.win - (other?.team1.win ?? NaN))).toBeLessThan(conditional);
          if (1 - pWin >= 0.25) expect(Math.abs(stake.team1.loss - (other?.team1.loss ?? NaN))).toBeLessThan(conditional);
        });
      }),
      { numRuns: 25, seed: 20271127 },
    );
  });
});

function expectedScore1(input: ChancesInput, m: number): number {
  const match = input.remaining[m];
  const elo = (id: string | undefined) => input.teams.find((t) => t.id === id)?.elo ?? 1000;
  return expectedScore(elo(match?.team1Id), elo(match?.team2Id));
}

describe('assign by current Elo', () => {
  it('cuts the teams by Elo into even runs, the strongest first and the first runs larger', () => {
    const teams = [1500, 900, 1200, 1100, 1300, 1000, 1400].map((elo, i) => ({ id: `t${i}`, name: `T${i}`, elo }));
    const groups = splitByElo(teams, 3).map((g) => g.map((t) => t.elo));
    expect(groups).toEqual([[1500, 1400, 1300], [1200, 1100], [1000, 900]]);
    expect(splitByElo(teams, 0)).toEqual([]);
  });
});
