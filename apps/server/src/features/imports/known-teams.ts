import type { KnownPlatformTeams } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';

/**
 * The team each platform team id was matched to by the latest earlier import (participants
 * rows), so the participant matcher can propose it before any name likeness.
 */
export async function knownPlatformTeams(
  db: Kysely<Database>,
  input: { platform: 'faceit' | 'leaguespot'; platform_team_ids: string[] },
): Promise<KnownPlatformTeams> {
  if (input.platform_team_ids.length === 0) return [];
  const rows = await db
    .selectFrom('participants')
    .innerJoin('teams', 'teams.id', 'participants.team_id')
    .select(['participants.platform_team_id', 'teams.id as team_id', 'teams.name as team_name'])
    .distinctOn('participants.platform_team_id')
    .where('participants.platform', '=', input.platform)
    .where('participants.platform_team_id', 'in', input.platform_team_ids)
    .orderBy('participants.platform_team_id')
    .orderBy('participants.created_at', 'desc')
    .execute();
  return rows.map((row) => ({ platform_team_id: row.platform_team_id as string, team_id: row.team_id, team_name: row.team_name }));
}
