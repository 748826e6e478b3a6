import { sql, type Kysely } from 'kysely';

/** The channel every write transaction notifies at commit, with the new data version as payload (migration 0060). */
export const DATA_CHANGED_CHANNEL = 'data_changed';

/** The statement-level trigger that bumps the data version; one per table. */
export const DATA_VERSION_TRIGGER = 'data_version';

/**
 * The data version now, as text: it moves as soon as a transaction writes a table with the
 * trigger (nextval is not transactional, so even before that transaction commits), and only
 * then. Two reads that differ bracket a data change.
 */
export async function readDataVersion(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ version: string }>`SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text AS version FROM data_version`.execute(db);
  return rows[0]!.version;
}

/**
 * Tables whose writes never change a public read: sign-in state, staff accounts and their
 * security, the audit trail, backups and Elo runs (staff only), and the migrator's bookkeeping. Every
 * other table in the public schema gets the trigger, including tables a later migration
 * creates: forgetting to list one here costs needless invalidations, never stale answers.
 */
export const TABLES_WITHOUT_DATA_VERSION: readonly string[] = [
  'sessions',
  'login_attempts',
  'users',
  'totp_credentials',
  'recovery_codes',
  'security_settings',
  'audit_log',
  'backups',
  // Elo runs (what undo puts back): staff only; the teams and players they change have the trigger.
  'elo_runs',
  'elo_run_changes',
  // Bookkeeping of the live stream, the scheduled sync, webhooks, jobs and Discord posts: no
  // public read shows them, and some are written on timers (a statement trigger fires even
  // when no row changed), which would empty every replica's cache every few seconds.
  'match_changes',
  'platform_sync',
  'faceit_webhook_events',
  'jobs',
  'discord_outbox',
  // Follows by Web Push (migrations 0103, 0105): read only by the browser that follows, never
  // cached; the sender writes push_events and push_sent on a timer; push_write_windows is a limit's count.
  'push_vapid_keys',
  'push_subscriptions',
  'push_follows',
  'push_reminders',
  'push_events',
  'push_sent',
  'push_write_windows',
  'kysely_migration',
  'kysely_migration_lock',
];

/**
 * Attaches the data version trigger to every table of the public schema that lacks it and is
 * not excluded; answers the tables it attached it to. Run after every migration run (migrate.ts),
 * so no migration has to remember it. Does nothing before migration 0060 made the function.
 */
export async function attachDataVersionTriggers(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    SELECT t.table_name
    FROM information_schema.tables t
    WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      AND to_regprocedure('note_data_change()') IS NOT NULL
      AND t.table_name NOT IN (${sql.join(TABLES_WITHOUT_DATA_VERSION)})
      AND NOT EXISTS (
        SELECT 1 FROM pg_trigger g
        WHERE g.tgrelid = format('public.%I', t.table_name)::regclass AND g.tgname = ${DATA_VERSION_TRIGGER}
      )
    ORDER BY t.table_name
  `.execute(db);
  for (const { table_name } of rows) {
    await sql`CREATE TRIGGER ${sql.id(DATA_VERSION_TRIGGER)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.id('public', table_name)} FOR EACH STATEMENT EXECUTE FUNCTION note_data_change()`.execute(db);
  }
  return rows.map((row) => row.table_name);
}
