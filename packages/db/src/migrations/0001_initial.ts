import { sql, type Kysely } from 'kysely';

// Plain SQL keeps the DDL readable and identical on PostgreSQL and PGlite.
const ddl = `
    CREATE TABLE seasons (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      start_date date NOT NULL,
      end_date date NOT NULL,
      leaguespot_season_id text,
      leaguespot_stage_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (end_date >= start_date)
    );
    CREATE INDEX seasons_start_date_idx ON seasons (start_date DESC);

    CREATE TABLE competitions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      platform text NOT NULL CHECK (platform IN ('faceit', 'leaguespot')),
      external_id text,
      season_id uuid REFERENCES seasons (id) ON DELETE SET NULL,
      type text NOT NULL DEFAULT 'league' CHECK (type IN ('league', 'event')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX competitions_platform_external_idx ON competitions (platform, external_id);
    CREATE INDEX competitions_name_idx ON competitions (lower(name));

    CREATE TABLE teams (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      picture text,
      school_name text,
      elo integer NOT NULL DEFAULT 1000,
      captain_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX teams_elo_idx ON teams (elo DESC, name ASC, id);
    CREATE INDEX teams_name_idx ON teams (name, id);

    CREATE TABLE players (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      picture text,
      steam_id text,
      faceit_id text,
      elo integer NOT NULL DEFAULT 1000,
      skill_level integer NOT NULL DEFAULT 1 CHECK (skill_level BETWEEN 0 AND 10),
      team_id uuid REFERENCES teams (id) ON DELETE SET NULL,
      benched boolean NOT NULL DEFAULT false,
      visible boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX players_steam_id_idx ON players (steam_id) WHERE steam_id IS NOT NULL;
    CREATE UNIQUE INDEX players_faceit_id_idx ON players (faceit_id) WHERE faceit_id IS NOT NULL;
    CREATE INDEX players_elo_idx ON players (elo DESC, name ASC, id);
    CREATE INDEX players_team_elo_idx ON players (team_id, elo DESC);

    ALTER TABLE teams ADD CONSTRAINT teams_captain_fk
      FOREIGN KEY (captain_id) REFERENCES players (id) ON DELETE SET NULL;

    CREATE TABLE player_seasons (
      player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
      season_id uuid NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
      team_id uuid REFERENCES teams (id) ON DELETE SET NULL,
      PRIMARY KEY (player_id, season_id)
    );
    CREATE INDEX player_seasons_season_idx ON player_seasons (season_id, player_id);

    CREATE TABLE participants (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      competition_id uuid NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
      season_id uuid NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
      platform text NOT NULL CHECK (platform IN ('faceit', 'leaguespot')),
      platform_team_id text,
      platform_name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX participants_key_idx
      ON participants (competition_id, season_id, platform, platform_name);
    CREATE INDEX participants_season_team_idx ON participants (season_id, team_id);
    CREATE INDEX participants_team_idx ON participants (team_id);

    CREATE TABLE matches (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform text NOT NULL CHECK (platform IN ('faceit', 'leaguespot')),
      external_id text NOT NULL,
      competition_id uuid REFERENCES competitions (id) ON DELETE SET NULL,
      season_id uuid REFERENCES seasons (id) ON DELETE SET NULL,
      team1_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      team2_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      score_team1 integer,
      score_team2 integer,
      winner_id uuid REFERENCES teams (id) ON DELETE SET NULL,
      status text NOT NULL CHECK (status IN ('scheduled', 'in_progress', 'completed', 'cancelled')),
      date timestamptz,
      url text,
      match_type text NOT NULL DEFAULT 'league' CHECK (match_type IN ('league', 'event')),
      elo_applied boolean NOT NULL DEFAULT false,
      team1_elo_change integer,
      team2_elo_change integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (team1_id <> team2_id)
    );
    CREATE UNIQUE INDEX matches_platform_external_idx ON matches (platform, external_id);
    CREATE INDEX matches_status_date_idx ON matches (status, date, id);
    CREATE INDEX matches_date_idx ON matches (date, id);
    CREATE INDEX matches_season_date_idx ON matches (season_id, date);
    CREATE INDEX matches_team1_idx ON matches (team1_id, date);
    CREATE INDEX matches_team2_idx ON matches (team2_id, date);
    CREATE INDEX matches_winner_idx ON matches (winner_id);
    CREATE INDEX matches_competition_idx ON matches (competition_id);

    CREATE TABLE rankings (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      season_id uuid NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
      date timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX rankings_season_date_idx ON rankings (season_id, date DESC);
    CREATE INDEX rankings_date_idx ON rankings (date DESC);

    CREATE TABLE ranking_items (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      ranking_id uuid NOT NULL REFERENCES rankings (id) ON DELETE CASCADE,
      team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      rank integer NOT NULL,
      elo integer NOT NULL
    );
    CREATE UNIQUE INDEX ranking_items_rank_idx ON ranking_items (ranking_id, rank);
    CREATE INDEX ranking_items_team_idx ON ranking_items (team_id);

    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      password_hash text NOT NULL,
      role text NOT NULL CHECK (role IN ('admin', 'owner')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_idx ON users (lower(email));

    CREATE TABLE sessions (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX sessions_user_idx ON sessions (user_id);

    CREATE TABLE login_attempts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      ip text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_attempts_email_idx ON login_attempts (lower(email), created_at);
    CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, created_at);

    CREATE TABLE media (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      key text NOT NULL UNIQUE,
      content_type text NOT NULL,
      bytes bytea NOT NULL,
      size integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE audit_log (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      action text NOT NULL,
      entity text NOT NULL,
      entity_ids text[] NOT NULL DEFAULT '{}',
      details jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);

    CREATE TABLE backups (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      reason text NOT NULL,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      data jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
`;

// PGlite's extended protocol takes one statement per query, so run them one by one.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of ddl.split(/;\s*\n/)) {
    if (statement.trim()) await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS backups, audit_log, media, login_attempts, sessions, users,
      ranking_items, rankings, matches, participants, player_seasons, players, teams,
      competitions, seasons CASCADE;
  `.execute(db);
}
