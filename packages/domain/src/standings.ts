// A division's standings and its playoff chances (docs/product.md, "Standings"). One ranking
// routine on typed arrays serves the table, the simulation and the exact enumeration, so all
// three apply the same rule.
import { expectedScore } from './elo';
import { createRandom } from './random';
import { scoreUnit } from './score-unit';

export const TIEBREAKERS = ['head_to_head', 'map_diff', 'round_diff', 'buchholz', 'wins_vs_top_half', 'elo'] as const;
export type Tiebreaker = (typeof TIEBREAKERS)[number];
/** What separated a team from those level with it on points: a tiebreaker, or 'name' when every one was level. */
export type TiebreakDecider = Tiebreaker | 'name';
/** 'count': as any result; 'result_only': a win and a loss without maps or rounds; 'ignore': not at all. */
export type ForfeitRule = 'count' | 'result_only' | 'ignore';

export interface StandingsRule {
  pointsWin: number;
  pointsLoss: number;
  tiebreakers: readonly Tiebreaker[];
  forfeits: ForfeitRule;
}

export const DEFAULT_STANDINGS_RULE: StandingsRule = {
  pointsWin: 1,
  pointsLoss: 0,
  tiebreakers: ['head_to_head', 'map_diff', 'round_diff', 'elo'],
  forfeits: 'count',
};

/** 'qualify' at place 4: places 1-4; 'relegate' at place 10: places 10 and below. */
export interface DivisionLine {
  place: number;
  label: string;
  kind: 'qualify' | 'relegate';
}

/** A team of the division. The list's order is the last tiebreak (callers pass it by name). */
export interface StandingsTeam {
  id: string;
  elo: number;
}

/** A completed division match, oldest first (the form reads the latest). */
export interface CompletedResult {
  team1Id: string;
  team2Id: string;
  winner: 1 | 2;
  maps1: number;
  maps2: number;
  rounds1: number;
  rounds2: number;
  forfeit: boolean;
}

/** A scheduled division match still to play. */
export interface RemainingMatch {
  id: string;
  team1Id: string;
  team2Id: string;
}

export interface StandingsLine {
  teamId: string;
  place: number;
  played: number;
  wins: number;
  losses: number;
  points: number;
  mapDiff: number;
  roundDiff: number;
  /** Latest first, up to 5. */
  form: ('W' | 'L')[];
  elo: number;
  tiebreak: TiebreakDecider | null;
}

const FORM_LENGTH = 5;
const NAME_DECIDER = TIEBREAKERS.length;
const NO_DECIDER = -1;
const EPSILON = 1e-9;

/**
 * Maps and rounds of a completed match from its score and its maps' rounds: a series score
 * (packages/domain score-unit.ts) gives the maps, its maps' rounds the rounds; a single map's
 * score is its rounds and one map to the winner; no score gives the winner one map.
 */
export function resultFromScores(input: {
  team1Id: string;
  team2Id: string;
  winner: 1 | 2;
  score1: number | null;
  score2: number | null;
  mapRounds: readonly (readonly [number, number])[];
  forfeit: boolean;
}): CompletedResult {
  const unit = scoreUnit(input.score1, input.score2);
  const roundsFromMaps = input.mapRounds.reduce((sum, [a, b]) => [sum[0] + a, sum[1] + b] as [number, number], [0, 0] as [number, number]);
  let maps1 = input.winner === 1 ? 1 : 0;
  let maps2 = input.winner === 2 ? 1 : 0;
  let [rounds1, rounds2] = roundsFromMaps;
  if (unit === 'maps') {
    maps1 = input.score1 ?? 0;
    maps2 = input.score2 ?? 0;
  } else if (unit === 'rounds' && input.mapRounds.length === 0) {
    rounds1 = input.score1 ?? 0;
    rounds2 = input.score2 ?? 0;
  }
  return { team1Id: input.team1Id, team2Id: input.team2Id, winner: input.winner, maps1, maps2, rounds1, rounds2, forfeit: input.forfeit };
}

