import type { CSSProperties, ReactNode } from 'react';
import classes from './MapBanner.module.css';

// The repository holds no map pictures: each map gets a colour of its own (dark enough for
// white text), the same on every page, so a visitor learns to spot it.
const MAP_HUES: Readonly<Record<string, number>> = {
  de_ancient: 150,
  de_anubis: 40,
  de_dust2: 30,
  de_inferno: 10,
  de_mirage: 48,
  de_nuke: 200,
  de_overpass: 170,
  de_train: 220,
  de_vertigo: 260,
};

/** The maps the filters offer: the active duty pool (any other map seen in a URL is added). */
export const ACTIVE_MAP_POOL = Object.keys(MAP_HUES);

/** A map's hue: its own for the active pool, else one derived from its code. */
export function mapHue(code: string): number {
  const known = MAP_HUES[code];
  if (known !== undefined) return known;
  let hash = 0;
  for (const char of code) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/** A map's coloured banner with its name; `compact` is a small chip for tables. */
export function MapBanner({ code, name, compact = false, children }: { code: string; name: string; compact?: boolean; children?: ReactNode }) {
  const hue = mapHue(code);
  return (
    <div className={compact ? classes.chip : classes.banner} style={{ '--map-hue': hue } as CSSProperties} data-map={code}>
      <span className={classes.name}>{name}</span>
      {children}
    </div>
  );
}
