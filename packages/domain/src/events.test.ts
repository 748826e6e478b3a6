import { describe, expect, it } from 'vitest';
import { eventStatus, placementLabel, seedOrder, standings, withByes } from './events';

const teams = [
  { id: 'a', name: 'Alpha', elo: 1000 },
  { id: 'b', name: 'Bravo', elo: 1200 },
  { id: 'c', name: 'Charlie', elo: 1100 },
  { id: 'd', name: 'Delta', elo: 1100 },
];

describe('seedOrder', () => {
  it('orders by Elo, highest first, ties by name', () => {
    expect(seedOrder(teams, 'elo').map((t) => t.id)).toEqual(['b', 'c', 'd', 'a']);
  });
  it('keeps the given order by hand', () => {
    expect(seedOrder(teams, 'manual').map((t) => t.id)).toEqual(['a', 'b', 'c', 'd']);
  });
  it('draws the same order from the same seed, and another from another seed', () => {
    const many = Array.from({ length: 16 }, (_, i) => ({ id: `t${i}`, name: `T${i}`, elo: 1000 }));
    const first = seedOrder(many, 'random', 'spring-cup').map((t) => t.id);
    expect(seedOrder(many, 'random', 'spring-cup').map((t) => t.id)).toEqual(first);
    expect(seedOrder(many, 'random', 'autumn-cup').map((t) => t.id)).not.toEqual(first);
    expect([...first].sort()).toEqual(many.map((t) => t.id).sort());
  });
});

describe('withByes', () => {
  it('pads to the next power of two with byes', () => {
    expect(withByes(['1', '2', '3', '4', '5', '6'])).toEqual(['1', '2', '3', '4', '5', '6', null, null]);
    expect(withByes(['1', '2', '3', '4'])).toEqual(['1', '2', '3', '4']);
    expect(withByes(['1', '2', '3'])).toHaveLength(4);
  });
});

describe('eventStatus', () => {
  const event = { startDate: '2026-03-01', endDate: '2026-03-03', decided: false, anyPlayed: false };
  it('is upcoming before the start, ongoing during, past after the end or once decided', () => {
    expect(eventStatus(event, '2026-02-28')).toBe('upcoming');
    expect(eventStatus(event, '2026-03-02')).toBe('ongoing');
    expect(eventStatus(event, '2026-03-04')).toBe('past');
    expect(eventStatus({ ...event, decided: true }, '2026-03-02')).toBe('past');
    expect(eventStatus({ ...event, anyPlayed: true }, '2026-02-28')).toBe('ongoing');
  });
});

describe('standings', () => {
  it('orders by wins, then round difference, then head-to-head, then seed', () => {
    const rows = standings(
      ['a', 'b', 'c', 'd'],
      [
        { team1Id: 'a', team2Id: 'b', score1: 13, score2: 11, winnerId: 'a' },
        { team1Id: 'c', team2Id: 'd', score1: 13, score2: 3, winnerId: 'c' },
        { team1Id: 'b', team2Id: 'c', score1: 13, score2: 11, winnerId: 'b' },
        { team1Id: 'a', team2Id: 'd', score1: 5, score2: 13, winnerId: 'd' },
      ],
    );
    expect(rows.map((r) => [r.teamId, r.wins, r.losses, r.roundDifference])).toEqual([
      ['c', 1, 1, 8],
      ['b', 1, 1, 0],
      ['d', 1, 1, -2],
      ['a', 1, 1, -6],
    ]);
  });
  it('breaks an exact tie by the match between the tied teams', () => {
    const rows = standings(['a', 'b'], [{ team1Id: 'a', team2Id: 'b', score1: 1, score2: 2, winnerId: 'b' }, { team1Id: 'b', team2Id: 'a', score1: 1, score2: 2, winnerId: 'a' }]);
    expect(rows.map((r) => r.teamId)).toEqual(['a', 'b']);
  });
});

describe('placementLabel', () => {
  const base = { champion: false, runnerUp: false, losses: [] as string[], teamCount: 8 };
  it('names the champion and the runner-up', () => {
    expect(placementLabel({ ...base, format: 'single_elimination', champion: true })).toBe('Champion');
    expect(placementLabel({ ...base, format: 'double_elimination', runnerUp: true, losses: ['Upper final', 'Grand final'] })).toBe('Runner-up');
  });
  it('says where an eliminated team went out: one loss in single, two in double elimination', () => {
    expect(placementLabel({ ...base, format: 'single_elimination', losses: ['Semifinals'] })).toBe('Out in Semifinals');
    expect(placementLabel({ ...base, format: 'double_elimination', losses: ['Upper round 1'] })).toBeNull();
    expect(placementLabel({ ...base, format: 'double_elimination', losses: ['Upper round 1', 'Lower round 2'] })).toBe('Out in Lower round 2');
  });
  it('gives the place in a round robin or Swiss', () => {
    expect(placementLabel({ ...base, format: 'round_robin', rank: 2, teamCount: 5 })).toBe('2nd of 5');
    expect(placementLabel({ ...base, format: 'swiss', rank: 13, teamCount: 16 })).toBe('13th of 16');
    expect(placementLabel({ ...base, format: 'swiss', rank: 21, teamCount: 32 })).toBe('21st of 32');
  });
});
