import type { Paged } from '@campus-elo/api-contract';
import { sql, type RawBuilder } from 'kysely';

export interface PageRequest {
  page: number;
  page_size: number;
}

/** LIMIT and OFFSET of one page (pages count from 1). */
export function pageWindow({ page, page_size }: PageRequest): { limit: number; offset: number } {
  return { limit: page_size, offset: (page - 1) * page_size };
}

/** Escapes LIKE wildcards so a filter text matches literally: '50%_off' finds '50%_off'. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A list query answers `total LEFT JOIN page`: every row carries the total count, and a page
 * past the end still answers one row (with a null id) so the count is never lost.
 */
export function toPaged<Row extends { count: number | string; id: string | null }, Item>(
  rows: Row[],
  request: PageRequest,
  toItem: (row: Row & { id: string }) => Item,
): Paged<Item> {
  const count = Number(rows[0]?.count ?? 0);
  const results = rows.filter((row): row is Row & { id: string } => row.id !== null).map(toItem);
  return {
    count,
    total_pages: Math.ceil(count / request.page_size),
    current_page: request.page,
    page_size: request.page_size,
    results,
  };
}

export type Direction = 'asc' | 'desc';

export interface SortKey {
  column: string;
  direction: Direction;
  /** Nullable columns put missing values last both ways (only these: NULLS LAST on a NOT NULL column would hide its index). */
  nullable?: boolean;
}

/** One ORDER BY list over `table`'s columns, used both inside the page and on the joined answer. */
export function orderBySql(table: string, keys: readonly SortKey[]): RawBuilder<unknown> {
  const parts = keys.map(
    (key) => sql`${sql.ref(`${table}.${key.column}`)} ${sql.raw(key.direction)}${sql.raw(key.nullable && key.direction === 'desc' ? ' nulls last' : '')}`,
  );
  return sql`${sql.join(parts)}`;
}

/**
 * A NOT NULL column of a row on the page: joining the page onto the total makes its type
 * nullable, but on a row with an id it is always there.
 */
export function present<T>(value: T | null): T {
  if (value === null) throw new Error('A listed row is missing a required column');
  return value;
}
