import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ELO_K, ELO_SCALE, expectedScore } from '../elo';
import { replayElo, type ReplayMatch, type ReplayTeam } from '../replay';
import { accuracyFigures, accuracyReport, CALIBRATION_BIN_COUNT } from './figures';
import { glicko2Update, glicko2WinChance } from './glicko2';
import { ratedHistory } from './rated-matches';
import { LIVE_RATING_SETTINGS, replayChances, seedChances, type RatedMatches } from './systems';

const teams: ReplayTeam[] = [
  { id: 'a', name: 'Alpha', elo: 1000 },
  { id: 'b', name: 'Bravo', elo: 1000 },
  { id: 'c', name: 'Charlie', elo: 1200 },
];
const match = (id: string, date: string, team1Id: string, team2Id: string, winnerId: string | null, status = 'completed'): ReplayMatch => ({ id, date, status, team1Id, team2Id, winnerId });
// replay.test.ts's chain: m1 A 1000 beats B 1000; m2 C 1200 beats A 1075; m3 B 925 beats C 1262.
const chain = [
  match('m3', '2025-01-03T18:00:00Z', 'b', 'c', 'b'),
  match('m1', '2025-01-01T18:00:00Z', 'a', 'b', 'a'),
  match('m2', '2025-01-02T18:00:00Z', 'c', 'a', 'c'),
  match('draw', '2025-01-04T18:00:00Z', 'a', 'c', null),
  match('later', '2025-01-05T18:00:00Z', 'a', 'c', 'a', 'scheduled'),
];

describe('ratedHistory', () => {
  it('keeps the matches that count, in ledger order, with each team seeded at its starting Elo', () => {
    const history = ratedHistory(teams, chain);
    expect(history.matchIds).toEqual(['m1', 'm2', 'm3']);
    expect([...history.seeds]).toEqual([1000, 1000, 1200]);
    expect([...history.matches.team1]).toEqual([0, 2, 1]);
    expect([...history.matches.team1Won]).toEqual([1, 1, 1]);
  });
});

describe('the live setting', () => {
  it('uses the live constants', () => {
    expect(LIVE_RATING_SETTINGS).toEqual({ system: 'elo', k: ELO_K, scale: ELO_SCALE });
    expect(ELO_SCALE).toBe(800);
  });

  it("answers each match's chance from the Elo both teams had before it, as replayElo applies them", () => {
    const history = ratedHistory(teams, chain);
    const chances = replayChances(history.seeds, history.matches, LIVE_RATING_SETTINGS);
    const applied = replayElo(teams, chain).applied;
    expect([...chances]).toEqual(applied.map((step) => expectedScore(step.team1Before, step.team2Before)));
    expect(chances[1]).toBeCloseTo(0.58899, 4);
    expect(chances[2]).toBeCloseTo(0.27486, 4);
  });

  it('reports the figures of the hand-computed chain', () => {
    const history = ratedHistory(teams, chain);
    const report = accuracyReport(replayChances(history.seeds, history.matches, LIVE_RATING_SETTINGS), seedChances(history.seeds, history.matches), history.matches);
    // Winner's chances 0.5 (a tie: half), 0.58899 (the favourite won), 0.27486 (the underdog won).
    expect(report.matches).toBe(3);
    expect(report.accuracy).toBeCloseTo(1.5 / 3, 10);
    expect(report.brier).toBeCloseTo((0.5 ** 2 + 0.41101 ** 2 + 0.72514 ** 2) / 3, 4);
    expect(report.logLoss).toBeCloseTo(-(Math.log(0.5) + Math.log(0.58899) + Math.log(0.27486)) / 3, 4);
    // Team 1's chances 0.5, 0.589, 0.275 land in the 50-60% (two) and 20-30% bands; team 1 won all three.
    expect(report.bins.filter((b) => b.matches > 0)).toEqual([
      { from: 0.2, to: 0.3, matches: 1, expected: expect.closeTo(0.27486, 4), observed: 1 },
      { from: 0.5, to: 0.6, matches: 2, expected: expect.closeTo((0.5 + 0.58899) / 2, 4), observed: 1 },
    ]);
    expect(report.baselines.coin).toMatchObject({ matches: 3, accuracy: 0.5, brier: 0.25, logLoss: expect.closeTo(Math.LN2, 10) });
    // Seeds: A-B even, C (1200) over A (1000) 0.64007 and won, B (1000) 0.35993 against C and won.
    expect(report.baselines.seed.accuracy).toBeCloseTo(0.5, 10);
    expect(report.baselines.seed.brier).toBeCloseTo((0.25 + 0.35993 ** 2 + 0.64007 ** 2) / 3, 4);
  });

  it('counts only the included matches', () => {
    const history = ratedHistory(teams, chain);
    const figures = accuracyFigures(replayChances(history.seeds, history.matches, LIVE_RATING_SETTINGS), history.matches, (i) => i === 2);
    expect(figures).toMatchObject({ matches: 1, accuracy: 0, brier: expect.closeTo(0.72514 ** 2, 4) });
  });

  it('has no figures without matches', () => {
    const figures = accuracyFigures(new Float64Array(0), { team1: new Int32Array(0), team2: new Int32Array(0), team1Won: new Uint8Array(0) });
    expect(figures).toMatchObject({ matches: 0, accuracy: null, brier: null, logLoss: null });
    expect(figures.bins).toHaveLength(CALIBRATION_BIN_COUNT);
  });
});