/** The division's results as index arrays, with the forfeit setting applied once. */
interface Table {
  n: number;
  pointsWin: number;
  pointsLoss: number;
  tiebreakers: Int8Array;
  elo: Float64Array;
  mapDiff: Float64Array;
  roundDiff: Float64Array;
  /** Per counted match: both sides' indices and whether side A won. Remaining matches follow the completed ones. */
  matchA: Int32Array;
  matchB: Int32Array;
  winnerIsA: Uint8Array;
  matchCount: number;
}

/** Working arrays of one ranking, reused across simulated runs. */
interface Ranking {
  points: Float64Array;
  wins: Int32Array;
  losses: Int32Array;
  /** n × n: points team i took from its matches against team j. */
  h2h: Float64Array;
  order: Int32Array;
  place: Int32Array;
  decider: Int8Array;
  key: Float64Array;
  /** Per team: in the top half by points (wins_vs_top_half). */
  topHalf: Uint8Array;
  buchholz: Float64Array;
  topHalfWins: Float64Array;
}

function newRanking(n: number): Ranking {
  return {
    points: new Float64Array(n),
    wins: new Int32Array(n),
    losses: new Int32Array(n),
    h2h: new Float64Array(n * n),
    order: new Int32Array(n),
    place: new Int32Array(n),
    decider: new Int8Array(n),
    key: new Float64Array(n),
    topHalf: new Uint8Array(n),
    buchholz: new Float64Array(n),
    topHalfWins: new Float64Array(n),
  };
}

function buildTable(teams: readonly StandingsTeam[], results: readonly CompletedResult[], remaining: readonly RemainingMatch[], rule: StandingsRule) {
  const n = teams.length;
  const index = new Map(teams.map((team, i) => [team.id, i]));
  const counted = results.filter((r) => index.has(r.team1Id) && index.has(r.team2Id) && !(r.forfeit && rule.forfeits === 'ignore'));
  const open = remaining.filter((m) => index.has(m.team1Id) && index.has(m.team2Id));
  const total = counted.length + open.length;
  const table: Table = {
    n,
    pointsWin: rule.pointsWin,
    pointsLoss: rule.pointsLoss,
    tiebreakers: Int8Array.from(rule.tiebreakers.map((t) => TIEBREAKERS.indexOf(t))),
    elo: Float64Array.from(teams.map((t) => t.elo)),
    mapDiff: new Float64Array(n),
    roundDiff: new Float64Array(n),
    matchA: new Int32Array(total),
    matchB: new Int32Array(total),
    winnerIsA: new Uint8Array(total),
    matchCount: counted.length,
  };
  counted.forEach((r, m) => {
    const a = index.get(r.team1Id) as number;
    const b = index.get(r.team2Id) as number;
    table.matchA[m] = a;
    table.matchB[m] = b;
    table.winnerIsA[m] = r.winner === 1 ? 1 : 0;
    if (!(r.forfeit && rule.forfeits === 'result_only')) {
      table.mapDiff[a] = (table.mapDiff[a] as number) + r.maps1 - r.maps2;
      table.mapDiff[b] = (table.mapDiff[b] as number) + r.maps2 - r.maps1;
      table.roundDiff[a] = (table.roundDiff[a] as number) + r.rounds1 - r.rounds2;
      table.roundDiff[b] = (table.roundDiff[b] as number) + r.rounds2 - r.rounds1;
    }
  });
  open.forEach((m, k) => {
    table.matchA[counted.length + k] = index.get(m.team1Id) as number;
    table.matchB[counted.length + k] = index.get(m.team2Id) as number;
  });
  return { table, counted, open, index };
}

/** Points, wins, losses and head-to-head from the first `matchCount` matches of the table. */
function tally(table: Table, matchCount: number, r: Ranking): void {
  const { n } = table;
  r.points.fill(0);
  r.wins.fill(0);
  r.losses.fill(0);
  r.h2h.fill(0);
  for (let m = 0; m < matchCount; m++) {
    const a = table.matchA[m] as number;
    const b = table.matchB[m] as number;
    const winner = table.winnerIsA[m] ? a : b;
    const loser = table.winnerIsA[m] ? b : a;
    r.wins[winner] = (r.wins[winner] as number) + 1;
    r.losses[loser] = (r.losses[loser] as number) + 1;
    r.points[winner] = (r.points[winner] as number) + table.pointsWin;
    r.points[loser] = (r.points[loser] as number) + table.pointsLoss;
    r.h2h[winner * n + loser] = (r.h2h[winner * n + loser] as number) + table.pointsWin;
    r.h2h[loser * n + winner] = (r.h2h[loser * n + winner] as number) + table.pointsLoss;
  }
}

