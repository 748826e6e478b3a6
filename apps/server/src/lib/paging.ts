import type { Paged } from '@campus-elo/api-contract';
import { sql, type Expression, type QueryCreator, type RawBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';

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
 * A list as one statement: the count of every row that matches, and one page of items that
 * PostgreSQL builds as JSON in the page's order. A page past the end still knows the count.
 * `items` selects from a LIMITed page subquery, so per-item lookups (a team's name) run for
 * the page's rows only.
 */
export function pagedListQuery<DB, Item>(db: Pick<QueryCreator<DB>, 'selectNoFrom'>, count: Expression<unknown>, items: Expression<Item>) {
  return db.selectNoFrom([sql<number>`coalesce((${count}), 0)`.as('count'), jsonArrayFrom(items).as('results')]);
}

/** The contract's paged answer from a pagedListQuery row. */
export function toPaged<Item>(row: { count: number | string; results: Item[] }, request: PageRequest): Paged<Item> {
  const count = Number(row.count);
  return {
    count,
    total_pages: Math.ceil(count / request.page_size),
    current_page: request.page,
    page_size: request.page_size,
    results: row.results,
  };
}

export type Direction = 'asc' | 'desc';

export interface SortKey {
  column: string;
  direction: Direction;
  /** Nullable columns put missing values last both ways (only these: NULLS LAST on a NOT NULL column would hide its index). */
  nullable?: boolean;
}

/** One ORDER BY list over `table`'s columns, used both inside the page and on its items. */
export function orderBySql(table: string, keys: readonly SortKey[]): RawBuilder<unknown> {
  const parts = keys.map(
    (key) => sql`${sql.ref(`${table}.${key.column}`)} ${sql.raw(key.direction)}${sql.raw(key.nullable && key.direction === 'desc' ? ' nulls last' : '')}`,
  );
  return sql`${sql.join(parts)}`;
}


/** What the paging parameters of every list mean, for the OpenAPI document. */
export const PAGING_PARAMS = {
  order: "'asc' or 'desc'; the default depends on sort (highest Elo and newest first, names A-Z).",
  page: 'Page number, from 1. A page past the end answers an empty results list with the right count.',
  page_size: 'Items per page; above 100 is capped at 100.',
} as const;
