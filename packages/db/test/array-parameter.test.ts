import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integerArray, uuidArray } from '../src/array-parameter';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// Array parameters travel in binary on node-postgres and as text on PGlite: both must arrive as the same arrays.
describe.each(['auto', 'pglite'] as const)('array parameters (%s)', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ engine });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('arrive as the uuids and integers given, NaN as NULL, in order', async () => {
    const ids = ['00000000-0000-4000-8000-000000000001', 'ffffffff-ffff-4fff-bfff-fffffffffffe', '0a1B2c3D-4e5F-4a6b-8c7d-8e9fa0b1c2d3'];
    const { rows } = await sql<{ id: string; value: number | null; n: number }>`
      SELECT v.id::text AS id, v.value, v.n::int AS n
      FROM unnest(${uuidArray(ids)}::uuid[], ${integerArray(new Float64Array([-2_147_483_648, Number.NaN, 2_147_483_647]))}::int[]) WITH ORDINALITY AS v(id, value, n)
      ORDER BY v.n
    `.execute(database.db);
    expect(rows).toEqual([
      { id: ids[0], value: -2_147_483_648, n: 1 },
      { id: ids[1], value: null, n: 2 },
      { id: ids[2]!.toLowerCase(), value: 2_147_483_647, n: 3 },
    ]);
  });

  it('may be empty', async () => {
    const { rows } = await sql<{ ids: number; values: number }>`
      SELECT cardinality(${uuidArray([])}::uuid[]) AS ids, cardinality(${integerArray([])}::int[]) AS values
    `.execute(database.db);
    expect(rows).toEqual([{ ids: 0, values: 0 }]);
  });
});

describe('array parameters in binary', () => {
  it('refuse what is not a uuid or a 32-bit integer, as PostgreSQL would', () => {
    expect(() => uuidArray(['00000000-0000-4000-8000-00000000000g']).toPostgres()).toThrow(/not a uuid/);
    expect(() => uuidArray(['00000000000040008000000000000001']).toPostgres()).toThrow(/not a uuid/);
    expect(() => integerArray([1.5]).toPostgres()).toThrow(/not a 32-bit integer/);
    expect(() => integerArray([2 ** 31]).toPostgres()).toThrow(/not a 32-bit integer/);
  });
});
