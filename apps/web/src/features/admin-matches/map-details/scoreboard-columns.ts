/** A count a scoreboard line can carry (the contract's line fields besides the player). */
export type CountKey =
  | 'kills'
  | 'deaths'
  | 'assists'
  | 'headshots'
  | 'damage'
  | 'mvps'
  | 'kills_2k'
  | 'kills_3k'
  | 'kills_4k'
  | 'kills_5k'
  | 'first_kills'
  | 'entry_attempts'
  | 'entry_wins'
  | 'clutch_attempts'
  | 'clutch_wins'
  | 'utility_damage'
  | 'flash_successes'
  | 'sniper_kills'
  | 'kast_rounds';

export interface CountColumn {
  key: CountKey;
  /** The column's heading in the table. */
  short: string;
  /** The column in words, for labels and messages. */
  label: string;
}

/** Always shown: kills, deaths and assists must be entered, headshots and damage may stay empty. */
export const MAIN_COLUMNS: readonly CountColumn[] = [
  { key: 'kills', short: 'K', label: 'kills' },
  { key: 'deaths', short: 'D', label: 'deaths' },
  { key: 'assists', short: 'A', label: 'assists' },
  { key: 'headshots', short: 'HS', label: 'headshot kills' },
  { key: 'damage', short: 'Damage', label: 'damage' },
];

/** Shown on request ('More columns'); empty means not known, never 0. */
export const MORE_COLUMNS: readonly CountColumn[] = [
  { key: 'mvps', short: 'MVPs', label: 'MVPs' },
  { key: 'kills_2k', short: '2k', label: '2-kill rounds' },
  { key: 'kills_3k', short: '3k', label: '3-kill rounds' },
  { key: 'kills_4k', short: '4k', label: '4-kill rounds' },
  { key: 'kills_5k', short: '5k', label: '5-kill rounds' },
  { key: 'first_kills', short: 'FK', label: 'first kills' },
  { key: 'entry_attempts', short: 'Entries', label: 'entry attempts' },
  { key: 'entry_wins', short: 'Entry wins', label: 'entry wins' },
  { key: 'clutch_attempts', short: 'Clutches', label: 'clutch attempts' },
  { key: 'clutch_wins', short: 'Clutch wins', label: 'clutch wins' },
  { key: 'utility_damage', short: 'UD', label: 'utility damage' },
  { key: 'flash_successes', short: 'Flashes', label: 'flash successes' },
  { key: 'sniper_kills', short: 'Sniper', label: 'sniper kills' },
  { key: 'kast_rounds', short: 'KAST rds', label: 'KAST rounds' },
];

export const ALL_COLUMNS: readonly CountColumn[] = [...MAIN_COLUMNS, ...MORE_COLUMNS];

export const REQUIRED_COUNTS: readonly CountKey[] = ['kills', 'deaths', 'assists'];

export function columnLabel(key: string): string {
  return ALL_COLUMNS.find((column) => column.key === key)?.label ?? key.replace(/_/g, ' ');
}
