// The stats leaderboards' sort columns, without zod: the web app's /stats route imports them,
// and a module with schemas would bring zod's code into that page's first load.

/** GET /v1/public/stats/players: what the player leaderboard sorts by. */
export const PLAYER_LEADERBOARD_SORTS = ['rating', 'adr', 'kd', 'plus_minus', 'hs_pct', 'kills', 'maps', 'clutch_wins', 'first_kills'] as const;

/** GET /v1/public/stats/teams: what the team map leaderboard sorts by. */
export const TEAM_MAP_LEADERBOARD_SORTS = ['played', 'wins', 'win_pct', 'round_diff', 'picks', 'bans'] as const;
