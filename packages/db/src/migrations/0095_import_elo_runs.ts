import { sql, type Kysely } from 'kysely';

// An import is an Elo run too (issue 29): it records the team Elo it moved and the matches
// as they were, so Undo can put them back (decision 0088). Run one by one: PGlite takes one
// statement per query.
const statements = [
  'ALTER TABLE elo_runs DROP CONSTRAINT elo_runs_kind_check',
  "ALTER TABLE elo_runs ADD CONSTRAINT elo_runs_kind_check CHECK (kind IN ('calculate', 'reset_players', 'recalculate', 'match_create', 'match_update', 'match_delete', 'import'))",
  `COMMENT ON COLUMN elo_runs.kind IS 'Which tool or edit: ''calculate'', ''reset_players'', ''recalculate'', ''match_create'', ''match_update'', ''match_delete'' or ''import''.'`,
  `COMMENT ON COLUMN elo_runs.restore IS 'What undo puts back besides the values in elo_run_changes: dropped adjustments, the match or an import''s matches as they were.'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
