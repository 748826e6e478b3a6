import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  LEAGUESPOT_STATE_NAMES,
  MATCH_STATUSES,
  inferWinner,
  isMatchStatus,
  leaguespotStateName,
  platformStatusToMatchStatus,
} from './status';

describe('leaguespotStateName', () => {
  it('names the states 0..5', () => {
    expect([0, 1, 2, 3, 4, 5].map(leaguespotStateName)).toEqual([
      'SCHEDULED',
      'READY',
      'ONGOING',
      'FINISHED',
      'ABORTED',
      'CANCELLED',
    ]);
  });

  it('calls anything else UNKNOWN', () => {
    for (const state of [-1, 6, 99, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(leaguespotStateName(state)).toBe('UNKNOWN');
    }
  });

  it('is UNKNOWN exactly outside 0..5', () => {
    fc.assert(
      fc.property(fc.integer(), (state) => {
        expect(leaguespotStateName(state) === 'UNKNOWN').toBe(state < 0 || state > 5);
      }),
    );
  });
});

describe('platformStatusToMatchStatus', () => {
  it.each([
    ['FINISHED', 'completed'],
    ['ONGOING', 'in_progress'],
    ['CANCELLED', 'cancelled'],
    ['ABORTED', 'cancelled'],
    ['SCHEDULED', 'scheduled'],
    ['READY', 'scheduled'],
    ['UNKNOWN', 'scheduled'],
    ['CHECK_IN', 'scheduled'],
    ['CONFIGURING', 'scheduled'],
    ['VOTING', 'scheduled'],
    ['', 'scheduled'],
  ] as const)('%s -> %s', (word, status) => {
    expect(platformStatusToMatchStatus(word)).toBe(status);
  });

  it('ignores case and surrounding spaces', () => {
    expect(platformStatusToMatchStatus(' finished ')).toBe('completed');
    expect(platformStatusToMatchStatus('Ongoing')).toBe('in_progress');
  });

  it('maps Leaguespot states through their names (4 and 5 are cancelled)', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((s) => platformStatusToMatchStatus(leaguespotStateName(s)))).toEqual([
      'scheduled',
      'scheduled',
      'in_progress',
      'completed',
      'cancelled',
      'cancelled',
      'scheduled',
    ]);
  });

  it('always answers one of MATCH_STATUSES', () => {
    expect(MATCH_STATUSES).toEqual(['scheduled', 'in_progress', 'completed', 'cancelled']);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...LEAGUESPOT_STATE_NAMES)), (word) => {
        expect(isMatchStatus(platformStatusToMatchStatus(word))).toBe(true);
      }),
    );
  });
});

describe('isMatchStatus', () => {
  it('accepts only the four statuses', () => {
    expect(MATCH_STATUSES.every(isMatchStatus)).toBe(true);
    expect(isMatchStatus('COMPLETED')).toBe(false);
    expect(isMatchStatus('finished')).toBe(false);
  });
});

describe('inferWinner', () => {
  it('returns the winner the platform gives, whatever the status or score', () => {
    expect(inferWinner({ status: 'FINISHED', winner: 'faction2', score1: 2, score2: 0 })).toBe('faction2');
    expect(inferWinner({ status: 'ONGOING', winner: 'faction1' })).toBe('faction1');
  });

  it('takes the side with more game wins for a finished match without a winner', () => {
    expect(inferWinner({ status: 'FINISHED', score1: 2, score2: 1 })).toBe('faction1');
    expect(inferWinner({ status: 'FINISHED', winner: null, score1: 0, score2: 1 })).toBe('faction2');
    expect(inferWinner({ status: 'finished', score1: 13, score2: 7 })).toBe('faction1');
  });

  it('is null for a tie or missing scores', () => {
    expect(inferWinner({ status: 'FINISHED', score1: 1, score2: 1 })).toBeNull();
    expect(inferWinner({ status: 'FINISHED', score1: 2 })).toBeNull();
    expect(inferWinner({ status: 'FINISHED', score1: null, score2: 1 })).toBeNull();
    expect(inferWinner({ status: 'FINISHED' })).toBeNull();
    expect(inferWinner({ status: 'FINISHED', score1: Number.NaN, score2: 1 })).toBeNull();
  });

  it('is null for a match that is not finished', () => {
    for (const status of ['ONGOING', 'SCHEDULED', 'READY', 'CANCELLED', 'ABORTED', 'UNKNOWN']) {
      expect(inferWinner({ status, score1: 2, score2: 0 })).toBeNull();
    }
  });

  it('swapping the scores swaps the inferred winner', () => {
    const swap = { faction1: 'faction2', faction2: 'faction1' } as const;
    fc.assert(
      fc.property(fc.nat(30), fc.nat(30), (a, b) => {
        const forward = inferWinner({ status: 'FINISHED', score1: a, score2: b });
        const backward = inferWinner({ status: 'FINISHED', score1: b, score2: a });
        expect(backward).toBe(forward === null ? null : swap[forward]);
      }),
    );
  });
});
