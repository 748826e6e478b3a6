import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { compareLedgerPositions, replayElo } from './replay';
import type { LedgerPosition, ReplayMatch, ReplayResult, ReplayTeam } from './replay';

const teams: ReplayTeam[] = [
  { id: 'a', name: 'Alpha', elo: 1000 },
  { id: 'b', name: 'Bravo', elo: 1000 },
  { id: 'c', name: 'Charlie', elo: 1200 },
  { id: 'bye', name: '  BYE ', elo: 1000 },
];

function match(id: string, date: string, team1Id: string, team2Id: string, winnerId: string | null, status = 'completed'): ReplayMatch {
  return { id, date, status, team1Id, team2Id, winnerId };
}

// Hand-computed chain:
// m1 A (1000) beats B (1000): expected 0.5 -> A 1075, B 925.
// m2 C (1200) beats A (1075): expected C = 1 / (1 + 10^(-125/800)) = 0.58899, change 150 x 0.41101 = 61.65
//    -> C 1261.65 -> 1262, A 1013.35 -> 1013.
// m3 B (925) beats C (1262): expected B = 1 / (1 + 10^(337/800)) = 0.27486, change 150 x 0.72514 = 108.77
//    -> B 1033.77 -> 1034, C 1153.23 -> 1153.
const chain = [
  match('m1', '2025-01-01T18:00:00Z', 'a', 'b', 'a'),
  match('m2', '2025-01-02T18:00:00Z', 'c', 'a', 'c'),
  match('m3', '2025-01-03T18:00:00Z', 'b', 'c', 'b'),
];

describe('replayElo', () => {
  it('applies completed matches oldest first, each from the Elo before the match', () => {
    const result = replayElo(teams, [chain[2]!, chain[0]!, chain[1]!], {});
    expect(result.applied).toEqual([
      { matchId: 'm1', team1Before: 1000, team1After: 1075, team2Before: 1000, team2After: 925 },
      { matchId: 'm2', team1Before: 1200, team1After: 1262, team2Before: 1075, team2After: 1013 },
      { matchId: 'm3', team1Before: 925, team1After: 1034, team2Before: 1262, team2After: 1153 },
    ]);
    expect(Object.fromEntries(result.elo)).toEqual({ a: 1013, b: 1034, c: 1153, bye: 1000 });
    expect(result.skipped).toEqual([]);
  });

  it('starts every team from resetTo when it is a number, else from its current Elo', () => {
    const once = [chain[0]!];
    expect(replayElo(teams, once, { resetTo: 1000 }).applied[0]).toMatchObject({ team1Before: 1000, team2Before: 1000 });
    const fromReset = replayElo(teams, [match('x', '2025-01-01', 'c', 'a', 'a')], { resetTo: 1000 });
    expect(fromReset.elo.get('c')).toBe(925);
    expect(fromReset.elo.get('a')).toBe(1075);
    expect(fromReset.elo.get('b')).toBe(1000); // untouched teams are reset too
    const fromCurrent = replayElo(teams, [match('x', '2025-01-01', 'c', 'a', 'a')], { resetTo: null });
    expect(fromCurrent.elo.get('c')).toBe(1200 - 96);
    expect(fromCurrent.elo.get('a')).toBe(1000 + 96);
    expect(replayElo(teams, [], {}).elo.get('c')).toBe(1200);
    expect(replayElo(teams, [], { resetTo: 0 }).elo.get('c')).toBe(0);
  });

  it('ignores matches that are not completed', () => {
    const result = replayElo(
      teams,
      [
        match('s', '2025-01-01', 'a', 'b', null, 'scheduled'),
        match('p', '2025-01-01', 'a', 'b', 'a', 'in_progress'),
        match('x', '2025-01-01', 'a', 'b', 'a', 'cancelled'),
      ],
      {},
    );
    expect(result.applied).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(result.elo.get('a')).toBe(1000);
  });

  it('skips completed matches it cannot apply, with the reason', () => {
    const result = replayElo(
      teams,
      [
        match('1-no-winner', '2025-01-01', 'a', 'b', null),
        match('2-outsider-wins', '2025-01-02', 'a', 'b', 'c'),
        match('3-bye', '2025-01-03', 'a', 'bye', 'a'),
        match('4-unknown', '2025-01-04', 'a', 'ghost', 'a'),
        match('5-same', '2025-01-05', 'a', 'a', 'a'),
        match('6-bad-date', 'not a date', 'a', 'b', 'a'),
      ],
      {},
    );
    expect(result.applied).toEqual([]);
    expect(result.skipped).toEqual([
      { matchId: '6-bad-date', reason: 'invalid_date' },
      { matchId: '1-no-winner', reason: 'no_winner' },
      { matchId: '2-outsider-wins', reason: 'winner_not_in_match' },
      { matchId: '3-bye', reason: 'bye' },
      { matchId: '4-unknown', reason: 'unknown_team' },
      { matchId: '5-same', reason: 'same_team' },
    ]);
    expect(Object.fromEntries(result.elo)).toEqual({ a: 1000, b: 1000, c: 1200, bye: 1000 });
  });

  it('orders same-time matches by id and accepts Date objects', () => {
    const when = new Date('2025-02-01T12:00:00Z');
    const result = replayElo(
      teams,
      [
        { id: 'b-second', date: when, status: 'completed', team1Id: 'a', team2Id: 'b', winnerId: 'b' },
        // team1/team2 swapped here so that only the id (not the team ids) puts this match first.
        { id: 'a-first', date: when.toISOString(), status: 'completed', team1Id: 'b', team2Id: 'a', winnerId: 'a' },
      ],
      {},
    );
    expect(result.applied.map((m) => m.matchId)).toEqual(['a-first', 'b-second']);
    expect(result.applied[0]).toEqual({ matchId: 'a-first', team1Before: 1000, team1After: 925, team2Before: 1000, team2After: 1075 });
    // a-first: A 1075, B 925; b-second: B (925) beats A (1075), expected B = 1 / (1 + 10^(150/800)) = 0.39372,
    // change = 150 x 0.60628 = 90.94 -> A 984.06 -> 984, B 1015.94 -> 1016
    expect(result.applied[1]).toEqual({ matchId: 'b-second', team1Before: 1075, team1After: 984, team2Before: 925, team2After: 1016 });
  });

  it('does not change its inputs', () => {
    const teamsCopy = structuredClone(teams);
    const chainCopy = structuredClone(chain);
    replayElo(teams, chain, { resetTo: 1500 });
    expect(teams).toEqual(teamsCopy);
    expect(chain).toEqual(chainCopy);
  });
});

