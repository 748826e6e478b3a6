import type { rankingSnapshotInput, RankingSnapshotOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { recordAudit, type AuditEntry } from '../audit/record';
import { notFound, unprocessable } from '../../lib/errors';

/**
 * A ranking week: every team with Elo above 0, ranked by Elo (ties by name, then id so the
 * order is total), for the given season or the one that started last. One INSERT ... SELECT.
 */
export async function createRankingSnapshot(
  db: Kysely<Database>,
  input: z.output<typeof rankingSnapshotInput>,
  actor: AuditEntry['user'],
): Promise<RankingSnapshotOutput> {
  return db.transaction().execute(async (trx) => {
    let seasonQuery = trx.selectFrom('seasons').select(['id', 'name']);
    seasonQuery = input.season_id
      ? seasonQuery.where('id', '=', input.season_id)
      : seasonQuery.orderBy('start_date', 'desc').orderBy('created_at', 'desc').limit(1);
    const season = await seasonQuery.executeTakeFirst();
    if (!season) {
      throw notFound(input.season_id ? 'Season not found' : 'There is no season to rank: create one first');
    }

    const ranking = await trx.insertInto('rankings').values({ season_id: season.id, date: new Date() }).returning('id').executeTakeFirstOrThrow();
    const inserted = await sql`
      INSERT INTO ranking_items (ranking_id, team_id, rank, elo)
      SELECT ${ranking.id}::uuid, id, row_number() OVER (ORDER BY elo DESC, name ASC, id ASC), elo
      FROM teams
      WHERE elo > 0
    `.execute(trx);
    const teamsRanked = Number(inserted.numAffectedRows ?? 0n);
    if (teamsRanked === 0) {
      throw unprocessable('No team has an Elo above 0 to rank');
    }
    await recordAudit(trx, { user: actor, action: 'create', entity: 'ranking', ids: [ranking.id], details: { season_id: season.id, teams_ranked: teamsRanked } });
    return { teams_ranked: teamsRanked, season_name: season.name, season_id: season.id, ranking_id: ranking.id };
  });
}
