import { sql, type Kysely } from 'kysely';

// Leaderboard pages read in index order (issue 24's speed, decision 0094). Every sortable
// column of the player leaderboard's four totals tables (migrations 0096, 0097) is a stored
// column with an index led by the table's scope, so a page is an index range scan that stops
// at the page, whatever the sort and direction. Each row also keeps whether its player is
// visible, and those indexes hold visible players' rows only, so neither the page nor its
// count looks at `players`. The team leaderboard gets the same over a new per-team season
// total (every map summed), kept from team_season_map_stats by a row trigger in the writer's
// transaction (decision 0090), so it no longer sums a season's maps per request.

/** The player leaderboard's tables and the scope each page is cut from. */
const playerTables = [
  { table: 'player_season_stats', scope: ['season_id'] },
  { table: 'player_season_map_stats', scope: ['season_id', 'map'] },
  { table: 'player_competition_stats', scope: ['competition_id'] },
  { table: 'player_competition_map_stats', scope: ['competition_id', 'map'] },
] as const;

/**
 * The rates a player leaderboard sorts by, as packages/domain computes them (statRates):
 * apps/server match-stats/stat-sql.test.ts checks each against the domain. Null where the
 * domain's is (no damage or headshots known). The rating is migration 0097's.
 */
const playerRateColumns = [
  'adr double precision GENERATED ALWAYS AS (CASE WHEN damage_rounds > 0 THEN damage::float8 / damage_rounds END) STORED',
  'kd double precision GENERATED ALWAYS AS (CASE WHEN deaths = 0 THEN kills::float8 ELSE kills::float8 / deaths END) STORED',
  'hs_pct double precision GENERATED ALWAYS AS (CASE WHEN headshot_kills > 0 THEN 100 * headshots::float8 / headshot_kills END) STORED',
  'plus_minus bigint GENERATED ALWAYS AS (kills - deaths) STORED',
];

/** Every sort of GET /v1/public/stats/players (PLAYER_LEADERBOARD_SORTS), each a column now. */
const playerSortColumns = ['rating', 'adr', 'kd', 'plus_minus', 'hs_pct', 'kills', 'maps', 'clutch_wins', 'first_kills'];

/** Map win % as packages/domain's mapWinPercent; stat-sql.test.ts checks the two agree. */
const WIN_PCT_COLUMN = 'win_pct double precision GENERATED ALWAYS AS (CASE WHEN played > 0 THEN 100 * wins::float8 / played END) STORED';
const ROUND_DIFF_COLUMN = 'round_diff bigint GENERATED ALWAYS AS (rounds_for - rounds_against) STORED';

/** The team leaderboard's tables (every map summed, or one map's) and their scope. */
const teamTables = [
  { table: 'team_season_stats', scope: ['season_id'] },
  { table: 'team_season_map_stats', scope: ['season_id', 'map'] },
] as const;

/** Every sort of GET /v1/public/stats/teams (TEAM_MAP_LEADERBOARD_SORTS). */
const teamSortColumns = ['played', 'wins', 'win_pct', 'round_diff', 'picks', 'bans'];

const teamCounts = ['played', 'wins', 'losses', 'rounds_for', 'rounds_against', 'picks', 'bans'];

/**
 * One index per scope and sort column, with the row's key after it, all ascending: a page in
 * either direction is a forward or backward range scan (the read keeps nulls apart, so where
 * nulls sit in the index does not matter). The `maps` and `played` ones also count a page's rows.
 */
const sortIndex = (table: string, scope: readonly string[], column: string, key: readonly string[], where = '') =>
  `CREATE INDEX ${table}_${column}_sort_idx ON ${table} (${[...scope, column, ...key].join(', ')})${where}`;

/** A new player total row learns whether its player is visible; players.visible changing moves it (below). */
const playerVisibleFill = `CREATE FUNCTION player_totals_visible_fill() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     SELECT p.visible INTO NEW.player_visible FROM players p WHERE p.id = NEW.player_id;
     NEW.player_visible := coalesce(NEW.player_visible, true);
     RETURN NEW;
   END $$`;

const playerVisibleFollow = `CREATE FUNCTION player_totals_visible_follow() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${playerTables.map(({ table }) => `UPDATE ${table} SET player_visible = NEW.visible WHERE player_id = NEW.id;`).join('\n     ')}
     RETURN NULL;
   END $$`;

/** team_season_map_stats' change of one row, added into its team's season total; rows back at zero go. */
const teamSeasonTotalsFollow = `CREATE FUNCTION team_season_stats_follow() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP IN ('UPDATE', 'DELETE') THEN
       INSERT INTO team_season_stats AS t (season_id, team_id, ${teamCounts.join(', ')})
       VALUES (OLD.season_id, OLD.team_id, ${teamCounts.map((column) => `-OLD.${column}`).join(', ')})
       ON CONFLICT (season_id, team_id) DO UPDATE SET ${teamCounts.map((column) => `${column} = t.${column} + excluded.${column}`).join(', ')};
       DELETE FROM team_season_stats WHERE season_id = OLD.season_id AND team_id = OLD.team_id AND played = 0 AND bans = 0;
     END IF;
     IF TG_OP IN ('INSERT', 'UPDATE') THEN
       INSERT INTO team_season_stats AS t (season_id, team_id, ${teamCounts.join(', ')})
       VALUES (NEW.season_id, NEW.team_id, ${teamCounts.map((column) => `NEW.${column}`).join(', ')})
       ON CONFLICT (season_id, team_id) DO UPDATE SET ${teamCounts.map((column) => `${column} = t.${column} + excluded.${column}`).join(', ')};
       DELETE FROM team_season_stats WHERE season_id = NEW.season_id AND team_id = NEW.team_id AND played = 0 AND bans = 0;
     END IF;
     RETURN NULL;
   END $$`;

