/**
 * The counting columns of a player's line on a map (match_map_players, migration 0096) beyond
 * rounds, kills, deaths and assists: each null where the source lacks it, never 0. Migration
 * 0096 creates the table from this list, so it is frozen: a new count takes a migration of its
 * own and a list beside this one.
 */
export const LINE_COUNT_COLUMNS = [
  'headshots',
  'damage',
  'mvps',
  'kills_2k',
  'kills_3k',
  'kills_4k',
  'kills_5k',
  'first_kills',
  'entry_attempts',
  'entry_wins',
  'clutch_attempts',
  'clutch_wins',
  'utility_damage',
  'flash_successes',
  'sniper_kills',
  'kast_rounds',
] as const;
