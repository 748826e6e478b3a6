import pg from 'pg';
import { getContainerRuntimeClient } from 'testcontainers';
import { afterEach, expect, it } from 'vitest';
import setup from '../test-support/postgres-container';

const dockerAnswers = await getContainerRuntimeClient().then(
  () => true,
  () => false,
);
const configured = process.env.DATABASE_URL;
afterEach(() => {
  if (configured === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = configured;
});

it('leaves a configured DATABASE_URL alone', async () => {
  process.env.DATABASE_URL = 'postgres://someone@db.example:5432/league';
  expect(await setup()).toBeUndefined();
  expect(process.env.DATABASE_URL).toBe('postgres://someone@db.example:5432/league');
});

it.runIf(!dockerAnswers)('without a Docker engine, changes nothing: the tests keep PGlite', async () => {
  delete process.env.DATABASE_URL;
  expect(await setup()).toBeUndefined();
  expect(process.env.DATABASE_URL).toBeUndefined();
});

it.runIf(dockerAnswers)(
  'with a Docker engine, points DATABASE_URL at a PostgreSQL container',
  async () => {
    delete process.env.DATABASE_URL;
    const teardown = await setup();
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{ version: string }>('SELECT version()');
    await client.end();
    await teardown!();
    expect(rows[0]!.version).toMatch(/^PostgreSQL 16/);
  },
  180_000,
);
