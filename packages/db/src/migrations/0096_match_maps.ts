import { sql, type Kysely } from 'kysely';
import { LINE_COUNT_COLUMNS } from '../match-line-columns';

// The game itself (issue 24, decision 0090): the maps of a match, its veto and each map's
// player lines, with season, career and team map totals kept by statement triggers in the
// writer's transaction (like decision 0069's counters), so no read sums the lines.
//
// The lines, maps and vetoes carry their match's season and team ids, filled by a BEFORE
// trigger from `matches` and rewritten by a trigger when a match changes season or team (a
// merge). The totals are folded from the transition tables alone, so a cascade from a
// deleted match, which no longer exists when the trigger runs, still subtracts exactly.

/**
 * Each total column and the expression over a line (`l`) that it sums. Rates need their own
 * denominators over the lines that know the numerator (ADR over the rounds with damage), and
 * the rating (docs/product.md) sums only lines with every multi-kill count.
 */
const playerTotals: readonly (readonly [string, string])[] = [
  ['maps', '1'],
  ['rounds', 'l.rounds'],
  ['kills', 'l.kills'],
  ['deaths', 'l.deaths'],
  ['assists', 'l.assists'],
  ...LINE_COUNT_COLUMNS.map((column) => [column, `coalesce(l.${column}, 0)`] as const),
  ['headshot_kills', 'CASE WHEN l.headshots IS NULL THEN 0 ELSE l.kills END'],
  ['damage_rounds', 'CASE WHEN l.damage IS NULL THEN 0 ELSE l.rounds END'],
  ['kast_known_rounds', 'CASE WHEN l.kast_rounds IS NULL THEN 0 ELSE l.rounds END'],
  ['rated_rounds', `CASE WHEN ${rated('l')} THEN l.rounds ELSE 0 END`],
  ['rated_kills', `CASE WHEN ${rated('l')} THEN l.kills ELSE 0 END`],
  ['rated_deaths', `CASE WHEN ${rated('l')} THEN l.deaths ELSE 0 END`],
  // 1k + 4·2k + 9·3k + 16·4k + 25·5k rounds, where 1k rounds are the kills left over.
  [
    'rated_multi_kill_score',
    `CASE WHEN ${rated('l')} THEN (l.kills - 2 * l.kills_2k - 3 * l.kills_3k - 4 * l.kills_4k - 5 * l.kills_5k) + 4 * l.kills_2k + 9 * l.kills_3k + 16 * l.kills_4k + 25 * l.kills_5k ELSE 0 END`,
  ],
];

function rated(alias: string): string {
  return `${alias}.kills_2k IS NOT NULL AND ${alias}.kills_3k IS NOT NULL AND ${alias}.kills_4k IS NOT NULL AND ${alias}.kills_5k IS NOT NULL`;
}

/** The columns of a player total table (migration 0097 makes more such tables). */
export const playerTotalColumns = playerTotals.map(([column]) => `${column} bigint NOT NULL DEFAULT 0`).join(',\n');

/** The player total tables and the key each groups the lines by (the season ones skip season-less matches). */
export const playerTotalTables = [
  { table: 'player_season_stats', key: ['season_id', 'team_id', 'player_id'], where: 'l.season_id IS NOT NULL' },
  { table: 'player_season_map_stats', key: ['season_id', 'team_id', 'player_id', 'map'], where: 'l.season_id IS NOT NULL' },
  { table: 'player_career_stats', key: ['player_id'], where: 'true' },
] as const;

const checks = (columns: readonly string[]) => columns.map((column) => `CHECK (${column} >= 0)`).join(',\n');

