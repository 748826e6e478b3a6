import { describe, expect, it } from 'vitest';
import { MAX_LINES_PER_SIDE, mapDetailsProblems, type MapDetailsInput } from './validation';

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

describe('what a map and a line can hold', () => {
  const line = (counts: Record<string, number | null>, side: 1 | 2 = 1, nickname = 'One') => ({ side, player_id: null, nickname, counts });
  const oneMap = (map: Partial<MapDetailsInput['maps'][number]>, vetoes: MapDetailsInput['vetoes'] = []): MapDetailsInput => ({
    match: { score_team1: 13, score_team2: 9 },
    maps: [{ map: 'de_mirage', score_team1: 13, score_team2: 9, players: [], ...map }],
    vetoes,
  });
  const fields = (input: MapDetailsInput) => mapDetailsProblems(input).map((problem) => problem.field);

  it('names counts beyond the map’s rounds or each other', () => {
    expect(fields(oneMap({ players: [line({ deaths: 23, kills: 111, kast_rounds: 23, headshots: 112 })] }))).toEqual([
      'maps.0.players.0.deaths',
      'maps.0.players.0.kills',
      'maps.0.players.0.kast_rounds',
      'maps.0.players.0.headshots',
    ]);
    expect(fields(oneMap({ players: [line({ kills: 10, kills_2k: 3, kills_3k: 2, kills_4k: 0, kills_5k: 0, entry_attempts: 1, entry_wins: 2, clutch_attempts: 0, clutch_wins: 1 })] }))).toEqual([
      'maps.0.players.0.entry_wins',
      'maps.0.players.0.clutch_wins',
      'maps.0.players.0.kills_2k',
    ]);
  });

  it('names halves that do not add up, ten players on a side and a nickname twice on a side', () => {
    expect(fields(oneMap({ halves: { team1: [7, 5], team2: [4, 5] } }))).toEqual(['maps.0.halves']);
    expect(fields(oneMap({ halves: { team1: [6, 5], team2: [4, 4] }, overtime: { team1: 2, team2: 1 } }))).toEqual([]);
    const ten = Array.from({ length: 10 }, (_, n) => line({ kills: 1 }, 2, `p${n}`));
    expect(mapDetailsProblems(oneMap({ players: ten }))).toEqual([{ field: 'maps.0.players', reason: `A side lists at most ${MAX_LINES_PER_SIDE} players; side 2 lists more.` }]);
    expect(fields(oneMap({ players: [{ ...line({}), player_id: 'a' }, { ...line({}), player_id: 'b' }] }))).toEqual(['maps.0.players.1.nickname']);
  });

  it('names a veto step with the wrong side and a banned map that is played', () => {
    expect(
      fields(
        oneMap({}, [
          { map: 'de_nuke', side: null, action: 'ban' },
          { map: 'de_train', side: 1, action: 'decider' },
          { map: 'de_mirage', side: 2, action: 'ban' },
        ]),
      ),
    ).toEqual(['vetoes.0.side', 'vetoes.1.side', 'vetoes.2.map']);
  });
});