// Small id pools so that generated matches often share teams, dates and outcomes.
const teamIds = ['t0', 't1', 't2', 't3', 't4', 't5'];
const teamsArb = fc
  .tuple(
    ...teamIds.map((id) =>
      fc.record({
        id: fc.constant(id),
        name: fc.oneof({ weight: 9, arbitrary: fc.constant(`Team ${id}`) }, { weight: 1, arbitrary: fc.constant(' Bye') }),
        elo: fc.integer({ min: 0, max: 3000 }),
      }),
    ),
  )
  .map((all) => all as ReplayTeam[]);

const matchesArb = fc
  .uniqueArray(
    fc.record({
      id: fc.string({ minLength: 1, maxLength: 4 }),
      date: fc.oneof(
        fc.integer({ min: 0, max: 20 }).map((day) => new Date(Date.UTC(2025, 0, 1 + day))),
        fc.integer({ min: 0, max: 20 }).map((day) => new Date(Date.UTC(2025, 0, 1 + day)).toISOString()),
      ),
      status: fc.constantFrom('completed', 'completed', 'completed', 'scheduled', 'in_progress', 'cancelled'),
      team1Id: fc.constantFrom(...teamIds, 'unknown'),
      team2Id: fc.constantFrom(...teamIds),
      winner: fc.constantFrom('team1', 'team2', 'team1', 'team2', 'none', 'other'),
    }),
    { selector: (m) => m.id, maxLength: 40 },
  )
  .map((raw) =>
    raw.map(({ winner, ...m }): ReplayMatch => ({
      ...m,
      winnerId: winner === 'team1' ? m.team1Id : winner === 'team2' ? m.team2Id : winner === 'other' ? 'elsewhere' : null,
    })),
  );

