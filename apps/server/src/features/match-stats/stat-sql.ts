import { sql, type RawBuilder } from 'kysely';
import { pageWindow, type PageRequest } from '../../lib/paging';

/*
 * Both leaderboards sort by a stored column of a kept totals table (migration 0100, decision
 * 0094), each indexed as (scope, column, row key): the rates are computed there by the formulas
 * of packages/domain (stat-sql.test.ts checks they agree), so a page is read in index order.
 */

export interface SortedPage {
  /** The selected columns over the totals row `s`; `sort_value` and the key columns are added. */
  columns: RawBuilder<unknown>;
  /** FROM clause, the totals table aliased `s` (joins allowed). */
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
  /** The stored column to sort by. */
  sort: string;
  /** The row's key columns, the ties' order. */
  key: readonly string[];
  order: 'asc' | 'desc';
  page: PageRequest;
}

/** The ORDER BY of a page's rows under `alias`: by value, unknown values last either way, then by key. */
export function pageOrder(alias: string, { key, order }: Pick<SortedPage, 'key' | 'order'>): RawBuilder<unknown> {
  const direction = sql.raw(order === 'asc' ? 'ASC' : 'DESC');
  return sql.join([sql`${sql.ref(`${alias}.sort_value`)} ${direction} NULLS LAST`, ...key.map((column) => sql`${sql.ref(`${alias}.${column}`)} ${direction}`)]);
}

/**
 * One page of rows by a stored column, as a subquery. The rows with a value and the rows
 * without are read apart, each in index order (ties by key in the same direction, so a
 * backward scan serves ascending and descending alike) and stopping at the page's end; the
 * page is cut from the two. Unknown values thus sort last in both directions without a sort.
 */
export function sortedPageSql(page: SortedPage): RawBuilder<unknown> {
  const direction = sql.raw(page.order === 'asc' ? 'ASC' : 'DESC');
  const { limit, offset } = pageWindow(page.page);
  const sortColumn = sql.ref(`s.${page.sort}`);
  const keyColumns = page.key.map((column) => sql.ref(`s.${column}`));
  const byKey = sql.join(keyColumns.map((column) => sql`${column} ${direction}`));
  // The rows without a value are ordered by the (null) value too, so both read the same index.
  const part = (known: boolean) => sql`(
    SELECT ${page.columns}, ${sql.join(keyColumns)}, ${sortColumn} AS sort_value
    FROM ${page.from}
    WHERE ${page.where} AND ${sortColumn} ${sql.raw(known ? 'IS NOT NULL' : 'IS NULL')}
    ORDER BY ${sortColumn} ${direction}, ${byKey}
    LIMIT ${limit + offset})`;
  return sql`SELECT * FROM (${part(true)} UNION ALL ${part(false)}) u ORDER BY ${pageOrder('u', page)} LIMIT ${limit} OFFSET ${offset}`;
}
