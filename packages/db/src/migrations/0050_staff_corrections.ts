import { sql, type Kysely } from 'kysely';

// Staff corrections (issue 11): matches entered and corrected by hand, unique season names,
// and the Elo runs that undo reads. Run one by one: PGlite takes one statement per query.
const statements = [
  // A match entered by hand has no platform behind it: 'manual', its own id as external id.
  'ALTER TABLE matches DROP CONSTRAINT matches_platform_check',
  "ALTER TABLE matches ADD CONSTRAINT matches_platform_check CHECK (platform IN ('faceit', 'leaguespot', 'manual'))",
  'ALTER TABLE matches ADD COLUMN manual_result boolean NOT NULL DEFAULT false',
  'ALTER TABLE matches ADD COLUMN forfeit boolean NOT NULL DEFAULT false',

  // Season names are unique ignoring case; older duplicates get ' (2)', ' (3)'... so the index can hold.
  `UPDATE seasons SET name = seasons.name || ' (' || d.n || ')'
   FROM (SELECT id, row_number() OVER (PARTITION BY lower(name) ORDER BY start_date, id) AS n FROM seasons) AS d
   WHERE seasons.id = d.id AND d.n > 1`,
  'CREATE UNIQUE INDEX seasons_name_lower_idx ON seasons (lower(name))',

  `CREATE TABLE elo_runs (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     kind text NOT NULL CHECK (kind IN ('calculate', 'reset_players', 'recalculate', 'match_create', 'match_update', 'match_delete')),
     user_id uuid REFERENCES users (id) ON DELETE SET NULL,
     restore jsonb NOT NULL DEFAULT '{}',
     created_at timestamptz NOT NULL DEFAULT now(),
     undone_at timestamptz,
     undone_by uuid REFERENCES users (id) ON DELETE SET NULL
   )`,
  'CREATE INDEX elo_runs_created_idx ON elo_runs (created_at DESC)',
  `CREATE TABLE elo_run_changes (
     run_id uuid NOT NULL REFERENCES elo_runs (id) ON DELETE CASCADE,
     entity text NOT NULL CHECK (entity IN ('team', 'player')),
     entity_id uuid NOT NULL,
     field text NOT NULL CHECK (field IN ('elo', 'starting_elo', 'skill_level')),
     before integer NOT NULL,
     after integer NOT NULL,
     PRIMARY KEY (run_id, entity, field, entity_id)
   )`,
  'CREATE INDEX elo_run_changes_entity_idx ON elo_run_changes (entity_id)',

  'ALTER TABLE player_elo_history DROP CONSTRAINT player_elo_history_source_check',
  "ALTER TABLE player_elo_history ADD CONSTRAINT player_elo_history_source_check CHECK (source IN ('faceit', 'reset', 'edit', 'seed', 'undo'))",
  'CREATE INDEX audit_log_user_created_idx ON audit_log (user_id, created_at DESC)',
];

const comments: Record<string, string> = {
  'matches.manual_result': 'The result was entered or corrected by hand: imports and Update Matches keep it and report where the platform disagrees.',
  'matches.forfeit': 'The result is a forfeit (set by hand); it counts like any other result.',
  'elo_runs.kind': "Which tool or edit: 'calculate', 'reset_players', 'recalculate', 'match_create', 'match_update' or 'match_delete'.",
  'elo_runs.restore': 'What undo puts back besides the values in elo_run_changes: dropped adjustments, the match as it was.',
  'elo_runs.undone_at': 'When the run was undone; null while it stands.',
  'elo_run_changes.before': 'The value the run replaced.',
  'elo_run_changes.after': 'The value the run left: undo refuses when the row holds another value now.',
  'player_elo_history.source': "'faceit' (Update Player Elo), 'reset' (Reset Player Elo), 'edit' (a staff edit), 'seed' (demo data) or 'undo' (an Elo run undone).",
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  for (const [column, text] of Object.entries(comments)) {
    await sql`COMMENT ON COLUMN ${sql.ref(column)} IS ${sql.lit(text)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The widened CHECKs (platform 'manual', history source 'undo') stay: rows may use them.
  await sql`DROP INDEX IF EXISTS audit_log_user_created_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS elo_run_changes, elo_runs`.execute(db);
  await sql`DROP INDEX IF EXISTS seasons_name_lower_idx`.execute(db);
  await sql`ALTER TABLE matches DROP COLUMN IF EXISTS manual_result, DROP COLUMN IF EXISTS forfeit`.execute(db);
}