const optionsArb = fc.record({ resetTo: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }) });

const total = (elo: Map<string, number>) => [...elo.values()].reduce((s, e) => s + e, 0);

describe('replayElo properties', () => {
  it('conserves total Elo up to one point of rounding per applied match', () => {
    fc.assert(
      fc.property(teamsArb, matchesArb, optionsArb, (ts, ms, options) => {
        const before = total(replayElo(ts, [], options).elo);
        const result = replayElo(ts, ms, options);
        expect(Math.abs(total(result.elo) - before)).toBeLessThanOrEqual(result.applied.length);
      }),
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(teamsArb, matchesArb, optionsArb, (ts, ms, options) => {
        expect(replayElo(ts, ms, options)).toEqual(replayElo(ts, ms, options));
      }),
    );
  });

  it('gives the same result whatever order the matches come in', () => {
    fc.assert(
      fc.property(
        teamsArb,
        matchesArb.chain((ms) => fc.tuple(fc.constant(ms), fc.shuffledSubarray(ms, { minLength: ms.length, maxLength: ms.length }))),
        optionsArb,
        (ts, [ms, shuffled], options) => {
          const expected: ReplayResult = replayElo(ts, ms, options);
          expect(replayElo(ts, shuffled, options)).toEqual(expected);
        },
      ),
    );
  });

  it('accounts for every completed match once, moves winners up and losers down', () => {
    fc.assert(
      fc.property(teamsArb, matchesArb, optionsArb, (ts, ms, options) => {
        const result = replayElo(ts, ms, options);
        const completed = ms.filter((m) => m.status === 'completed').map((m) => m.id).sort();
        const accounted = [...result.applied.map((m) => m.matchId), ...result.skipped.map((m) => m.matchId)].sort();
        expect(accounted).toEqual(completed);

        const byId = new Map(ms.map((m) => [m.id, m]));
        const current = new Map(replayElo(ts, [], options).elo);
        for (const step of result.applied) {
          const m = byId.get(step.matchId)!;
          // Each step starts from where the previous steps left both teams.
          expect(step.team1Before).toBe(current.get(m.team1Id));
          expect(step.team2Before).toBe(current.get(m.team2Id));
          const [winnerBefore, winnerAfter, loserBefore, loserAfter] =
            m.winnerId === m.team1Id
              ? [step.team1Before, step.team1After, step.team2Before, step.team2After]
              : [step.team2Before, step.team2After, step.team1Before, step.team1After];
          expect(winnerAfter).toBeGreaterThanOrEqual(winnerBefore);
          expect(loserAfter).toBeLessThanOrEqual(loserBefore);
          current.set(m.team1Id, step.team1After);
          current.set(m.team2Id, step.team2After);
        }
        expect(result.elo).toEqual(current);
      }),
    );
  });
});

describe('replayElo with adjustments', () => {
  const adjust = (id: string, at: string, teamId: string, elo: number) => ({ id, at, teamId, elo });

  it('sets the team Elo at the adjustment, between the matches around it', () => {
    const result = replayElo(teams, chain, { adjustments: [adjust('x1', '2025-01-01T20:00:00Z', 'a', 1500)] });
    expect(result.adjusted).toEqual([{ adjustmentId: 'x1', teamId: 'a', before: 1075, after: 1500 }]);
    // m2 now starts A at 1500: C (1200) beats A (1500).
    expect(result.applied[1]).toMatchObject({ matchId: 'm2', team1Before: 1200, team2Before: 1500 });
  });

  it('puts a match before an adjustment at the same moment, and ignores unknown teams and bad times', () => {
    const result = replayElo(teams, [chain[0]!], {
      adjustments: [
        adjust('x1', '2025-01-01T18:00:00Z', 'a', 900),
        adjust('x2', '2025-01-01T18:00:00Z', 'ghost', 900),
        adjust('x3', 'never', 'b', 900),
      ],
    });
    expect(result.adjusted).toEqual([{ adjustmentId: 'x1', teamId: 'a', before: 1075, after: 900 }]);
    expect(Object.fromEntries(result.elo)).toMatchObject({ a: 900, b: 925 });
  });

  it('lists undated completed matches as no_date, and treats an empty team name as a bye', () => {
    const result = replayElo(
      [...teams, { id: 'blank', name: '', elo: 1000 }],
      [match('m1', '2025-01-01', 'a', 'b', 'a'), { ...match('undated', '', 'a', 'b', 'a'), date: null }, match('m2', '2025-01-02', 'a', 'blank', 'a')],
    );
    expect(result.skipped).toEqual([
      { matchId: 'undated', reason: 'no_date' },
      { matchId: 'm2', reason: 'bye' },
    ]);
  });
});