/**
 * The totals triggers (migrations 0096, 0097) end each statement by deleting the rows back at
 * zero, which without an index reads the whole table every time: at scale, most of a match's
 * write. These partial indexes hold only such rows (none between statements), so the delete
 * finds them at once.
 */
const emptyRowIndexes = [
  ...['player_season_stats', 'player_season_map_stats', 'player_career_stats', 'player_career_map_stats', 'player_competition_stats', 'player_competition_map_stats'].map(
    (table) => `CREATE INDEX ${table}_empty_idx ON ${table} (player_id) WHERE maps = 0`,
  ),
  'CREATE INDEX team_season_map_stats_empty_idx ON team_season_map_stats (team_id) WHERE played = 0 AND bans = 0',
];

const statements = [
  ...emptyRowIndexes,
  playerVisibleFill,
  playerVisibleFollow,
  ...playerTables.flatMap(({ table, scope }) => [
    // One rewrite per table for all five columns.
    `ALTER TABLE ${table} ${[...playerRateColumns, 'player_visible boolean NOT NULL DEFAULT true'].map((column) => `ADD COLUMN ${column}`).join(', ')}`,
    `COMMENT ON COLUMN ${table}.player_visible IS 'players.visible of the row''s player, kept by triggers (migration 0100): read-only for code.'`,
    `UPDATE ${table} t SET player_visible = false FROM players p WHERE p.id = t.player_id AND NOT p.visible`,
    `CREATE TRIGGER ${table}_visible_fill BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION player_totals_visible_fill()`,
    `DROP INDEX ${table}_rating_idx`,
    ...playerSortColumns.map((column) => sortIndex(table, scope, column, ['player_id', 'team_id'], ' WHERE player_visible')),
  ]),
  `CREATE TRIGGER player_totals_visible_follow AFTER UPDATE OF visible ON players FOR EACH ROW
     WHEN (OLD.visible IS DISTINCT FROM NEW.visible) EXECUTE FUNCTION player_totals_visible_follow()`,
  `CREATE TABLE team_season_stats (
     season_id uuid NOT NULL,
     team_id uuid NOT NULL,
     ${teamCounts.map((column) => `${column} bigint NOT NULL DEFAULT 0`).join(',\n')},
     ${WIN_PCT_COLUMN},
     ${ROUND_DIFF_COLUMN},
     PRIMARY KEY (season_id, team_id)
   )`,
  `COMMENT ON TABLE team_season_stats IS 'team_season_map_stats summed over maps, kept by a row trigger on it (migration 0100): read-only for code.'`,
  `INSERT INTO team_season_stats (season_id, team_id, ${teamCounts.join(', ')})
     SELECT season_id, team_id, ${teamCounts.map((column) => `sum(${column})`).join(', ')} FROM team_season_map_stats GROUP BY season_id, team_id`,
  `ALTER TABLE team_season_map_stats ADD COLUMN ${WIN_PCT_COLUMN}, ADD COLUMN ${ROUND_DIFF_COLUMN}`,
  teamSeasonTotalsFollow,
  // Row by row: each upsert of the map totals' statement triggers (sorted by team) moves its team's row, in that order.
  `CREATE TRIGGER team_season_stats_follow AFTER INSERT OR UPDATE OR DELETE ON team_season_map_stats FOR EACH ROW EXECUTE FUNCTION team_season_stats_follow()`,
  ...teamTables.flatMap(({ table, scope }) => teamSortColumns.map((column) => sortIndex(table, scope, column, ['team_id']))),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement at a time: PGlite takes one per query, and the bodies contain semicolons.
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const restored = [
    ...emptyRowIndexes.map((statement) => `DROP INDEX ${/CREATE INDEX (\w+)/.exec(statement)![1]}`),
    'DROP TRIGGER team_season_stats_follow ON team_season_map_stats',
    'DROP FUNCTION team_season_stats_follow()',
    'DROP TABLE team_season_stats',
    ...teamSortColumns.map((column) => `DROP INDEX team_season_map_stats_${column}_sort_idx`),
    'ALTER TABLE team_season_map_stats DROP COLUMN win_pct, DROP COLUMN round_diff',
    'DROP TRIGGER player_totals_visible_follow ON players',
    ...playerTables.flatMap(({ table, scope }) => [
      ...playerSortColumns.map((column) => `DROP INDEX ${table}_${column}_sort_idx`),
      `DROP TRIGGER ${table}_visible_fill ON ${table}`,
      `ALTER TABLE ${table} DROP COLUMN adr, DROP COLUMN kd, DROP COLUMN hs_pct, DROP COLUMN plus_minus, DROP COLUMN player_visible`,
      `CREATE INDEX ${table}_rating_idx ON ${table} (${scope.join(', ')}, rating DESC NULLS LAST, player_id, team_id) INCLUDE (maps)`,
    ]),
    'DROP FUNCTION player_totals_visible_fill()',
    'DROP FUNCTION player_totals_visible_follow()',
  ];
  for (const statement of restored) await sql.raw(statement).execute(db);
}
