import { EMPTY_TOTALS, mapDisplayName, statRates, type LineTotals } from '@campus-elo/domain';

/** The columns of a totals row that the rates need (every totals table has them, migrations 0096 and 0097). */
export const LINE_TOTAL_COLUMNS = Object.keys(EMPTY_TOTALS) as (keyof LineTotals)[];

/** A totals row as JSON or SQL gives it (sums may be text or null) into numbers. */
export function toLineTotals(row: object | null | undefined): LineTotals {
  const values = (row ?? {}) as Partial<Record<keyof LineTotals, unknown>>;
  return Object.fromEntries(LINE_TOTAL_COLUMNS.map((column) => [column, Number(values[column] ?? 0)])) as unknown as LineTotals;
}

/** The contract's stat line (statTotalsSchema) of summed lines. */
export function statLine(totals: LineTotals) {
  return { maps: totals.maps, rounds: totals.rounds, kills: totals.kills, deaths: totals.deaths, assists: totals.assists, ...statRates(totals) };
}

export const withMapName = <T extends { map: string }>(row: T) => ({ ...row, map_name: mapDisplayName(row.map) });