/** Stable sort of order[start, end) by key descending (insertion sort: groups are small). */
function sortSegmentByKey(order: Int32Array, key: Float64Array, start: number, end: number): void {
  for (let i = start + 1; i < end; i++) {
    const team = order[i] as number;
    const value = key[team] as number;
    let j = i - 1;
    while (j >= start && (key[order[j] as number] as number) < value - EPSILON) {
      order[j + 1] = order[j] as number;
      j--;
    }
    order[j + 1] = team;
  }
}

function fillKey(table: Table, r: Ranking, rule: number, start: number, end: number): void {
  const { n } = table;
  const { order, key } = r;
  for (let i = start; i < end; i++) {
    const team = order[i] as number;
    switch (rule) {
      case 0: {
        let sum = 0;
        for (let j = start; j < end; j++) sum += r.h2h[team * n + (order[j] as number)] as number;
        key[team] = sum;
        break;
      }
      case 1:
        key[team] = table.mapDiff[team] as number;
        break;
      case 2:
        key[team] = table.roundDiff[team] as number;
        break;
      case 3:
        key[team] = r.buchholz[team] as number;
        break;
      case 4:
        key[team] = r.topHalfWins[team] as number;
        break;
      default:
        key[team] = table.elo[team] as number;
    }
  }
}

/** Orders a run of teams level on everything before tiebreaker `k`, noting what separated each. */
function breakTies(table: Table, matchCount: number, r: Ranking, start: number, end: number, k: number): void {
  if (k >= table.tiebreakers.length) {
    // Level on every tiebreaker: the teams' given order (their names) decides.
    const segment = Array.from(r.order.subarray(start, end)).sort((a, b) => a - b);
    for (let i = start; i < end; i++) {
      r.order[i] = segment[i - start] as number;
      r.decider[segment[i - start] as number] = NAME_DECIDER;
    }
    return;
  }
  const rule = table.tiebreakers[k] as number;
  fillKey(table, r, rule, start, end);
  sortSegmentByKey(r.order, r.key, start, end);
  let groupStart = start;
  for (let i = start + 1; i <= end; i++) {
    if (i === end || Math.abs((r.key[r.order[i] as number] as number) - (r.key[r.order[groupStart] as number] as number)) > EPSILON) {
      if (i - groupStart === 1) r.decider[r.order[groupStart] as number] = rule;
      else breakTies(table, matchCount, r, groupStart, i, k + 1);
      groupStart = i;
    }
  }
}

/** Ranks the teams on the first `matchCount` matches: order, place and decider in `r`. */
function rank(table: Table, matchCount: number, r: Ranking, needsBuchholz: boolean, needsTopHalf: boolean): void {
  const { n } = table;
  for (let i = 0; i < n; i++) {
    r.order[i] = i;
    r.decider[i] = NO_DECIDER;
  }
  sortSegmentByKey(r.order, r.points, 0, n);
  if (needsBuchholz) {
    r.buchholz.fill(0);
    for (let m = 0; m < matchCount; m++) {
      const a = table.matchA[m] as number;
      const b = table.matchB[m] as number;
      r.buchholz[a] = (r.buchholz[a] as number) + (r.points[b] as number);
      r.buchholz[b] = (r.buchholz[b] as number) + (r.points[a] as number);
    }
  }
  if (needsTopHalf) {
    // The top half by points alone: a team with fewer than n/2 teams above it on points.
    const half = n / 2;
    for (let i = 0; i < n; i++) {
      let above = 0;
      for (let j = 0; j < n; j++) if ((r.points[j] as number) > (r.points[i] as number) + EPSILON) above++;
      r.topHalf[i] = above < half ? 1 : 0;
    }
    r.topHalfWins.fill(0);
    for (let m = 0; m < matchCount; m++) {
      const winner = table.winnerIsA[m] ? (table.matchA[m] as number) : (table.matchB[m] as number);
      const loser = table.winnerIsA[m] ? (table.matchB[m] as number) : (table.matchA[m] as number);
      if (r.topHalf[loser]) r.topHalfWins[winner] = (r.topHalfWins[winner] as number) + 1;
    }
  }
  let groupStart = 0;
  for (let i = 1; i <= n; i++) {
    if (i === n || Math.abs((r.points[r.order[i] as number] as number) - (r.points[r.order[groupStart] as number] as number)) > EPSILON) {
      if (i - groupStart > 1) breakTies(table, matchCount, r, groupStart, i, 0);
      groupStart = i;
    }
  }
  for (let i = 0; i < n; i++) r.place[r.order[i] as number] = i;
}

