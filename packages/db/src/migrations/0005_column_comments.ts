import { sql, type Kysely } from 'kysely';

// What a column means beyond its name, kept in the database so the generated table types
// (schema.generated.ts, `pnpm db:types`) carry it as doc comments.
const comments: Record<string, string> = {
  'seasons.leaguespot_season_id': 'Leaguespot season id, when the season was imported from there.',
  'seasons.leaguespot_stage_id': 'Leaguespot current stage id, when the season was imported from there.',
  'competitions.external_id': "The platform's own id: a Faceit championship id or a Leaguespot season id.",
  'competitions.type': "'league' or 'event' (bracket based), chosen in the import wizard.",
  'participants.platform_team_id': "The team's id on the platform (Faceit faction/team id, Leaguespot teamId).",
  'participants.platform_name': "The team's name on the platform: the key of 'platform:{platform}:team:{name}'.",
  'matches.elo_applied': "True once a completion has moved both teams' Elo, so it never moves twice.",
  'backups.data': 'JSON export of every cleared table; `pnpm cli restore` reads it back.',
  'match_status_counts.count': 'Matches of this status, kept by triggers on matches (migration 0003): read-only for code.',
  'player_counts.count': "Players in this scope ('all', or a season id), kept by triggers (migration 0003): read-only for code.",
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, text] of Object.entries(comments)) {
    await sql`COMMENT ON COLUMN ${sql.ref(column)} IS ${sql.lit(text)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of Object.keys(comments)) await sql`COMMENT ON COLUMN ${sql.ref(column)} IS NULL`.execute(db);
}
