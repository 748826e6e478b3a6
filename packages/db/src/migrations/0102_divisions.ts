import { sql, type Kysely } from 'kysely';

// League standings (issue 27): a season's divisions with their rule and lines, the teams in
// each (one division per team and season), and the playoff chances the standings job stored
// (docs/decisions/0098-standings-chances-stored-by-a-job.md).
const statements = [
  `CREATE TABLE divisions (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     season_id uuid NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
     name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
     position integer NOT NULL,
     points_win double precision NOT NULL DEFAULT 1,
     points_loss double precision NOT NULL DEFAULT 0,
     tiebreakers text[] NOT NULL DEFAULT '{head_to_head,map_diff,round_diff,elo}'
       CHECK (tiebreakers <@ '{head_to_head,map_diff,round_diff,buchholz,wins_vs_top_half,elo}'::text[]),
     forfeits text NOT NULL DEFAULT 'count' CHECK (forfeits IN ('count', 'result_only', 'ignore')),
     lines jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(lines) = 'array'),
     source_competition_id uuid REFERENCES competitions (id) ON DELETE SET NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     UNIQUE (id, season_id)
   )`,
  'CREATE UNIQUE INDEX divisions_season_name_key ON divisions (season_id, lower(name))',
  'CREATE INDEX divisions_season_position_idx ON divisions (season_id, position)',
  `COMMENT ON TABLE divisions IS 'A division (conference) of a season: its standings rule (points per win and loss, tiebreakers in order, forfeits), its lines [{place, label, kind}] and the competition its teams were imported from (migration 0102).'`,
  `CREATE TABLE division_teams (
     season_id uuid NOT NULL,
     team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
     division_id uuid NOT NULL,
     PRIMARY KEY (season_id, team_id),
     FOREIGN KEY (division_id, season_id) REFERENCES divisions (id, season_id) ON DELETE CASCADE
   )`,
  'CREATE INDEX division_teams_division_idx ON division_teams (division_id, team_id)',
  `COMMENT ON TABLE division_teams IS 'The teams of each division; the key (season, team) keeps a team in one division per season (migration 0102).'`,
  // A division's matches: every pair of its teams in the season, from the index alone. Elo
  // columns stay out of it, so Recalculate All's rewrites remain HOT updates.
  `CREATE INDEX matches_division_pairs_idx ON matches (season_id, team1_id, team2_id)
     INCLUDE (id, status, winner_id, score_team1, score_team2, forfeit, date)
     WHERE status IN ('completed', 'scheduled', 'in_progress')`,
  `CREATE TABLE division_chances (
     division_id uuid PRIMARY KEY REFERENCES divisions (id) ON DELETE CASCADE,
     input_key text NOT NULL,
     runs integer NOT NULL CHECK (runs >= 0),
     teams jsonb NOT NULL,
     stakes_line text,
     stakes jsonb NOT NULL,
     computed_at timestamptz NOT NULL DEFAULT now()
   )`,
  `COMMENT ON TABLE division_chances IS 'Playoff chances the standings job simulated for a division: per team the chance of each line and place, per remaining match what is at stake, and the key of the inputs they came from (stale when it differs; migration 0102).'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS division_chances`.execute(db);
  await sql`DROP INDEX IF EXISTS matches_division_pairs_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS division_teams`.execute(db);
  await sql`DROP TABLE IF EXISTS divisions`.execute(db);
}