function needs(rule: StandingsRule) {
  return { buchholz: rule.tiebreakers.includes('buchholz'), topHalf: rule.tiebreakers.includes('wins_vs_top_half') };
}

/** The division's table from its completed matches (docs/product.md, "Standings"). */
export function computeStandings(teams: readonly StandingsTeam[], results: readonly CompletedResult[], rule: StandingsRule): StandingsLine[] {
  const { table, counted, index } = buildTable(teams, results, [], rule);
  const r = newRanking(table.n);
  tally(table, table.matchCount, r);
  const need = needs(rule);
  rank(table, table.matchCount, r, need.buchholz, need.topHalf);
  const forms: ('W' | 'L')[][] = teams.map(() => []);
  for (let m = counted.length - 1; m >= 0; m--) {
    const result = counted[m] as CompletedResult;
    const a = index.get(result.team1Id) as number;
    const b = index.get(result.team2Id) as number;
    if ((forms[a] as ('W' | 'L')[]).length < FORM_LENGTH) (forms[a] as ('W' | 'L')[]).push(result.winner === 1 ? 'W' : 'L');
    if ((forms[b] as ('W' | 'L')[]).length < FORM_LENGTH) (forms[b] as ('W' | 'L')[]).push(result.winner === 2 ? 'W' : 'L');
  }
  return Array.from(r.order, (i) => {
    const decider = r.decider[i] as number;
    return {
      teamId: (teams[i] as StandingsTeam).id,
      place: (r.place[i] as number) + 1,
      played: (r.wins[i] as number) + (r.losses[i] as number),
      wins: r.wins[i] as number,
      losses: r.losses[i] as number,
      points: r.points[i] as number,
      mapDiff: table.mapDiff[i] as number,
      roundDiff: table.roundDiff[i] as number,
      form: forms[i] as ('W' | 'L')[],
      elo: table.elo[i] as number,
      tiebreak: decider === NO_DECIDER ? null : decider === NAME_DECIDER ? 'name' : (TIEBREAKERS[decider] as Tiebreaker),
    };
  });
}

export interface ChancesInput {
  teams: readonly StandingsTeam[];
  results: readonly CompletedResult[];
  remaining: readonly RemainingMatch[];
  rule: StandingsRule;
  lines: readonly DivisionLine[];
}

export interface TeamChances {
  teamId: string;
  /** Per line label: the chance of ending inside the line's band. */
  lines: Record<string, number>;
  /** Index 0 = 1st: the chance of ending in each place. */
  places: number[];
}

/** One side of a remaining match: its chance of ending inside the first qualify line now, if it wins, if it loses. */
export interface StakeSide {
  teamId: string;
  now: number;
  win: number;
  loss: number;
}
export interface MatchStake {
  matchId: string;
  team1: StakeSide;
  team2: StakeSide;
}

export interface ChancesResult {
  runs: number;
  teams: TeamChances[];
  /** The first qualify line's label (by place), and per remaining match what is at stake; null without a qualify line. */
  stakesLine: string | null;
  stakes: MatchStake[];
}

export const DEFAULT_SIMULATION_RUNS = 10_000;
/** The exact enumeration walks 2^k outcomes: past this many remaining matches it refuses. */
export const MAX_EXACT_REMAINING = 20;

