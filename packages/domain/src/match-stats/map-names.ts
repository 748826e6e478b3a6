/**
 * Display names of CS2 map codes: the active duty pool and the maps leagues still play.
 * Any other code shows as itself without its `de_`/`cs_` prefix, capitalised.
 */
const MAP_NAMES: Readonly<Record<string, string>> = {
  de_ancient: 'Ancient',
  de_anubis: 'Anubis',
  de_dust2: 'Dust II',
  de_inferno: 'Inferno',
  de_mirage: 'Mirage',
  de_nuke: 'Nuke',
  de_overpass: 'Overpass',
  de_train: 'Train',
  de_vertigo: 'Vertigo',
  de_cache: 'Cache',
  de_cobblestone: 'Cobblestone',
  de_tuscan: 'Tuscan',
  de_basalt: 'Basalt',
  de_edin: 'Edin',
  de_palais: 'Palais',
  de_whistle: 'Whistle',
  cs_office: 'Office',
  cs_italy: 'Italy',
};

export function mapDisplayName(code: string): string {
  const known = MAP_NAMES[code];
  if (known) return known;
  const bare = code.replace(/^(de|cs|ar|aim)_/, '').replace(/_/g, ' ');
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/** A map code as stored: lower case letters, digits and underscores (migration 0096's check). */
export const MAP_CODE_PATTERN = /^[a-z0-9_]{1,40}$/;

/** Every map code with a display name, in the table's order: the choices of a map picker. */
export const KNOWN_MAP_CODES: readonly string[] = Object.keys(MAP_NAMES);

/** Valve's Active Duty pool since July 2025 (Overpass back for Anubis): the seven maps a league vetoes from. */
export const ACTIVE_DUTY_MAPS = ['de_ancient', 'de_dust2', 'de_inferno', 'de_mirage', 'de_nuke', 'de_overpass', 'de_train'] as const;
