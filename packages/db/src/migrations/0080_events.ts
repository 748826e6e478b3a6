import { sql, type Kysely } from 'kysely';

// Events (tournaments) and their brackets (docs/architecture.md, "Events"). The bracket tables
// are the storage of the bracket library (brackets-manager, decisions/0055): one table per
// library table, each row its library id (an integer the library refers to), its event, and the
// library's record as JSON, which the library filters by containment. A bracket match may link
// to one of our matches: event matches are ordinary matches, with pages and Elo.
const bracketTables = ['event_bracket_stages', 'event_bracket_groups', 'event_bracket_rounds', 'event_bracket_matches', 'event_bracket_match_games'] as const;

const statements = [
  `CREATE TABLE events (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL,
    start_date date NOT NULL,
    end_date date NOT NULL,
    season_id uuid REFERENCES seasons(id) ON DELETE SET NULL,
    description text NOT NULL DEFAULT '',
    picture text,
    stream_url text,
    stream2_url text,
    discord_url text,
    registration_url text,
    format text NOT NULL CHECK (format IN ('single_elimination', 'double_elimination', 'round_robin', 'swiss')),
    grand_final_reset boolean NOT NULL DEFAULT false,
    swiss_rounds integer CHECK (swiss_rounds IS NULL OR swiss_rounds BETWEEN 1 AND 20),
    seeding text NOT NULL DEFAULT 'elo' CHECK (seeding IN ('elo', 'manual', 'random')),
    seeding_seed text,
    winner_team_id uuid REFERENCES teams(id) ON DELETE SET NULL,
    any_played boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (end_date >= start_date),
    CHECK ((format = 'swiss') = (swiss_rounds IS NOT NULL))
  )`,
  'CREATE INDEX events_start_date_idx ON events (start_date DESC, id)',
  'CREATE INDEX events_season_idx ON events (season_id)',
  // The library's participants: one per team in the event, the seed its place in the seeding.
  `CREATE TABLE event_teams (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    seed integer,
    UNIQUE (event_id, team_id)
  )`,
  ...bracketTables.map(
    (table) => `CREATE TABLE ${table} (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      data jsonb NOT NULL
    )`,
  ),
  ...bracketTables.map((table) => `CREATE INDEX ${table}_event_idx ON ${table} (event_id)`),
  // Deleting a match leaves its bracket slot unlinked; one match fills at most one slot.
  'ALTER TABLE event_bracket_matches ADD COLUMN match_id uuid UNIQUE REFERENCES matches(id) ON DELETE SET NULL',
  "COMMENT ON TABLE events IS 'A tournament: a bracket (single or double elimination), a round robin or a Swiss of teams, with links and dates.'",
  "COMMENT ON COLUMN events.seeding IS 'How the seeds were set: by current Elo, by hand, or at random from seeding_seed.'",
  "COMMENT ON COLUMN events.seeding_seed IS 'The seed of the random seeding, shown so the draw can be repeated.'",
  "COMMENT ON COLUMN events.winner_team_id IS 'The champion once decided, kept from the bracket after every change to it (the lists filter and show it without reading brackets).'",
  "COMMENT ON COLUMN events.any_played IS 'Whether any bracket match has a result or is being played, kept from the bracket like the winner.'",
  "COMMENT ON TABLE event_teams IS 'A team in an event; also the bracket library''s participant (its id).'",
  "COMMENT ON COLUMN event_bracket_matches.data IS 'The bracket library''s match record (opponents, scores, results, status).'",
  "COMMENT ON COLUMN event_bracket_matches.match_id IS 'The match played in this slot, when linked.'",
];

// PGlite's extended protocol takes one statement per query, so run them one by one.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...bracketTables].reverse()) await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
  await sql`DROP TABLE IF EXISTS event_teams`.execute(db);
  await sql`DROP TABLE IF EXISTS events`.execute(db);
}
