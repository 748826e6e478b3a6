import { describe, expect, it } from 'vitest';
import { mapDetailsProblems, type MapDetailsInput } from './validation';

const bestOfThree = (): MapDetailsInput => ({
  match: { score_team1: 2, score_team2: 1 },
  maps: [
    { map: 'de_mirage', score_team1: 13, score_team2: 9, players: [{ side: 1, player_id: 'p1', nickname: 'One', counts: { kills: 20 } }] },
    { map: 'de_inferno', score_team1: 10, score_team2: 13, players: [{ side: 2, player_id: 'p2', nickname: 'Two', counts: { kills: 14 } }] },
    { map: 'de_nuke', score_team1: 16, score_team2: 14, players: [] },
  ],
  vetoes: [{ map: 'de_ancient' }, { map: 'de_anubis' }],
});

describe('match map details rules', () => {
  it('accepts a consistent best-of-three and a best-of-one', () => {
    expect(mapDetailsProblems(bestOfThree())).toEqual([]);
    expect(mapDetailsProblems({ match: { score_team1: 13, score_team2: 9 }, maps: [bestOfThree().maps[0]!], vetoes: [] })).toEqual([]);
  });

  it('names a map score that contradicts the match score', () => {
    const input = bestOfThree();
    input.match.score_team2 = 0;
    expect(mapDetailsProblems(input)).toEqual([{ field: 'maps', reason: expect.stringContaining('contradict') }]);
    expect(mapDetailsProblems({ match: { score_team1: 13, score_team2: 7 }, maps: [bestOfThree().maps[0]!], vetoes: [] })[0]!.field).toBe('maps.0.score');
  });

  it('names a player on both sides', () => {
    const input = bestOfThree();
    input.maps[0]!.players.push({ side: 2, player_id: 'p1', nickname: 'One', counts: {} });
    expect(mapDetailsProblems(input)).toEqual([{ field: 'maps.0.players.1', reason: 'One is listed on both sides.' }]);
  });

  it('names negative numbers', () => {
    const input = bestOfThree();
    input.maps[1]!.players[0]!.counts.deaths = -2;
    expect(mapDetailsProblems(input)).toEqual([{ field: 'maps.1.players.0.deaths', reason: expect.stringContaining('0 or more') }]);
  });

  it('names a veto that names a map twice', () => {
    const input = bestOfThree();
    input.vetoes.push({ map: 'de_ancient' });
    expect(mapDetailsProblems(input)).toEqual([{ field: 'vetoes.2.map', reason: 'de_ancient is named twice in the veto.' }]);
  });
});
