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

/**
 * The text of a PostgreSQL array of uuids, numbers, booleans and nulls, for a parameter cast
 * to an array type. node-postgres quotes and escapes each element of an array parameter on its
 * own, which for the 300,000 rows of Recalculate All costs more than the write; these values
 * need neither.
 */
export function plainArrayLiteral(values: readonly (string | number | boolean | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;
}