describe('Glicko-2', () => {
  it("reproduces the worked example of Glickman's paper", () => {
    const after = glicko2Update(
      { rating: 1500, deviation: 200, volatility: 0.06 },
      [
        { opponent: { rating: 1400, deviation: 30 }, score: 1 },
        { opponent: { rating: 1550, deviation: 100 }, score: 0 },
        { opponent: { rating: 1700, deviation: 300 }, score: 0 },
      ],
      0.5,
    );
    // The paper rounds its intermediate steps; unrounded: 1464.0507, 151.5165, 0.059996.
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.deviation).toBeCloseTo(151.52, 1);
    expect(after.volatility).toBeCloseTo(0.06, 4);
  });

  it('only widens the deviation of a player without games', () => {
    const after = glicko2Update({ rating: 1500, deviation: 50, volatility: 0.06 }, [], 0.5);
    expect(after.rating).toBe(1500);
    expect(after.deviation).toBeCloseTo(Math.sqrt((50 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 8);
  });
});

const leagues = fc
  .integer({ min: 2, max: 8 })
  .chain((teamCount) =>
    fc.record({
      seeds: fc.array(fc.integer({ min: 400, max: 2000 }), { minLength: teamCount, maxLength: teamCount }),
      games: fc.array(fc.tuple(fc.nat(teamCount - 1), fc.nat(teamCount - 2), fc.boolean()), { maxLength: 60 }),
    }),
  )
  .map(({ seeds, games }) => {
    const matches: RatedMatches = { team1: new Int32Array(games.length), team2: new Int32Array(games.length), team1Won: new Uint8Array(games.length) };
    games.forEach(([one, offset, won], i) => {
      matches.team1[i] = one;
      matches.team2[i] = (one + 1 + offset) % seeds.length;
      matches.team1Won[i] = won ? 1 : 0;
    });
    return { seeds: Float64Array.from(seeds), matches };
  });
const settings = fc.oneof(
  fc.record({ system: fc.constant('elo' as const), k: fc.integer({ min: 1, max: 400 }), scale: fc.integer({ min: 100, max: 2000 }) }),
  fc.record({ system: fc.constant('glicko2' as const), tau: fc.double({ min: 0.2, max: 1.2, noNaN: true }), deviation: fc.integer({ min: 30, max: 350 }), volatility: fc.constant(0.06) }),
);

describe('properties', () => {
  it('every figure stays in range and the bins hold every match once', () => {
    fc.assert(
      fc.property(leagues, settings, ({ seeds, matches }, setting) => {
        const chances = replayChances(seeds, matches, setting);
        const figures = accuracyFigures(chances, matches);
        expect(figures.matches).toBe(matches.team1.length);
        expect(figures.bins.reduce((sum, b) => sum + b.matches, 0)).toBe(figures.matches);
        // A chance may round to exactly 0 or 1 in doubles (a 1,600-point gap at scale 100);
        // the log-loss clamps it (LOG_LOSS_FLOOR), so it stays finite.
        for (const chance of chances) expect(chance >= 0 && chance <= 1).toBe(true);
        if (figures.matches === 0) return;
        expect(Number.isFinite(figures.logLoss)).toBe(true);
        expect(figures.accuracy).toBeGreaterThanOrEqual(0);
        expect(figures.accuracy).toBeLessThanOrEqual(1);
        expect(figures.brier).toBeGreaterThanOrEqual(0);
        expect(figures.brier).toBeLessThanOrEqual(1);
        expect(figures.logLoss).toBeGreaterThanOrEqual(0);
        for (const bin of figures.bins) if (bin.expected !== null) expect(bin.expected >= bin.from && bin.expected <= bin.to).toBe(true);
      }),
    );
  });

  it('the coin flip always scores 0.25 and ln 2, and swapping the sides changes no figure', () => {
    fc.assert(
      fc.property(leagues, settings, ({ seeds, matches }, setting) => {
        fc.pre(matches.team1.length > 0);
        const report = accuracyReport(replayChances(seeds, matches, setting), seedChances(seeds, matches), matches);
        expect(report.baselines.coin.brier).toBeCloseTo(0.25, 12);
        expect(report.baselines.coin.logLoss).toBeCloseTo(Math.LN2, 12);
        const swapped: RatedMatches = { team1: matches.team2, team2: matches.team1, team1Won: matches.team1Won.map((w) => 1 - w) };
        const mirrored = accuracyFigures(replayChances(seeds, swapped, setting), swapped);
        expect(mirrored.accuracy).toBeCloseTo(report.accuracy as number, 9);
        expect(mirrored.brier).toBeCloseTo(report.brier as number, 9);
      }),
    );
  });

  it("Glicko-2's two chances of a match add up to 1", () => {
    const side = fc.record({ rating: fc.double({ min: 500, max: 2500, noNaN: true }), deviation: fc.double({ min: 10, max: 350, noNaN: true }) });
    fc.assert(fc.property(side, side, (one, two) => {
        expect(glicko2WinChance(one, two) + glicko2WinChance(two, one)).toBeCloseTo(1, 12);
      }),
    );
  });
});
