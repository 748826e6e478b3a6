import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isByeTeamName, participantMatchKey, previewMatchFields } from './common';

describe('previewMatchFields', () => {
  it('dates a match by finished_at, else started_at, else scheduled_at', () => {
    expect(previewMatchFields({ status: 'FINISHED', scheduled_at: 10, started_at: 20, finished_at: 30 }).date).toEqual(new Date(30_000));
    expect(previewMatchFields({ status: 'ONGOING', scheduled_at: 10, started_at: 20, finished_at: null }).date).toEqual(new Date(20_000));
    expect(previewMatchFields({ status: 'SCHEDULED', scheduled_at: 10 }).date).toEqual(new Date(10_000));
    expect(previewMatchFields({ status: 'SCHEDULED' }).date).toBeNull();
  });

  it('maps the status word and keeps scores and the winner of a finished match', () => {
    expect(previewMatchFields({ status: 'FINISHED', results: { winner: 'faction2', score: { faction1: 0, faction2: 2 } } })).toMatchObject({
      status: 'completed',
      score1: 0,
      score2: 2,
      winner: 'faction2',
    });
    expect(previewMatchFields({ status: 'FINISHED', results: { score: { faction1: 2, faction2: 1 } } }).winner).toBe('faction1');
  });

  it('never names a winner before the match is completed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('SCHEDULED', 'READY', 'ONGOING', 'CANCELLED', 'ABORTED', 'UNKNOWN', 'VOTING'),
        fc.constantFrom('faction1', 'faction2', null),
        (status, winner) => previewMatchFields({ status, results: { winner, score: { faction1: 1, faction2: 0 } } }).winner === null,
      ),
    );
  });
});

describe('participantMatchKey and isByeTeamName', () => {
  it('builds the matcher key', () => {
    expect(participantMatchKey('faceit', 'Alpha U')).toBe('platform:faceit:team:Alpha U');
  });

  it('treats empty and bye names as byes', () => {
    expect(['', '  ', 'bye', ' BYE ', null, undefined].every(isByeTeamName)).toBe(true);
    expect(isByeTeamName('Byers College')).toBe(false);
  });
});
