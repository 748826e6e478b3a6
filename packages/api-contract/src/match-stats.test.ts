import { describe, expect, it } from 'vitest';
import { playerLeaderboardInput, replaceMatchMapsInput } from './match-stats';

const matchId = '00000000-0000-4000-8000-000000000001';

describe('match stats contract', () => {
  it('defaults the leaderboard to rating, descending, five maps minimum', () => {
    expect(playerLeaderboardInput.parse({})).toMatchObject({ sort: 'rating', order: 'desc', min_maps: 5, page: 1 });
  });

  it('refuses a leaderboard sort that is not a column, naming the columns', () => {
    const result = playerLeaderboardInput.safeParse({ sort: 'elo' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['sort']);
    expect(result.error!.issues[0]!.message).toContain('rating, adr');
  });

  it('fills unknown counts of a hand-entered line with null, never 0', () => {
    const parsed = replaceMatchMapsInput.parse({
      id: matchId,
      maps: [{ map: 'de_mirage', score_team1: 13, score_team2: 9, players: [{ side: 1, nickname: 'One', kills: 20, deaths: 15, assists: 3 }] }],
    });
    expect(parsed.maps[0]!.players[0]).toMatchObject({ headshots: null, damage: null, kills_5k: null, player_id: null });
    expect(parsed.vetoes).toEqual([]);
  });

  it('names a negative count and a bad map code by their path', () => {
    const result = replaceMatchMapsInput.safeParse({
      id: matchId,
      maps: [{ map: 'Mirage!', score_team1: 13, score_team2: 9, players: [{ side: 1, nickname: 'One', kills: -1, deaths: 15, assists: 3 }] }],
    });
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['maps.0.map', 'maps.0.players.0.kills']);
  });
});