/** Sums weighted outcomes into place counts and per-match conditional qualification. */
function createAccumulator(input: ChancesInput, prepared: ReturnType<typeof buildTable>) {
  const { table, open } = prepared;
  const { n } = table;
  const r = newRanking(n);
  const need = needs(input.rule);
  const k = open.length;
  const placeWeight = new Float64Array(n * n);
  const firstQualify = [...input.lines].filter((l) => l.kind === 'qualify').sort((a, b) => a.place - b.place)[0] ?? null;
  // Per remaining match, per side: weight of runs it won, and of runs it won (lost) and qualified.
  const winWeight = new Float64Array(k);
  const qualifyIfAWins = new Float64Array(k);
  const qualifyIfALoses = new Float64Array(k);
  const qualifyIfBWins = new Float64Array(k);
  const qualifyIfBLoses = new Float64Array(k);
  let totalWeight = 0;
  const played = table.matchCount + k;

  function add(aWins: Uint8Array, weight: number): void {
    for (let m = 0; m < k; m++) table.winnerIsA[table.matchCount + m] = aWins[m] as number;
    tally(table, played, r);
    rank(table, played, r, need.buchholz, need.topHalf);
    totalWeight += weight;
    for (let t = 0; t < n; t++) placeWeight[t * n + (r.place[t] as number)] = (placeWeight[t * n + (r.place[t] as number)] as number) + weight;
    if (!firstQualify) return;
    for (let m = 0; m < k; m++) {
      const a = table.matchA[table.matchCount + m] as number;
      const b = table.matchB[table.matchCount + m] as number;
      const aQualifies = (r.place[a] as number) < firstQualify.place;
      const bQualifies = (r.place[b] as number) < firstQualify.place;
      if (aWins[m]) {
        winWeight[m] = (winWeight[m] as number) + weight;
        if (aQualifies) qualifyIfAWins[m] = (qualifyIfAWins[m] as number) + weight;
        if (bQualifies) qualifyIfBLoses[m] = (qualifyIfBLoses[m] as number) + weight;
      } else {
        if (aQualifies) qualifyIfALoses[m] = (qualifyIfALoses[m] as number) + weight;
        if (bQualifies) qualifyIfBWins[m] = (qualifyIfBWins[m] as number) + weight;
      }
    }
  }

  function finish(runs: number): ChancesResult {
    const teams = input.teams.map((team, t): TeamChances => {
      const places = Array.from({ length: n }, (_, p) => (placeWeight[t * n + p] as number) / totalWeight);
      const lines: Record<string, number> = {};
      for (const line of input.lines) {
        let sum = 0;
        for (let p = 0; p < n; p++) if (line.kind === 'qualify' ? p < line.place : p + 1 >= line.place) sum += places[p] as number;
        lines[line.label] = sum;
      }
      return { teamId: team.id, lines, places };
    });
    const now = (t: number) => (firstQualify ? (teams[t]?.lines[firstQualify.label] ?? 0) : 0);
    const ratio = (part: number, whole: number, fallback: number) => (whole > EPSILON ? part / whole : fallback);
    const stakes = firstQualify
      ? open.map((match, m): MatchStake => {
          const a = table.matchA[table.matchCount + m] as number;
          const b = table.matchB[table.matchCount + m] as number;
          const aWon = winWeight[m] as number;
          const aLost = totalWeight - aWon;
          return {
            matchId: match.id,
            team1: { teamId: match.team1Id, now: now(a), win: ratio(qualifyIfAWins[m] as number, aWon, now(a)), loss: ratio(qualifyIfALoses[m] as number, aLost, now(a)) },
            team2: { teamId: match.team2Id, now: now(b), win: ratio(qualifyIfBWins[m] as number, aLost, now(b)), loss: ratio(qualifyIfBLoses[m] as number, aWon, now(b)) },
          };
        })
      : [];
    return { runs, teams, stakesLine: firstQualify?.label ?? null, stakes };
  }

  return { add, finish, k };
}

function winChances(input: ChancesInput, prepared: ReturnType<typeof buildTable>): Float64Array {
  const { table, open } = prepared;
  return Float64Array.from(open, (_, m) =>
    expectedScore(table.elo[table.matchA[table.matchCount + m] as number] as number, table.elo[table.matchB[table.matchCount + m] as number] as number),
  );
}

