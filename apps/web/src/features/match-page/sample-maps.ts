import type { MatchMapsResponse } from '@campus-elo/api-contract';

// Sample map details for component tests: a best-of-three Owls (team-a) won 2-1 over Foxes (team-b).

type Line = MatchMapsResponse['maps'][number]['players'][number];

function line(name: string, team: string, kills: number, deaths: number, linked: boolean, overrides: Partial<Line> = {}): Line {
  return {
    player: linked ? { id: `p-${name.toLowerCase()}`, name, picture: null } : null,
    nickname: name.toLowerCase(),
    platform_player_id: null,
    team_id: team,
    kills,
    deaths,
    assists: 3,
    headshots: Math.floor(kills / 2),
    damage: kills * 100,
    adr: (kills * 100) / 22,
    hs_pct: 50,
    kast: null,
    rating: kills / 15,
    mvps: 1,
    kills_2k: 1,
    kills_3k: 0,
    kills_4k: 0,
    kills_5k: 0,
    first_kills: 2,
    entry_attempts: 3,
    entry_wins: 2,
    clutch_attempts: 1,
    clutch_wins: 0,
    utility_damage: 40,
    flash_successes: 2,
    sniper_kills: 0,
    ...overrides,
  };
}

const players = (a: number, b: number) => [
  line('Ada', 'team-a', 20 + a, 12, true),
  line('Bo', 'team-a', 10, 15 + a, true),
  line('Cy', 'team-b', 14 + b, 14, true),
  line('Dex', 'team-b', 9, 18, false),
];

export const sampleMaps: MatchMapsResponse = {
  maps: [
    { number: 1, map: 'de_mirage', map_name: 'Mirage', score_team1: 13, score_team2: 9, winner_id: 'team-a', picked_by_id: 'team-a', halves: { team1: [7, 6], team2: [5, 4] }, overtime: null, source: 'faceit', players: players(0, 0) },
    { number: 2, map: 'de_nuke', map_name: 'Nuke', score_team1: 11, score_team2: 13, winner_id: 'team-b', picked_by_id: 'team-b', halves: null, overtime: null, source: 'faceit', players: players(1, 4) },
    { number: 3, map: 'de_ancient', map_name: 'Ancient', score_team1: 16, score_team2: 14, winner_id: 'team-a', picked_by_id: null, halves: { team1: [6, 6], team2: [6, 6] }, overtime: { team1: 4, team2: 2 }, source: 'faceit', players: players(2, 1) },
  ],
  vetoes: [
    { step: 1, team_id: 'team-a', action: 'ban', map: 'de_dust2' },
    { step: 2, team_id: 'team-b', action: 'ban', map: 'de_inferno' },
    { step: 3, team_id: 'team-a', action: 'pick', map: 'de_mirage' },
    { step: 4, team_id: 'team-b', action: 'pick', map: 'de_nuke' },
    { step: 5, team_id: null, action: 'decider', map: 'de_ancient' },
  ],
};
