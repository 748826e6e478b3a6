import type { DeletedOutput, rankingSnapshotInput, RankingSnapshotOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { seasonEndsAt, seasonHasEnded } from '@campus-elo/domain';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { recordAudit, type AuditEntry } from '../audit/record';
import { lockEloLedger, teamEloBefore } from '../elo/ledger';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { seasonPlaceOrderSql, teamColumns } from './season-place';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Monday 00:00 UTC of the week containing `date`: a season has at most one snapshot per week. */
export function weekStart(date: Date): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

/**
 * A ranking week: every team of the season with Elo above 0, placed as the season's rankings
 * place it (packages/domain, season-place.ts), for the given season or the one that started last. A season that has
 * ended is ranked by the Elo the ledger gave each team at its end, dated then; a running one
 * by today's Elo. A week that already has a snapshot of the season answers 409 unless
 * `replace` is set, which replaces it.
 */
export async function createRankingSnapshot(
  db: Kysely<Database>,
  input: z.output<typeof rankingSnapshotInput>,
  actor: AuditEntry['user'],
  now = new Date(),
): Promise<RankingSnapshotOutput> {
  return db.transaction().execute(async (trx) => {
    let seasonQuery = trx.selectFrom('seasons').select(['id', 'name', 'end_date']);
    seasonQuery = input.season_id
      ? seasonQuery.where('id', '=', input.season_id)
      : seasonQuery.orderBy('start_date', 'desc').orderBy('created_at', 'desc').limit(1);
    const season = await seasonQuery.executeTakeFirst();
    if (!season) {
      throw notFound(input.season_id ? 'Season not found' : 'There is no season to rank: create one first');
    }
    const seasonEnd = seasonEndsAt(season.end_date);
    const ended = seasonHasEnded(season.end_date, now);
    const date = ended ? new Date(seasonEnd.getTime() - 1) : now;

    const week = weekStart(date);
    const sameWeek = await trx
      .selectFrom('rankings')
      .select(['id', 'date'])
      .where('season_id', '=', season.id)
      .where('date', '>=', week)
      .where('date', '<', new Date(week.getTime() + 7 * DAY_MS))
      .execute();
    if (sameWeek.length > 0 && !input.replace) {
      // Named by the existing snapshot's own date, the one the snapshot list shows (issue 29).
      const existing = sameWeek.map((r) => r.date.toISOString().slice(0, 10)).sort()[0];
      throw conflict(`${season.name} already has a snapshot this week, the one of ${existing}: send replace: true to replace it`);
    }
    if (sameWeek.length > 0) await trx.deleteFrom('rankings').where('id', 'in', sameWeek.map((r) => r.id)).execute();

    const ranking = await trx.insertInto('rankings').values({ season_id: season.id, date }).returning('id').executeTakeFirstOrThrow();
    let teamsRanked: number;
    if (ended) {
      // Elo at the season's end from the ledger, which must not move while it is read.
      await lockEloLedger(trx);
      const elo = await teamEloBefore(trx, seasonEnd);
      const inserted = await sql`
        INSERT INTO ranking_items (ranking_id, team_id, rank, elo)
        SELECT ${ranking.id}::uuid, t.id, row_number() OVER (ORDER BY ${seasonPlaceOrderSql({ elo: sql.ref('v.elo'), name: sql.ref('t.name'), id: sql.ref('t.id') })}), v.elo
        FROM unnest(${[...elo.keys()]}::uuid[], ${[...elo.values()]}::int[]) AS v(id, elo)
        JOIN teams t ON t.id = v.id
        JOIN season_teams st ON st.season_id = ${season.id} AND st.team_id = t.id
        WHERE v.elo > 0
      `.execute(trx);
      teamsRanked = Number(inserted.numAffectedRows ?? 0n);
    } else {
      const inserted = await sql`
        INSERT INTO ranking_items (ranking_id, team_id, rank, elo)
        SELECT ${ranking.id}::uuid, t.id, row_number() OVER (ORDER BY ${seasonPlaceOrderSql(teamColumns('t'))}), t.elo
        FROM teams t
        JOIN season_teams st ON st.season_id = ${season.id} AND st.team_id = t.id
        WHERE t.elo > 0
      `.execute(trx);
      teamsRanked = Number(inserted.numAffectedRows ?? 0n);
    }
    if (teamsRanked === 0) {
      throw unprocessable(`No team of ${season.name} has an Elo above 0 to rank`);
    }
    const replaced = sameWeek.map((r) => r.id);
    await recordAudit(trx, {
      user: actor,
      action: 'create',
      entity: 'ranking',
      ids: [ranking.id],
      details: { season_id: season.id, teams_ranked: teamsRanked, date: date.toISOString(), at_season_end: ended, replaced_ranking_ids: replaced },
    });
    return { teams_ranked: teamsRanked, season_name: season.name, season_id: season.id, ranking_id: ranking.id, date: date.toISOString(), replaced_ranking_ids: replaced };
  });
}

/** Deletes a ranking snapshot and its items. */
export function deleteRankingSnapshot(db: Kysely<Database>, actor: { id: string }, id: string): Promise<DeletedOutput> {
  return db.transaction().execute(async (trx) => {
    const ranking = await trx
      .selectFrom('rankings')
      .innerJoin('seasons', 'seasons.id', 'rankings.season_id')
      .select(['rankings.id', 'rankings.date', 'rankings.season_id', 'seasons.name as season_name'])
      .where('rankings.id', '=', id)
      .executeTakeFirst();
    if (!ranking) throw notFound('Ranking snapshot not found');
    await trx.deleteFrom('rankings').where('id', '=', id).execute();
    await recordAudit(trx, { user: actor, action: 'delete', entity: 'ranking', ids: [id], details: { before: { ...ranking, date: ranking.date.toISOString() } } });
    return { id, message: `Deleted the ${ranking.season_name} snapshot of ${ranking.date.toISOString().slice(0, 10)}.` };
  });
}
