import { sql, type Kysely } from 'kysely';

// The Elo ledger (docs/architecture.md, "The Elo ledger"): every team's starting Elo, each
// applied match's Elo before it on both sides (after = before + change), and the Elo changes
// that are not matches. A team's Elo is then the replay of its starting Elo, adjustments and
// applied matches in time order. Run one by one: PGlite takes one statement per query.
const statements = [
  'ALTER TABLE teams ADD COLUMN starting_elo integer',
  // Existing teams: what their Elo was before their applied matches.
  `UPDATE teams SET starting_elo = elo
     - COALESCE((SELECT sum(team1_elo_change) FROM matches WHERE team1_id = teams.id AND elo_applied), 0)
     - COALESCE((SELECT sum(team2_elo_change) FROM matches WHERE team2_id = teams.id AND elo_applied), 0)`,
  'ALTER TABLE teams ALTER COLUMN starting_elo SET NOT NULL',
  // A team starts from the Elo it is created with unless the writer says otherwise.
  `CREATE FUNCTION teams_starting_elo_from_elo() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     NEW.starting_elo := COALESCE(NEW.starting_elo, NEW.elo);
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER teams_starting_elo BEFORE INSERT ON teams
     FOR EACH ROW EXECUTE FUNCTION teams_starting_elo_from_elo()`,

  // Not indexed, like the other Elo columns of matches (migration 0004: Recalculate All's
  // rewrites stay HOT updates).
  'ALTER TABLE matches ADD COLUMN team1_elo_before integer',
  'ALTER TABLE matches ADD COLUMN team2_elo_before integer',
  // Existing applied matches: each side's Elo before is its Elo now less this and every later change.
  `UPDATE matches SET team1_elo_before = before.team1, team2_elo_before = before.team2
   FROM (
     SELECT match_id, max(elo_before) FILTER (WHERE side = 1) AS team1, max(elo_before) FILTER (WHERE side = 2) AS team2
     FROM (
       SELECT s.match_id, s.side,
         t.elo - sum(s.change) OVER (PARTITION BY s.team_id ORDER BY s.date DESC NULLS FIRST, s.match_id DESC ROWS UNBOUNDED PRECEDING) AS elo_before
       FROM (
         SELECT id AS match_id, date, team1_id AS team_id, team1_elo_change AS change, 1 AS side FROM matches WHERE elo_applied
         UNION ALL
         SELECT id, date, team2_id, team2_elo_change, 2 FROM matches WHERE elo_applied
       ) AS s JOIN teams t ON t.id = s.team_id
     ) AS sides GROUP BY match_id
   ) AS before
   WHERE matches.id = before.match_id`,

  `CREATE TABLE elo_adjustments (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
     at timestamptz NOT NULL,
     elo_before integer NOT NULL,
     elo_after integer NOT NULL,
     reason text NOT NULL CHECK (reason IN ('calculate', 'edit', 'merge')),
     user_id uuid REFERENCES users (id) ON DELETE SET NULL,
     run_id uuid,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  'CREATE INDEX elo_adjustments_team_at_idx ON elo_adjustments (team_id, at, id)',
  'CREATE INDEX elo_adjustments_at_idx ON elo_adjustments (at)',

  `CREATE TABLE player_elo_history (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
     at timestamptz NOT NULL DEFAULT now(),
     elo integer NOT NULL,
     source text NOT NULL CHECK (source IN ('faceit', 'reset', 'edit', 'seed'))
   )`,
  'CREATE INDEX player_elo_history_player_at_idx ON player_elo_history (player_id, at, id)',
];

const comments: Record<string, string> = {
  'teams.starting_elo': 'Elo before any match or adjustment: the Elo the team was created with (the trigger fills it in when left out), or default_elo after Recalculate All with reset_to_default.',
  'matches.team1_elo_before': "Team 1's Elo just before this match, when it moved Elo (after = before + team1_elo_change).",
  'matches.team2_elo_before': "Team 2's Elo just before this match, when it moved Elo (after = before + team2_elo_change).",
  'elo_adjustments.at': 'When the Elo was set: its place among the matches in time order.',
  'elo_adjustments.elo_before': 'The Elo just before the adjustment (recomputed when earlier history is replayed).',
  'elo_adjustments.elo_after': 'The Elo the adjustment set: a replay keeps it.',
  'elo_adjustments.reason': "'calculate' (Calculate Team Elo), 'edit' (a staff edit) or 'merge' (the primary of a merge keeps its Elo).",
  'elo_adjustments.run_id': 'The tool run or edit that made it: adjustments made together share it.',
  'player_elo_history.elo': 'The Elo the player had from `at` on.',
  'player_elo_history.source': "'faceit' (Update Player Elo), 'reset' (Reset Player Elo), 'edit' (a staff edit) or 'seed' (demo data).",
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  for (const [column, text] of Object.entries(comments)) {
    await sql`COMMENT ON COLUMN ${sql.ref(column)} IS ${sql.lit(text)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS player_elo_history, elo_adjustments`.execute(db);
  await sql`DROP TRIGGER IF EXISTS teams_starting_elo ON teams`.execute(db);
  await sql`DROP FUNCTION IF EXISTS teams_starting_elo_from_elo()`.execute(db);
  await sql`ALTER TABLE matches DROP COLUMN IF EXISTS team1_elo_before, DROP COLUMN IF EXISTS team2_elo_before`.execute(db);
  await sql`ALTER TABLE teams DROP COLUMN IF EXISTS starting_elo`.execute(db);
}
