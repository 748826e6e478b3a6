import { sql, type Kysely } from 'kysely';
import { fillFromMatch, foldLines, playerTotalColumns, playerTotalTables, type PlayerTotalTable } from './0096_match_maps';

// The leaderboard's competition filter (issue 24, decision 0092): a line also carries its
// match's competition, and per-competition player totals (overall and per map) are kept by
// statement triggers in the writer's transaction, like migration 0096's season totals, so
// the leaderboard never sums the lines. A player's career per map joins them, so a player's
// page reads career maps from one row each, season-less matches included. The leaderboard's
// tables keep each row's rating, indexed, so its default page is read in order.

/** The tables this migration adds; its trigger and function names say "competition", the career map table rides along. */
const addedTotalTables: readonly PlayerTotalTable[] = [
  { table: 'player_career_map_stats', key: ['player_id', 'map'], where: 'true' },
  { table: 'player_competition_stats', key: ['competition_id', 'team_id', 'player_id'], where: 'l.competition_id IS NOT NULL' },
  { table: 'player_competition_map_stats', key: ['competition_id', 'team_id', 'player_id', 'map'], where: 'l.competition_id IS NOT NULL' },
];

/**
 * HLTV Rating 1.0 of a totals row (packages/domain rating.ts, docs/product.md), kept as a
 * stored column of the leaderboard's tables so its default order reads an index instead of
 * sorting a season's rows. apps/server match-stats/stat-sql.test.ts checks it against the
 * domain's ratingFromTotals.
 */
const RATING_COLUMN = `rating double precision GENERATED ALWAYS AS (CASE WHEN rated_rounds > 0 THEN
  (rated_kills::float8 / rated_rounds / 0.679::float8
   + 0.7::float8 * ((rated_rounds - rated_deaths)::float8 / rated_rounds / 0.317::float8)
   + rated_multi_kill_score::float8 / rated_rounds / 1.277::float8) / 2.7::float8 END) STORED`;

/** The leaderboard's tables, and the scope its index leads with (the page's best-rated rows first). */
const leaderboardIndexes = [
  { table: 'player_season_stats', scope: 'season_id' },
  { table: 'player_season_map_stats', scope: 'season_id, map' },
  { table: 'player_competition_stats', scope: 'competition_id' },
  { table: 'player_competition_map_stats', scope: 'competition_id, map' },
];

/** The line fill of 0096, plus the match's competition. */
const lineFill = `CREATE OR REPLACE FUNCTION match_map_players_fill() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     SELECT mm.map, mm.season_id, CASE NEW.side WHEN 1 THEN mm.team1_id ELSE mm.team2_id END, m.competition_id
       INTO NEW.map, NEW.season_id, NEW.team_id, NEW.competition_id
       FROM match_maps mm JOIN matches m ON m.id = mm.match_id WHERE mm.match_id = NEW.match_id AND mm.number = NEW.map_number;
     RETURN NEW;
   END $$`;

/** 0096's trigger on matches, now also when a match moves to another competition. */
const followMatch = (withCompetition: boolean) => `CREATE TRIGGER match_stats_follow_match AFTER UPDATE OF season_id, team1_id, team2_id${withCompetition ? ', competition_id' : ''} ON matches FOR EACH ROW
     WHEN (OLD.season_id IS DISTINCT FROM NEW.season_id OR OLD.team1_id <> NEW.team1_id OR OLD.team2_id <> NEW.team2_id${withCompetition ? ' OR OLD.competition_id IS DISTINCT FROM NEW.competition_id' : ''})
     EXECUTE FUNCTION match_stats_follow_match()`;

const dropEmpty = addedTotalTables.map(({ table }) => `DELETE FROM ${table} WHERE maps = 0;`).join('\n');
const fold = (source: string, sign: 1 | -1) => foldLines(addedTotalTables, source, sign).map((statement) => `${statement};`).join('\n');

