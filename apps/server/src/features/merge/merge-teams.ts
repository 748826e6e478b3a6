import { SAME_TEAM_MERGE_MESSAGE, type MergeTeamsOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely, type Transaction } from 'kysely';
import { recordAudit, type AuditEntry } from '../audit/record';
import { conflict, invalid, notFound } from '../../lib/errors';
import { lockEloLedger, recordAdjustments, replayLedger } from '../elo/ledger';

export interface MergeOptions {
  /** Runs after each step (tests use it to fail midway). */
  afterStep?: (step: string) => void | Promise<void>;
}

/** The two teams, locked for the rest of the transaction; 404 when either is missing. */
export async function lockMergeTeams(trx: Transaction<Database>, primaryId: string, secondaryId: string) {
  const teams = await trx
    .selectFrom('teams')
    .select(['id', 'name', 'captain_id', 'elo'])
    .where('id', 'in', [primaryId, secondaryId])
    .orderBy('id')
    .forUpdate()
    .execute();
  const primary = teams.find((t) => t.id === primaryId);
  const secondary = teams.find((t) => t.id === secondaryId);
  if (!primary) throw notFound('Primary team not found');
  if (!secondary) throw notFound('Secondary team not found');
  return { primary, secondary };
}

/**
 * Merges the secondary team into the primary in one transaction. The primary keeps its name,
 * Elo and captain (it takes the secondary's captain only when it has none). Matches between the
 * two are deleted (a team cannot play itself); every other reference is re-pointed. In a
 * ranking week that lists both, the secondary's entry is dropped and the ranks closed up.
 * The Elo ledger is replayed from the secondary's first result (its results are now the
 * primary's), and an adjustment at the time of the merge keeps the primary's Elo. A browser
 * that followed the secondary follows the primary from then on.
 */
export async function mergeTeams(
  db: Kysely<Database>,
  primaryId: string,
  secondaryId: string,
  actor: AuditEntry['user'],
  options: MergeOptions = {},
): Promise<MergeTeamsOutput> {
  if (primaryId === secondaryId) throw invalid(SAME_TEAM_MERGE_MESSAGE);
  const step = async (name: string) => options.afterStep?.(name);

  return db.transaction().execute(async (trx) => {
    await lockEloLedger(trx);
    const { primary, secondary } = await lockMergeTeams(trx, primaryId, secondaryId);
    // A bracket names its teams by their event_teams rows: two teams of one event cannot become one.
    const sharedEvent = await trx
      .selectFrom('event_teams as a')
      .innerJoin('event_teams as b', 'b.event_id', 'a.event_id')
      .innerJoin('events', 'events.id', 'a.event_id')
      .select('events.name')
      .where('a.team_id', '=', primaryId)
      .where('b.team_id', '=', secondaryId)
      .executeTakeFirst();
    if (sharedEvent) throw conflict(`Both teams play in the event '${sharedEvent.name}': they cannot be merged while it lists both`);
    const firstResult = await trx
      .selectFrom('matches')
      .innerJoin('match_elo', 'match_elo.match_id', 'matches.id')
      .select((eb) => eb.fn.min('date').as('date'))
      .where((eb) => eb.or([eb('team1_id', '=', secondaryId), eb('team2_id', '=', secondaryId)]))
      .executeTakeFirst();

    const removed = await trx
      .deleteFrom('matches')
      .where((eb) =>
        eb.or([
          eb.and([eb('team1_id', '=', primaryId), eb('team2_id', '=', secondaryId)]),
          eb.and([eb('team1_id', '=', secondaryId), eb('team2_id', '=', primaryId)]),
        ]),
      )
      .executeTakeFirst();
    await step('matches_removed');

    const updatedMatches = await sql`
      UPDATE matches SET
        team1_id = CASE WHEN team1_id = ${secondaryId}::uuid THEN ${primaryId}::uuid ELSE team1_id END,
        team2_id = CASE WHEN team2_id = ${secondaryId}::uuid THEN ${primaryId}::uuid ELSE team2_id END,
        winner_id = CASE WHEN winner_id = ${secondaryId}::uuid THEN ${primaryId}::uuid ELSE winner_id END,
        updated_at = now()
      WHERE team1_id = ${secondaryId}::uuid OR team2_id = ${secondaryId}::uuid OR winner_id = ${secondaryId}::uuid
    `.execute(trx);
    await step('matches_updated');

    const movedPlayers = await trx.updateTable('players').set({ team_id: primaryId, updated_at: new Date() }).where('team_id', '=', secondaryId).executeTakeFirst();
    await trx.updateTable('player_seasons').set({ team_id: primaryId }).where('team_id', '=', secondaryId).execute();
    await step('players_moved');

    // The unique key (competition, season, platform, platform_name) does not hold team_id, so
    // re-pointing never collides: the primary simply answers to both platform names from now on.
    const movedParticipants = await trx.updateTable('participants').set({ team_id: primaryId }).where('team_id', '=', secondaryId).executeTakeFirst();
    await step('participants_merged');
    // The secondary's places in events (and titles) become the primary's.
    await trx.updateTable('event_teams').set({ team_id: primaryId }).where('team_id', '=', secondaryId).execute();
    await trx.updateTable('events').set({ winner_team_id: primaryId }).where('winner_team_id', '=', secondaryId).execute();
    // Divisions: the secondary's place in a season where the primary has none becomes the primary's; otherwise the primary's stays.
    await sql`
      UPDATE division_teams s SET team_id = ${primaryId}
      WHERE s.team_id = ${secondaryId} AND NOT EXISTS (SELECT 1 FROM division_teams p WHERE p.team_id = ${primaryId} AND p.season_id = s.season_id)
    `.execute(trx);

    await mergeRankingItems(trx, primaryId, secondaryId);
    await step('ranking_items_moved');
    await mergePushFollows(trx, primaryId, secondaryId);

    if (!primary.captain_id && secondary.captain_id) {
      await trx.updateTable('teams').set({ captain_id: secondary.captain_id }).where('id', '=', primaryId).execute();
    }
    await trx.updateTable('teams').set({ updated_at: new Date() }).where('id', '=', primaryId).execute();
    await trx.deleteFrom('teams').where('id', '=', secondaryId).execute();
    await step('secondary_deleted');

    // The primary may have lost every result from then on (the ones against the secondary).
    if (firstResult?.date) await replayLedger(trx, { from: new Date(firstResult.date), alsoTeams: [primaryId] });
    await recordAdjustments(trx, [{ teamId: primaryId, elo: primary.elo }], { reason: 'merge', userId: actor?.id ?? null, runId: crypto.randomUUID(), at: new Date() });
    await step('elo_replayed');

    const mergedData = {
      players_moved: Number(movedPlayers.numUpdatedRows),
      participants_merged: Number(movedParticipants.numUpdatedRows),
      matches_updated: Number(updatedMatches.numAffectedRows ?? 0n),
      matches_removed: Number(removed.numDeletedRows),
    };
    await recordAudit(trx, {
      user: actor,
      action: 'merge',
      entity: 'team',
      ids: [primaryId, secondaryId],
      details: { primary: primary.name, secondary: secondary.name, ...mergedData },
    });
    return { message: `Merged ${secondary.name} into ${primary.name}`, merged_data: mergedData };
  });
}

