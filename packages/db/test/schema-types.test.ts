import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSchemaTypes, GENERATED_SCHEMA_FILE } from '../src/schema-codegen';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// Both engines, as in connection.test.ts: the types must agree with the migrations on each.
describe.each(['auto', 'pglite'] as const)('generated table types (%s)', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ engine });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('match the migrated database', async () => {
    const committed = await readFile(GENERATED_SCHEMA_FILE, 'utf8');
    const generated = await generateSchemaTypes(database.db);
    expect(committed, 'packages/db/src/schema.generated.ts is stale: run `pnpm db:types` and commit the result').toBe(generated);
  });
});
