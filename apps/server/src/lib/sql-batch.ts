import { sql, type RawBuilder } from 'kysely';

/** Splits rows into statements of a bounded size (PostgreSQL takes at most 65535 parameters). */
export function chunked<T>(rows: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}

/** `(a, b), (c, d), ...` for a multi-row UPDATE ... FROM (VALUES ...). */
export function valuesList<T>(rows: readonly T[], row: (item: T) => RawBuilder<unknown>): RawBuilder<unknown> {
  return sql.join(rows.map(row));
}
