import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, createTestDatabase, type TestDatabase } from '@campus-elo/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliCommands } from '../../cli-commands';
import { loadConfig } from '../../config';
import { openDatabase } from '../../startup';
import { prepareData } from '../../startup-data';
import { verifyPassword } from './passwords';
import { DEMO_OWNER_EMAIL, prepareStaff } from './startup';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const passwordHashOf = async (email: string) =>
  (await database.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirst())?.password_hash;

describe('start-up staff', () => {
  it('creates the owner from ADMIN_EMAIL/ADMIN_PASSWORD once', async () => {
    const config = loadConfig({ ADMIN_EMAIL: 'first@league.test', ADMIN_PASSWORD: 'first owner password', SEED: 'none' });
    await prepareData(database.db, config, () => {});
    await prepareData(database.db, config, () => {});
    const users = await database.db.selectFrom('users').select(['email', 'role']).where('email', '=', 'first@league.test').execute();
    expect(users).toEqual([{ email: 'first@league.test', role: 'owner' }]);
    expect(await verifyPassword(await passwordHashOf('first@league.test'), 'first owner password')).toBe(true);
  });

  it('with SEED=demo prints exactly one "Demo owner" line whose password signs in, new on every start', async () => {
    // prepareStaff alone: prepareData would also seed the whole demo league.
    const config = loadConfig({ SEED: 'demo' });
    const lines: string[] = [];
    await prepareStaff(database.db, config, (line) => lines.push(line));
    const demoLines = lines.filter((line) => line.startsWith('Demo owner: '));
    expect(demoLines).toHaveLength(1);
    const [, email, password] = /^Demo owner: (\S+) \/ (\S+)$/.exec(demoLines[0]!)!;
    expect(email).toBe(DEMO_OWNER_EMAIL);
    expect(await verifyPassword(await passwordHashOf(DEMO_OWNER_EMAIL), password!)).toBe(true);

    const again: string[] = [];
    await prepareStaff(database.db, config, (line) => again.push(line));
    const secondPassword = /^Demo owner: \S+ \/ (\S+)$/.exec(again.find((l) => l.startsWith('Demo owner: '))!)![1]!;
    expect(secondPassword).not.toBe(password);
    expect(await verifyPassword(await passwordHashOf(DEMO_OWNER_EMAIL), password!)).toBe(false);
    expect(await database.db.selectFrom('users').select('role').where('email', '=', DEMO_OWNER_EMAIL).execute()).toEqual([{ role: 'owner' }]);
  });
});

describe('replicas starting together on one PostgreSQL database', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'only the replica holding the start-up lock resets and prints the demo owner password, and that password signs in',
    async () => {
      const shared = await createTestDatabase();
      try {
        const config = loadConfig({ DATABASE_URL: shared.url, SEED: 'demo' });
        const logs: string[][] = [[], []];
        const handles = await Promise.all(logs.map((lines) => openDatabase(config, (line) => lines.push(line))));
        await Promise.all(handles.map((handle) => handle.close()));
        const printed = logs.flat().map((line) => /^Demo owner: \S+ \/ (\S+)$/.exec(line)?.[1]).filter((password) => password !== undefined);
        expect(printed).toHaveLength(1);
        const stored = await shared.db.selectFrom('users').select('password_hash').where('email', '=', DEMO_OWNER_EMAIL).executeTakeFirstOrThrow();
        expect(await verifyPassword(stored.password_hash, printed[0]!)).toBe(true);
      } finally {
        await shared.close();
      }
    },
    60_000,
  );
});

describe('pnpm cli user add', () => {
  const userCommand = cliCommands.find((c) => c.name === 'user')!;
  let dataDir: string | undefined;
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds a staff member with the given role, and refuses a taken email or a bad role', async () => {
    // The CLI opens the configured database itself: the test server's, or an embedded one in a folder.
    dataDir = database.url ? undefined : mkdtempSync(join(tmpdir(), 'campus-cli-'));
    const config = loadConfig(database.url ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir });
    const run = (values: Record<string, string>) => userCommand.run({ config, values, positionals: ['add'], log: () => {} });
    await run({ email: 'helper@league.test', password: 'helper password', role: 'admin' });
    await expect(run({ email: 'HELPER@league.test', password: 'another password', role: 'admin' })).rejects.toThrow(/already exists/);
    await expect(run({ email: 'x@league.test', password: 'helper password', role: 'boss' })).rejects.toThrow(/admin or owner/);
    await expect(run({ email: 'y@league.test', password: 'short', role: 'admin' })).rejects.toThrow(/at least 8/);

    const handle = database.url ? undefined : createDatabase({ dataDir });
    const db = handle?.db ?? database.db;
    try {
      const user = await db.selectFrom('users').select(['email', 'role', 'password_hash']).where('email', '=', 'helper@league.test').executeTakeFirstOrThrow();
      expect(user.role).toBe('admin');
      expect(await verifyPassword(user.password_hash, 'helper password')).toBe(true);
    } finally {
      await handle?.close();
    }
  });
});