const tables = [
  `CREATE TABLE match_maps (
     match_id uuid NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
     number smallint NOT NULL CHECK (number BETWEEN 1 AND 9),
     map text NOT NULL CHECK (map ~ '^[a-z0-9_]{1,40}$'),
     score_team1 smallint NOT NULL CHECK (score_team1 >= 0),
     score_team2 smallint NOT NULL CHECK (score_team2 >= 0),
     winner_side smallint CHECK (winner_side IN (1, 2)),
     picked_by_side smallint CHECK (picked_by_side IN (1, 2)),
     half1_team1 smallint CHECK (half1_team1 >= 0),
     half1_team2 smallint CHECK (half1_team2 >= 0),
     half2_team1 smallint CHECK (half2_team1 >= 0),
     half2_team2 smallint CHECK (half2_team2 >= 0),
     overtime_team1 smallint CHECK (overtime_team1 >= 0),
     overtime_team2 smallint CHECK (overtime_team2 >= 0),
     source text NOT NULL CHECK (source IN ('faceit', 'leaguespot', 'manual')),
     season_id uuid,
     team1_id uuid NOT NULL,
     team2_id uuid NOT NULL,
     PRIMARY KEY (match_id, number),
     UNIQUE (match_id, map),
     CHECK ((winner_side = 1 AND score_team1 > score_team2) OR (winner_side = 2 AND score_team2 > score_team1) OR winner_side IS NULL)
   )`,
  `COMMENT ON TABLE match_maps IS 'The maps of a match (migration 0096); season_id, team1_id and team2_id copy the match''s and are kept by triggers: read-only for code.'`,
  `CREATE TABLE match_vetoes (
     match_id uuid NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
     step smallint NOT NULL CHECK (step BETWEEN 1 AND 20),
     side smallint CHECK (side IN (1, 2)),
     action text NOT NULL CHECK (action IN ('ban', 'pick', 'decider')),
     map text NOT NULL CHECK (map ~ '^[a-z0-9_]{1,40}$'),
     season_id uuid,
     team_id uuid,
     PRIMARY KEY (match_id, step),
     UNIQUE (match_id, map),
     CHECK ((action = 'decider') = (side IS NULL))
   )`,
  `COMMENT ON TABLE match_vetoes IS 'The veto of a match, step by step (migration 0096); season_id and team_id are kept by triggers from the match and side.'`,
  `CREATE TABLE match_map_players (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     match_id uuid NOT NULL,
     map_number smallint NOT NULL,
     side smallint NOT NULL CHECK (side IN (1, 2)),
     player_id uuid REFERENCES players (id) ON DELETE SET NULL,
     nickname text NOT NULL CHECK (length(nickname) BETWEEN 1 AND 100),
     platform_player_id text CHECK (length(platform_player_id) BETWEEN 1 AND 100),
     rounds smallint NOT NULL CHECK (rounds >= 0),
     kills smallint NOT NULL,
     deaths smallint NOT NULL,
     assists smallint NOT NULL,
     ${LINE_COUNT_COLUMNS.map((column) => `${column} integer`).join(',\n')},
     map text NOT NULL,
     season_id uuid,
     team_id uuid NOT NULL,
     FOREIGN KEY (match_id, map_number) REFERENCES match_maps (match_id, number) ON DELETE CASCADE,
     UNIQUE (match_id, map_number, side, nickname),
     ${checks(['kills', 'deaths', 'assists', ...LINE_COUNT_COLUMNS])},
     CHECK (headshots <= kills),
     CHECK (entry_wins <= entry_attempts),
     CHECK (clutch_wins <= clutch_attempts),
     CHECK (kast_rounds <= rounds),
     CHECK (2 * kills_2k + 3 * kills_3k + 4 * kills_4k + 5 * kills_5k <= kills)
   )`,
  `CREATE UNIQUE INDEX match_map_players_player_idx ON match_map_players (player_id, match_id, map_number) WHERE player_id IS NOT NULL`,
  `CREATE INDEX match_map_players_map_idx ON match_map_players (match_id, map_number)`,
  `COMMENT ON TABLE match_map_players IS 'A player''s line on one map (migration 0096); null counts are unknown to the source. map, season_id and team_id are kept by triggers.'`,
  ...playerTotalTables.flatMap(({ table, key }) => [
    `CREATE TABLE ${table} (
       ${key.map((column) => `${column} ${column === 'map' ? 'text' : 'uuid'} NOT NULL`).join(',\n')},
       ${playerTotalColumns},
       PRIMARY KEY (${key.join(', ')})
     )`,
    `COMMENT ON TABLE ${table} IS 'Sums of match_map_players by ${key.join(', ')}, kept by triggers (migration 0096): read-only for code.'`,
  ]),
  `CREATE INDEX player_season_stats_player_idx ON player_season_stats (player_id, season_id)`,
  `CREATE INDEX player_season_map_stats_player_idx ON player_season_map_stats (player_id, season_id)`,
  `CREATE TABLE team_season_map_stats (
     season_id uuid NOT NULL,
     team_id uuid NOT NULL,
     map text NOT NULL,
     played bigint NOT NULL DEFAULT 0,
     wins bigint NOT NULL DEFAULT 0,
     losses bigint NOT NULL DEFAULT 0,
     rounds_for bigint NOT NULL DEFAULT 0,
     rounds_against bigint NOT NULL DEFAULT 0,
     picks bigint NOT NULL DEFAULT 0,
     bans bigint NOT NULL DEFAULT 0,
     PRIMARY KEY (team_id, season_id, map)
   )`,
  `COMMENT ON TABLE team_season_map_stats IS 'A team''s maps in a season from match_maps (played, won, rounds, picks) and match_vetoes (bans), kept by triggers (migration 0096): read-only for code.'`,
];