async function mergeRankingItems(trx: Transaction<Database>, primaryId: string, secondaryId: string): Promise<void> {
  const dropped = await sql<{ ranking_id: string }>`
    DELETE FROM ranking_items s
    USING ranking_items p
    WHERE s.team_id = ${secondaryId}::uuid AND p.team_id = ${primaryId}::uuid AND p.ranking_id = s.ranking_id
    RETURNING s.ranking_id
  `.execute(trx);
  await trx.updateTable('ranking_items').set({ team_id: primaryId }).where('team_id', '=', secondaryId).execute();

  const rankingIds = dropped.rows.map((r) => r.ranking_id);
  if (rankingIds.length === 0) return;
  // Close the gap in two steps: (ranking_id, rank) is unique and checked row by row, so the new
  // ranks go through negative values first.
  await sql`
    UPDATE ranking_items ri SET rank = -renumbered.rank
    FROM (
      SELECT id, row_number() OVER (PARTITION BY ranking_id ORDER BY rank) AS rank
      FROM ranking_items WHERE ranking_id = ANY(${rankingIds}::uuid[])
    ) AS renumbered
    WHERE ri.id = renumbered.id
  `.execute(trx);
  await sql`UPDATE ranking_items SET rank = -rank WHERE ranking_id = ANY(${rankingIds}::uuid[])`.execute(trx);
}

/**
 * The secondary's followers follow the primary (docs/decisions/0099-web-push-follows.md). A
 * browser that followed both keeps one follow that hears what either asked for, warned at the
 * earlier of the two 'starting soon' times.
 */
async function mergePushFollows(trx: Transaction<Database>, primaryId: string, secondaryId: string): Promise<void> {
  await sql`
    UPDATE push_follows p SET
      starting_soon = p.starting_soon OR s.starting_soon,
      minutes_before = CASE
        WHEN p.starting_soon AND s.starting_soon THEN GREATEST(p.minutes_before, s.minutes_before)
        WHEN s.starting_soon THEN s.minutes_before
        ELSE p.minutes_before END,
      started = p.started OR s.started,
      result = p.result OR s.result,
      rank_change = p.rank_change OR s.rank_change
    FROM push_follows s
    WHERE p.team_id = ${primaryId}::uuid AND s.team_id = ${secondaryId}::uuid AND s.subscription_id = p.subscription_id
  `.execute(trx);
  await sql`
    DELETE FROM push_follows s USING push_follows p
    WHERE s.team_id = ${secondaryId}::uuid AND p.team_id = ${primaryId}::uuid AND p.subscription_id = s.subscription_id
  `.execute(trx);
  await trx.updateTable('push_follows').set({ team_id: primaryId }).where('team_id', '=', secondaryId).execute();
}
