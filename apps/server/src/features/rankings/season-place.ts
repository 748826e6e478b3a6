import { SEASON_PLACE_ORDER, type PlacedTeam } from '@campus-elo/domain';
import { sql, type RawBuilder } from 'kysely';
import type { SortKey } from '../../lib/paging';

// The domain's place in a season (packages/domain, season-place.ts) in SQL: the same keys in
// the same order wherever teams are placed (the rankings list, the team page, the snapshot).

/** SEASON_PLACE_ORDER as sort keys of the lists. */
export const seasonPlaceSortKeys: SortKey[] = SEASON_PLACE_ORDER.map((key) => ({ ...key }));

type Columns = Record<keyof PlacedTeam, RawBuilder<unknown>>;

/** ORDER BY's list for the given columns (a row_number() window, say). */
export function seasonPlaceOrderSql(columns: Columns): RawBuilder<unknown> {
  return sql.join(SEASON_PLACE_ORDER.map((key) => sql`${columns[key.column]} ${sql.raw(key.direction)}`));
}

/** True when the team of `other` is placed above the team of `team`. */
export function placedAboveSql(other: Columns, team: Columns): RawBuilder<boolean> {
  // Above on the first key, or equal on every key before one it is above on.
  let condition = sql<boolean>`false`;
  let equalSoFar = sql<boolean>`true`;
  for (const key of SEASON_PLACE_ORDER) {
    const beats = sql<boolean>`${other[key.column]} ${sql.raw(key.direction === 'desc' ? '>' : '<')} ${team[key.column]}`;
    condition = sql<boolean>`(${condition} OR (${equalSoFar} AND ${beats}))`;
    equalSoFar = sql<boolean>`(${equalSoFar} AND ${other[key.column]} = ${team[key.column]})`;
  }
  return condition;
}

/** The teams table's columns under an alias. */
export function teamColumns(alias: string): Columns {
  return { elo: sql.ref(`${alias}.elo`), name: sql.ref(`${alias}.name`), id: sql.ref(`${alias}.id`) };
}