/** Copies the match's season and teams (and the map's code) onto a new or changed row. */
export const fillFromMatch = [
  `CREATE FUNCTION match_maps_fill() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     SELECT m.season_id, m.team1_id, m.team2_id INTO NEW.season_id, NEW.team1_id, NEW.team2_id FROM matches m WHERE m.id = NEW.match_id;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER match_maps_fill BEFORE INSERT OR UPDATE ON match_maps FOR EACH ROW EXECUTE FUNCTION match_maps_fill()`,
  `CREATE FUNCTION match_vetoes_fill() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     SELECT m.season_id, CASE NEW.side WHEN 1 THEN m.team1_id WHEN 2 THEN m.team2_id END INTO NEW.season_id, NEW.team_id FROM matches m WHERE m.id = NEW.match_id;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER match_vetoes_fill BEFORE INSERT OR UPDATE ON match_vetoes FOR EACH ROW EXECUTE FUNCTION match_vetoes_fill()`,
  `CREATE FUNCTION match_map_players_fill() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     SELECT mm.map, mm.season_id, CASE NEW.side WHEN 1 THEN mm.team1_id ELSE mm.team2_id END INTO NEW.map, NEW.season_id, NEW.team_id
       FROM match_maps mm WHERE mm.match_id = NEW.match_id AND mm.number = NEW.map_number;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER match_map_players_fill BEFORE INSERT OR UPDATE ON match_map_players FOR EACH ROW EXECUTE FUNCTION match_map_players_fill()`,
  // A match moved to another season or team (a merge): its rows follow, and their UPDATE
  // triggers move the totals. Lines after maps, since a line copies its map's teams.
  `CREATE FUNCTION match_stats_follow_match() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE match_maps SET season_id = NEW.season_id WHERE match_id = NEW.id;
     UPDATE match_vetoes SET season_id = NEW.season_id WHERE match_id = NEW.id;
     UPDATE match_map_players SET season_id = NEW.season_id WHERE match_id = NEW.id;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER match_stats_follow_match AFTER UPDATE OF season_id, team1_id, team2_id ON matches FOR EACH ROW
     WHEN (OLD.season_id IS DISTINCT FROM NEW.season_id OR OLD.team1_id <> NEW.team1_id OR OLD.team2_id <> NEW.team2_id)
     EXECUTE FUNCTION match_stats_follow_match()`,
];

/** A player total table: the line columns it groups by, and which lines it counts. */
export interface PlayerTotalTable {
  table: string;
  key: readonly string[];
  where: string;
}

/** INSERTs that add (sign 1) or take away (sign -1) the lines of `source` to each of `tables` (migration 0097 reuses it). */
export function foldLines(tables: readonly PlayerTotalTable[], source: string, sign: 1 | -1): string[] {
  return tables.map(({ table, key, where }) => {
    const columns = playerTotals.map(([column]) => column);
    return `INSERT INTO ${table} AS t (${[...key, ...columns].join(', ')})
      SELECT ${[...key.map((column) => `l.${column}`), ...playerTotals.map(([, expression]) => `${sign} * sum(${expression})`)].join(', ')}
      FROM ${source} l WHERE l.player_id IS NOT NULL AND ${where}
      GROUP BY ${key.map((column) => `l.${column}`).join(', ')} ORDER BY ${key.map((column) => `l.${column}`).join(', ')}
      ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${columns.map((column) => `${column} = t.${column} + excluded.${column}`).join(', ')}`;
  });
}

const applyLines = (source: string, sign: 1 | -1): string[] => foldLines(playerTotalTables, source, sign);

function applyMaps(source: string, sign: 1 | -1): string {
  const side = (n: 1 | 2) => {
    const other = n === 1 ? 2 : 1;
    return `SELECT season_id, team${n}_id AS team_id, map, 1 AS played,
              coalesce(winner_side = ${n}, false)::int AS wins, coalesce(winner_side = ${other}, false)::int AS losses,
              score_team${n} AS rounds_for, score_team${other} AS rounds_against, coalesce(picked_by_side = ${n}, false)::int AS picks
            FROM ${source} WHERE season_id IS NOT NULL`;
  };
  return `INSERT INTO team_season_map_stats AS t (season_id, team_id, map, played, wins, losses, rounds_for, rounds_against, picks)
    SELECT season_id, team_id, map, ${sign} * sum(played), ${sign} * sum(wins), ${sign} * sum(losses), ${sign} * sum(rounds_for), ${sign} * sum(rounds_against), ${sign} * sum(picks)
    FROM (${side(1)} UNION ALL ${side(2)}) s GROUP BY team_id, season_id, map ORDER BY team_id, season_id, map
    ON CONFLICT (team_id, season_id, map) DO UPDATE SET played = t.played + excluded.played, wins = t.wins + excluded.wins,
      losses = t.losses + excluded.losses, rounds_for = t.rounds_for + excluded.rounds_for,
      rounds_against = t.rounds_against + excluded.rounds_against, picks = t.picks + excluded.picks`;
}

