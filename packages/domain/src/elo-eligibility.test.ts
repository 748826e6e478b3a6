import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eloIneligibility, eloTime, isEloEligible, type EloEligibilityInput } from './elo-eligibility';

const counted: EloEligibilityInput = {
  status: 'completed',
  date: '2026-03-01T18:00:00Z',
  team1Id: 'a',
  team2Id: 'b',
  winnerId: 'a',
  team1Name: 'Alpha',
  team2Name: 'Bravo',
};

describe('eloIneligibility', () => {
  it('counts a dated, completed match between two real teams won by one of them', () => {
    expect(eloIneligibility(counted)).toBeNull();
    expect(isEloEligible({ ...counted, date: new Date('2026-03-01T18:00:00Z'), winnerId: 'b' })).toBe(true);
  });

  it('gives the reason a completed match does not count', () => {
    const cases: [Partial<EloEligibilityInput>, string][] = [
      [{ date: null }, 'no_date'],
      [{ date: '' }, 'no_date'],
      [{ date: 'soon' }, 'invalid_date'],
      [{ team2Name: undefined }, 'unknown_team'],
      [{ team2Name: '' }, 'bye'],
      [{ team1Name: '   ' }, 'bye'],
      [{ team1Name: null }, 'bye'],
      [{ team2Name: ' BYE ' }, 'bye'],
      [{ team2Id: 'a' }, 'same_team'],
      [{ winnerId: null }, 'no_winner'],
      [{ winnerId: 'c' }, 'winner_not_in_match'],
    ];
    for (const [change, reason] of cases) expect(eloIneligibility({ ...counted, ...change }), reason).toBe(reason);
  });

  it('never counts a match without a result, and says so apart from the skip reasons', () => {
    for (const status of ['scheduled', 'in_progress', 'cancelled']) {
      expect(eloIneligibility({ ...counted, status })).toBe('not_completed');
      expect(isEloEligible({ ...counted, status })).toBe(false);
    }
  });

  it('does not count "Byers College" as a bye', () => {
    expect(eloIneligibility({ ...counted, team1Name: 'Byers College' })).toBeNull();
  });

  it('reads dates as milliseconds, or null when there is none', () => {
    expect(eloTime('2026-03-01T00:00:00Z')).toBe(Date.UTC(2026, 2, 1));
    expect(eloTime(new Date(5))).toBe(5);
    expect(eloTime(null)).toBeNull();
    expect(eloTime('not a date')).toBeNull();
  });
});

const inputArb = fc.record({
  status: fc.constantFrom('completed', 'scheduled', 'in_progress', 'cancelled'),
  date: fc.option(fc.constantFrom('2026-01-01T00:00:00Z', 'garbage', ''), { nil: null }),
  team1Id: fc.constantFrom('a', 'b'),
  team2Id: fc.constantFrom('a', 'b', 'c'),
  winnerId: fc.option(fc.constantFrom('a', 'b', 'c', 'd'), { nil: null }),
  team1Name: fc.option(fc.constantFrom('Alpha', 'bye', '', ' '), { nil: undefined }),
  team2Name: fc.option(fc.constantFrom('Bravo', 'BYE', 'Byers'), { nil: undefined }),
});

describe('eloIneligibility properties', () => {
  it('counts a match exactly when every condition of the rule holds', () => {
    fc.assert(
      fc.property(inputArb, (m) => {
        const rule =
          m.status === 'completed' &&
          m.date !== null &&
          !Number.isNaN(Date.parse(m.date)) &&
          m.team1Name !== undefined &&
          m.team2Name !== undefined &&
          !['', 'bye'].includes(m.team1Name.trim().toLowerCase()) &&
          !['', 'bye'].includes(m.team2Name.trim().toLowerCase()) &&
          m.team1Id !== m.team2Id &&
          (m.winnerId === m.team1Id || m.winnerId === m.team2Id);
        expect(isEloEligible(m)).toBe(rule);
      }),
    );
  });

  it('does not depend on which side is team 1', () => {
    fc.assert(
      fc.property(inputArb, (m) => {
        const swapped = { ...m, team1Id: m.team2Id, team2Id: m.team1Id, team1Name: m.team2Name, team2Name: m.team1Name };
        expect(isEloEligible(swapped)).toBe(isEloEligible(m));
      }),
    );
  });
});