const statements = [
  'ALTER TABLE match_map_players ADD COLUMN competition_id uuid',
  `COMMENT ON COLUMN match_map_players.competition_id IS 'The match''s competition, kept by triggers (migration 0097): read-only for code.'`,
  lineFill,
  'DROP TRIGGER match_stats_follow_match ON matches',
  followMatch(true),
  // The lines already stored learn their competition (the fill trigger copies it on update).
  'UPDATE match_map_players l SET competition_id = m.competition_id FROM matches m WHERE m.id = l.match_id AND m.competition_id IS NOT NULL',
  ...addedTotalTables.flatMap(({ table, key }) => [
    `CREATE TABLE ${table} (
       ${key.map((column) => `${column} ${column === 'map' ? 'text' : 'uuid'} NOT NULL`).join(',\n')},
       ${playerTotalColumns},
       PRIMARY KEY (${key.join(', ')})
     )`,
    `COMMENT ON TABLE ${table} IS 'Sums of match_map_players by ${key.join(', ')}, kept by triggers (migration 0097): read-only for code.'`,
  ]),
  ...foldLines(addedTotalTables, 'match_map_players', 1),
  ...leaderboardIndexes.flatMap(({ table, scope }) => [
    `ALTER TABLE ${table} ADD COLUMN ${RATING_COLUMN}`,
    // maps included: the page's count reads this index alone.
    `CREATE INDEX ${table}_rating_idx ON ${table} (${scope}, rating DESC NULLS LAST, player_id, team_id) INCLUDE (maps)`,
  ]),
  // The count leaves out hidden players' rows, found from the few hidden players.
  'CREATE INDEX player_competition_stats_player_idx ON player_competition_stats (player_id)',
  'CREATE INDEX player_competition_map_stats_player_idx ON player_competition_map_stats (player_id)',
  `CREATE FUNCTION match_map_players_competition_totals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN ${fold('new_rows', 1)} ${dropEmpty} RETURN NULL; END $$`,
  `CREATE FUNCTION match_map_players_competition_totals_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN ${fold('old_rows', -1)} ${dropEmpty} RETURN NULL; END $$`,
  `CREATE FUNCTION match_map_players_competition_totals_updated() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN ${fold('old_rows', -1)} ${fold('new_rows', 1)} ${dropEmpty} RETURN NULL; END $$`,
  `CREATE TRIGGER match_map_players_competition_totals_insert AFTER INSERT ON match_map_players REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION match_map_players_competition_totals_inserted()`,
  `CREATE TRIGGER match_map_players_competition_totals_delete AFTER DELETE ON match_map_players REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION match_map_players_competition_totals_deleted()`,
  `CREATE TRIGGER match_map_players_competition_totals_update AFTER UPDATE ON match_map_players REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION match_map_players_competition_totals_updated()`,
  // TRUNCATE fires no DELETE triggers: emptying the lines (or the maps they hang on) empties these totals.
  `CREATE FUNCTION match_stats_competition_totals_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN ${addedTotalTables.map(({ table }) => `DELETE FROM ${table};`).join(' ')} RETURN NULL; END $$`,
  ...['match_map_players', 'match_maps'].map(
    (table) => `CREATE TRIGGER ${table}_competition_totals_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION match_stats_competition_totals_cleared()`,
  ),
  // match_stats_rebuild() (tests, repair) now recomputes these totals too.
  `CREATE OR REPLACE FUNCTION match_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
   BEGIN
     ${[...playerTotalTables, ...addedTotalTables].map(({ table }) => `DELETE FROM ${table};`).join(' ')}
     ${foldLines([...playerTotalTables, ...addedTotalTables], 'match_map_players', 1).join(';\n')};
     PERFORM match_stats_rebuild_team_totals();
   END $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement at a time: PGlite takes one per query, and the bodies contain semicolons.
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const restored = [
    'DROP TRIGGER match_stats_follow_match ON matches',
    followMatch(false),
    ...fillFromMatch.filter((statement) => statement.trimStart().startsWith('CREATE FUNCTION match_map_players_fill()')).map((statement) => statement.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')),
    `CREATE OR REPLACE FUNCTION match_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
     BEGIN
       ${playerTotalTables.map(({ table }) => `DELETE FROM ${table};`).join(' ')}
       ${foldLines(playerTotalTables, 'match_map_players', 1).join(';\n')};
       PERFORM match_stats_rebuild_team_totals();
     END $$`,
    ...['match_map_players', 'match_maps'].map((table) => `DROP TRIGGER ${table}_competition_totals_truncate ON ${table}`),
    ...['insert', 'delete', 'update'].map((kind) => `DROP TRIGGER match_map_players_competition_totals_${kind} ON match_map_players`),
    ...['inserted', 'deleted', 'updated'].map((kind) => `DROP FUNCTION match_map_players_competition_totals_${kind}()`),
    'DROP FUNCTION match_stats_competition_totals_cleared()',
    `DROP TABLE ${addedTotalTables.map(({ table }) => table).join(', ')}`,
    ...['player_season_stats', 'player_season_map_stats'].map((table) => `ALTER TABLE ${table} DROP COLUMN rating`),
    'ALTER TABLE match_map_players DROP COLUMN competition_id',
  ];
  for (const statement of restored) await sql.raw(statement).execute(db);
}