/**
 * Plays the remaining matches `runs` times, each won by team 1 with its Elo win chance
 * (expectedScore), and ranks every run by the division's rule. The same seed gives the same answer.
 */
export function simulateChances(input: ChancesInput, options: { runs?: number; seed: number | string }): ChancesResult {
  const prepared = buildTable(input.teams, input.results, input.remaining, input.rule);
  const accumulator = createAccumulator(input, prepared);
  // Nothing left to play: the table is final, one run says so.
  const runs = accumulator.k === 0 ? 1 : (options.runs ?? DEFAULT_SIMULATION_RUNS);
  const chance = winChances(input, prepared);
  const random = createRandom(options.seed);
  const outcome = new Uint8Array(accumulator.k);
  for (let run = 0; run < runs; run++) {
    for (let m = 0; m < accumulator.k; m++) outcome[m] = random.next() < (chance[m] as number) ? 1 : 0;
    accumulator.add(outcome, 1);
  }
  return accumulator.finish(runs);
}

/** The same chances computed exactly: every one of the 2^k outcomes, weighted by its probability. */
export function exactChances(input: ChancesInput): ChancesResult {
  const prepared = buildTable(input.teams, input.results, input.remaining, input.rule);
  const accumulator = createAccumulator(input, prepared);
  if (accumulator.k > MAX_EXACT_REMAINING) throw new RangeError(`exactChances: ${accumulator.k} remaining matches, at most ${MAX_EXACT_REMAINING}`);
  const chance = winChances(input, prepared);
  const outcome = new Uint8Array(accumulator.k);
  const combinations = 2 ** accumulator.k;
  for (let mask = 0; mask < combinations; mask++) {
    let weight = 1;
    for (let m = 0; m < accumulator.k; m++) {
      const aWins = (mask >>> m) & 1;
      outcome[m] = aWins;
      weight *= aWins ? (chance[m] as number) : 1 - (chance[m] as number);
    }
    accumulator.add(outcome, weight);
  }
  return accumulator.finish(combinations);
}

/**
 * A short text naming everything the chances depend on (teams and their Elo, results, remaining
 * matches, rule, lines): stored chances whose key differs are out of date.
 */
export function chancesInputKey(input: ChancesInput): string {
  const parts = [
    input.teams.map((t) => `${t.id}:${t.elo}`).join(','),
    input.results.map((r) => `${r.team1Id}>${r.team2Id}:${r.winner}:${r.maps1}-${r.maps2}:${r.rounds1}-${r.rounds2}:${r.forfeit ? 1 : 0}`).join(','),
    input.remaining.map((m) => `${m.id}:${m.team1Id}:${m.team2Id}`).join(','),
    `${input.rule.pointsWin}/${input.rule.pointsLoss}/${input.rule.tiebreakers.join('+')}/${input.rule.forfeits}`,
    input.lines.map((l) => `${l.place}:${l.kind}:${l.label}`).join(','),
  ].join('|');
  // FNV-1a, twice with different offsets, as 16 hex digits: a fingerprint, not a secret.
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < parts.length; i++) {
    const c = parts.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return `${(h1 >>> 0).toString(16).padStart(8, '0')}${(h2 >>> 0).toString(16).padStart(8, '0')}`;
}

/**
 * 'Assign by current Elo': the teams by Elo (highest first, then name, then id) cut into
 * `groups` runs of even size, the first runs one larger when it does not divide, so the
 * first division is the strongest.
 */
export function splitByElo<T extends { id: string; name: string; elo: number }>(teams: readonly T[], groups: number): T[][] {
  if (groups < 1) return [];
  const sorted = [...teams].sort((a, b) => b.elo - a.elo || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const base = Math.floor(sorted.length / groups);
  const extra = sorted.length % groups;
  const result: T[][] = [];
  let start = 0;
  for (let g = 0; g < groups; g++) {
    const size = base + (g < extra ? 1 : 0);
    result.push(sorted.slice(start, start + size));
    start += size;
  }
  return result;
}