describe('compareLedgerPositions', () => {
  it('orders by time, then matches before adjustments, then id', () => {
    const positions: LedgerPosition[] = [
      { time: 2, kind: 'match', id: 'a' },
      { time: 1, kind: 'adjustment', id: 'a' },
      { time: 1, kind: 'match', id: 'b' },
      { time: 1, kind: 'match', id: 'a' },
    ];
    expect(positions.sort(compareLedgerPositions)).toEqual([
      { time: 1, kind: 'match', id: 'a' },
      { time: 1, kind: 'match', id: 'b' },
      { time: 1, kind: 'adjustment', id: 'a' },
      { time: 2, kind: 'match', id: 'a' },
    ]);
  });
});

const adjustmentsArb = fc.uniqueArray(
  fc.record({
    id: fc.string({ minLength: 1, maxLength: 3 }),
    at: fc.integer({ min: 0, max: 20 }).map((day) => new Date(Date.UTC(2025, 0, 1 + day))),
    teamId: fc.constantFrom(...teamIds),
    elo: fc.integer({ min: 0, max: 3000 }),
  }),
  { selector: (a) => a.id, maxLength: 8 },
);

describe('replayElo properties with adjustments', () => {
  it('replaying up to a moment, then on from the Elo reached there, equals one replay', () => {
    // The server replays forward from a moment this way instead of from the beginning.
    fc.assert(
      fc.property(teamsArb, matchesArb, adjustmentsArb, fc.integer({ min: 0, max: 21 }), (ts, ms, adjustments, cutDay) => {
        const cut = Date.UTC(2025, 0, 1 + cutDay);
        const at = (d: Date | string | null) => new Date(d ?? '').getTime();
        const whole = replayElo(ts, ms, { adjustments });
        const before = replayElo(
          ts,
          ms.filter((m) => at(m.date) < cut),
          { adjustments: adjustments.filter((a) => a.at.getTime() < cut) },
        );
        const after = replayElo(
          ts.map((t) => ({ ...t, elo: before.elo.get(t.id)! })),
          ms.filter((m) => at(m.date) >= cut),
          { adjustments: adjustments.filter((a) => a.at.getTime() >= cut) },
        );
        expect(after.elo).toEqual(whole.elo);
        expect([...before.applied, ...after.applied]).toEqual(whole.applied);
        expect([...before.adjusted, ...after.adjusted]).toEqual(whole.adjusted);
      }),
    );
  });

  it("leaves every team at its last event's Elo after", () => {
    fc.assert(
      fc.property(teamsArb, matchesArb, adjustmentsArb, optionsArb, (ts, ms, adjustments, options) => {
        const result = replayElo(ts, ms, { ...options, adjustments });
        const last = new Map<string, number>(replayElo(ts, [], options).elo);
        const byId = new Map(ms.map((m) => [m.id, m]));
        // applied and adjusted are each in ledger order; merge them by position.
        const events = [
          ...result.applied.map((a) => {
            const m = byId.get(a.matchId)!;
            return { position: { time: new Date(m.date!).getTime(), kind: 'match' as const, id: a.matchId }, set: [[m.team1Id, a.team1After], [m.team2Id, a.team2After]] as const };
          }),
          ...result.adjusted.map((a) => {
            const adjustment = adjustments.find((x) => x.id === a.adjustmentId)!;
            return { position: { time: adjustment.at.getTime(), kind: 'adjustment' as const, id: a.adjustmentId }, set: [[a.teamId, a.after]] as const };
          }),
        ].sort((x, y) => compareLedgerPositions(x.position, y.position));
        for (const event of events) for (const [team, elo] of event.set) last.set(team, elo);
        expect(result.elo).toEqual(last);
      }),
    );
  });
});