function applyVetoes(source: string, sign: 1 | -1): string {
  return `INSERT INTO team_season_map_stats AS t (season_id, team_id, map, bans)
    SELECT season_id, team_id, map, ${sign} * count(*) FROM ${source}
    WHERE action = 'ban' AND season_id IS NOT NULL AND team_id IS NOT NULL
    GROUP BY team_id, season_id, map ORDER BY team_id, season_id, map
    ON CONFLICT (team_id, season_id, map) DO UPDATE SET bans = t.bans + excluded.bans`;
}

/** Rows whose every count went back to zero go, so a list of totals never shows an empty one. */
const dropEmptyPlayerTotals = playerTotalTables.map(({ table }) => `DELETE FROM ${table} WHERE maps = 0`);
const dropEmptyTeamTotals = `DELETE FROM team_season_map_stats WHERE played = 0 AND bans = 0`;

function statementTriggers(table: string, apply: (source: string, sign: 1 | -1) => string[], cleanup: string[]): string[] {
  const body = (statements: string[]) => [...statements, ...cleanup].map((statement) => `${statement};`).join('\n');
  return [
    `CREATE FUNCTION ${table}_totals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN ${body(apply('new_rows', 1))} RETURN NULL; END $$`,
    `CREATE FUNCTION ${table}_totals_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN ${body(apply('old_rows', -1))} RETURN NULL; END $$`,
    `CREATE FUNCTION ${table}_totals_updated() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN ${body([...apply('old_rows', -1), ...apply('new_rows', 1)])} RETURN NULL; END $$`,
    `CREATE TRIGGER ${table}_totals_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_totals_inserted()`,
    `CREATE TRIGGER ${table}_totals_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_totals_deleted()`,
    `CREATE TRIGGER ${table}_totals_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_totals_updated()`,
  ];
}

const totalsTriggers = [
  ...statementTriggers('match_map_players', applyLines, dropEmptyPlayerTotals),
  ...statementTriggers('match_maps', (source, sign) => [applyMaps(source, sign)], [dropEmptyTeamTotals]),
  ...statementTriggers('match_vetoes', (source, sign) => [applyVetoes(source, sign)], [dropEmptyTeamTotals]),
];

/** TRUNCATE fires no row or DELETE triggers: emptying a table of rows empties the totals it feeds. */
const truncateTriggers = [
  `CREATE FUNCTION match_stats_totals_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_TABLE_NAME IN ('match_map_players', 'match_maps') THEN
       DELETE FROM player_season_stats; DELETE FROM player_season_map_stats; DELETE FROM player_career_stats;
     END IF;
     IF TG_TABLE_NAME = 'match_map_players' THEN RETURN NULL; END IF;
     PERFORM match_stats_rebuild_team_totals();
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION match_stats_rebuild_team_totals() RETURNS void LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM team_season_map_stats;
     ${applyMaps('match_maps', 1)};
     ${applyVetoes('match_vetoes', 1)};
   END $$`,
  ...['match_map_players', 'match_maps', 'match_vetoes'].map(
    (table) => `CREATE TRIGGER ${table}_totals_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION match_stats_totals_cleared()`,
  ),
];

/** Recomputes every total from the rows: for tests, and for repair if a bulk load bypassed triggers. */
const rebuild = `CREATE FUNCTION match_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM player_season_stats; DELETE FROM player_season_map_stats; DELETE FROM player_career_stats;
     ${applyLines('match_map_players', 1).join(';\n')};
     PERFORM match_stats_rebuild_team_totals();
   END $$`;

const created = [...tables, ...fillFromMatch, ...totalsTriggers, ...truncateTriggers, rebuild];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement at a time: PGlite takes one per query, and the bodies contain semicolons.
  for (const statement of created) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS match_stats_follow_match ON matches`.execute(db);
  await sql`DROP TABLE IF EXISTS match_map_players, match_vetoes, match_maps, player_season_stats, player_season_map_stats, player_career_stats, team_season_map_stats`.execute(db);
  const functions = created.map((statement) => /^\s*CREATE FUNCTION (\w+)\(/.exec(statement)?.[1]).filter((name) => name !== undefined);
  for (const name of functions) await sql`DROP FUNCTION IF EXISTS ${sql.id(name)}()`.execute(db);
}
