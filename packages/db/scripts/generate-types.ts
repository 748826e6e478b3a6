// `pnpm db:types`: migrates a fresh in-memory database and rewrites src/schema.generated.ts from
// it. PostgreSQL gives the same file: test/schema-types.test.ts checks both.
import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { generateSchemaTypes, GENERATED_SCHEMA_FILE } from '../src/schema-codegen';
import { createTestDatabase } from '../src/testing';

const database = await createTestDatabase({ engine: 'pglite' });
try {
  await writeFile(GENERATED_SCHEMA_FILE, await generateSchemaTypes(database.db));
  console.log(`Wrote ${relative(process.cwd(), GENERATED_SCHEMA_FILE)}`);
} finally {
  await database.close();
}
