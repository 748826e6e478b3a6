import { sql, type Kysely } from 'kysely';

// A team's first bans in a season (issue 24, the team page's map pool): the bans of one team
// and season, each match's in step order, so the read takes each match's first one from the
// index without touching the other teams' vetoes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX match_vetoes_team_bans_idx ON match_vetoes (team_id, season_id, match_id, step) INCLUDE (map) WHERE action = 'ban'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS match_vetoes_team_bans_idx`.execute(db);
}
