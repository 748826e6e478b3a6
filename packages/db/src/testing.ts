import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from './connection';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';

export interface TestDatabase extends DatabaseHandle {
  /** The URL of the database made for this test run, or undefined on PGlite. */
  url: string | undefined;
}

/**
 * Set by the vitest global setup (test-support/template-database.ts): the URL of a database
 * the run migrated once, which test databases on the same server are copied from.
 */
export const TEMPLATE_DATABASE_VARIABLE = 'CAMPUS_TEST_TEMPLATE_URL';

const serverOf = (url: URL) => `${url.protocol}//${url.username}@${url.host}`;

/** The run's migrated template on `serverUrl`'s server, if the global setup made one there. */
function templateOn(serverUrl: string): string | undefined {
  const template = process.env[TEMPLATE_DATABASE_VARIABLE];
  if (!template) return undefined;
  const url = new URL(template);
  return serverOf(url) === serverOf(new URL(serverUrl)) ? url.pathname.slice(1) : undefined;
}

/**
 * A database migrated once for a whole test run, to copy with CREATE DATABASE … TEMPLATE:
 * copying an 11 MB database takes a tenth of the time of running every migration. It takes
 * no connections (PostgreSQL refuses to copy a database anyone is connected to), and `drop`
 * removes it at the end of the run.
 */
export async function createTemplateDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `campus_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = createDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  await adminQuery(serverUrl, `ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
  return {
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server of
 * DATABASE_URL (dropped on close), or an in-memory PGlite when DATABASE_URL is unset. On
 * PostgreSQL it is a copy of the run's template when the global setup made one on that
 * server, and is migrated here otherwise (a run outside the root vitest config, a bench).
 */
export async function createTestDatabase(
  options: { engine?: 'auto' | 'pglite' } = {},
): Promise<TestDatabase> {
  const serverUrl = options.engine === 'pglite' ? undefined : process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = createDatabase({ dataDir: 'memory://' });
    await migrateToLatest(handle.db);
    return { ...handle, url: undefined };
  }
  const name = `campus_test_${randomBytes(6).toString('hex')}`;
  const template = templateOn(serverUrl);
  await adminQuery(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = createDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  if (!template) await migrateToLatest(handle.db);
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * Names of the teams whose Elo history does not chain (docs/architecture.md, "The Elo
 * ledger"): taken in ledger order (time, matches before adjustments, id), each event must
 * start where the one before ended (the first at the starting Elo), and the last must end at
 * the team's Elo. Empty when the ledger is consistent.
 */
export async function eloLedgerBreaks(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    WITH events AS (
      SELECT m.team1_id AS team_id, m.date AS at, 0 AS kind, m.id, e.team1_elo_before AS before, e.team1_elo_before + e.team1_elo_change AS after FROM matches m JOIN match_elo e ON e.match_id = m.id
      UNION ALL
      SELECT m.team2_id, m.date, 0, m.id, e.team2_elo_before, e.team2_elo_before + e.team2_elo_change FROM matches m JOIN match_elo e ON e.match_id = m.id
      UNION ALL
      SELECT team_id, at, 1, id, elo_before, elo_after FROM elo_adjustments
    ), chained AS (
      SELECT team_id, before, after, lag(after) OVER w AS previous, row_number() OVER w AS n, count(*) OVER (PARTITION BY team_id) AS total
      FROM events WINDOW w AS (PARTITION BY team_id ORDER BY at, kind, id)
    )
    SELECT t.name FROM teams t
    WHERE EXISTS (SELECT 1 FROM chained c WHERE c.team_id = t.id AND c.before IS DISTINCT FROM COALESCE(c.previous, t.starting_elo))
      OR t.elo IS DISTINCT FROM COALESCE((SELECT c.after FROM chained c WHERE c.team_id = t.id AND c.n = c.total), t.starting_elo)
    ORDER BY t.name
  `.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Matches with their Elo ledger row (match_elo) as the columns matches had before migration
 * 0104: elo_applied and each side's Elo before and change (null when it moved no Elo). A
 * stand-in for `db.selectFrom('matches')` in tests that read the ledger.
 */
export function selectMatchesWithElo(db: Kysely<Database>) {
  const matches = db
    .selectFrom('matches')
    .leftJoin('match_elo', 'match_elo.match_id', 'matches.id')
    .selectAll('matches')
    .select([
      sql<boolean>`match_elo.match_id IS NOT NULL`.as('elo_applied'),
      'match_elo.team1_elo_before',
      'match_elo.team2_elo_before',
      'match_elo.team1_elo_change',
      'match_elo.team2_elo_change',
    ]);
  return db.selectFrom(matches.as('matches'));
}

/** Records that a match moved Elo (its match_elo row), as the ledger would; for tests that build a history by hand. */
export async function setMatchElo(
  db: Kysely<Database>,
  matchId: string,
  elo: { team1_elo_before: number; team2_elo_before: number; team1_elo_change: number; team2_elo_change: number } | null,
): Promise<void> {
  if (elo === null) {
    await db.deleteFrom('match_elo').where('match_id', '=', matchId).execute();
    return;
  }
  await db
    .insertInto('match_elo')
    .values({ match_id: matchId, ...elo })
    .onConflict((oc) => oc.column('match_id').doUpdateSet(elo))
    .execute();
}
