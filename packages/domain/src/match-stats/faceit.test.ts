import { describe, expect, it } from 'vitest';
import details from './fixtures/match-details-bo3.json';
import stats from './fixtures/match-stats-bo3.json';
import { parseFaceitMaps, type FaceitMatchDetails, type FaceitMatchStats } from './faceit';
import { mapDetailsProblems } from './validation';

describe('FACEIT maps and lines parser', () => {
  const maps = parseFaceitMaps(details as FaceitMatchDetails, stats as FaceitMatchStats);

  it('reads a best-of-three fixture into three maps in pick order with scores, winners and halves', () => {
    expect(maps.map(({ number, map, score_team1, score_team2, winner_side }) => ({ number, map, score_team1, score_team2, winner_side }))).toEqual([
      { number: 1, map: 'de_mirage', score_team1: 13, score_team2: 9, winner_side: 1 },
      { number: 2, map: 'de_inferno', score_team1: 14, score_team2: 16, winner_side: 2 },
      { number: 3, map: 'de_nuke', score_team1: 13, score_team2: 7, winner_side: 1 },
    ]);
    expect(maps[0]!.halves!.team1).toEqual([8, 5]);
    expect(maps[0]!.overtime).toBeNull();
  });

  it('turns every player’s string stats into numbers, summing the 1vN clutches', () => {
    const owl = maps[0]!.players.find((line) => line.nickname === 'owlEye')!;
    expect(owl).toMatchObject({ side: 1, platform_player_id: 'p-0001', kills: 24, deaths: 13, headshots: 12, damage: 2229, kills_2k: 4, kills_3k: 2, clutch_attempts: 3, clutch_wins: 2, kast_rounds: null });
    expect(maps[0]!.players).toHaveLength(10);
  });

  it('keeps a stat the answer lacks as null, never 0', () => {
    const older: FaceitMatchStats = { rounds: [{ round_stats: { Map: 'de_mirage' }, teams: [{ team_id: 'x', players: [{ player_id: 'p', nickname: 'n', player_stats: { Kills: '10', Deaths: '12', Assists: '2' } }] }] }] };
    const [map] = parseFaceitMaps(details as FaceitMatchDetails, older);
    expect(map!.players[0]).toMatchObject({ kills: 10, damage: null, kills_2k: null, clutch_attempts: null });
    expect(map!.halves).toBeNull();
  });

  it('gives the maps without lines when the stats are not there yet (a 404)', () => {
    expect(parseFaceitMaps(details as FaceitMatchDetails, null).map((map) => map.players.length)).toEqual([0, 0, 0]);
  });

  it('passes the match details rules against the series score', () => {
    const input = { match: { score_team1: 2, score_team2: 1 }, vetoes: [], maps: maps.map((map) => ({ ...map, players: map.players.map((line) => ({ ...line, player_id: null, counts: { kills: line.kills } })) })) };
    expect(mapDetailsProblems(input)).toEqual([]);
  });
});
