import type { MergePreview } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import { notFound } from '../../lib/errors';

/** What a merge of these two teams would do, without doing it. */
export async function previewMerge(db: Kysely<Database>, primaryId: string, secondaryId: string): Promise<MergePreview> {
  const teams = await db
    .selectFrom('teams')
    .select((eb) => [
      'teams.id',
      'teams.name',
      'teams.picture',
      'teams.school_name',
      'teams.elo',
      eb.selectFrom('players').select(eb.fn.countAll<number>().as('n')).whereRef('players.team_id', '=', 'teams.id').as('players'),
    ])
    .where('teams.id', 'in', [primaryId, secondaryId])
    .execute();
  const primary = teams.find((t) => t.id === primaryId);
  const secondary = teams.find((t) => t.id === secondaryId);
  if (!primary) throw notFound('Primary team not found');
  if (!secondary) throw notFound('Secondary team not found');

  const counts = await sql<{ participants: number; matches: number; ranking_items: number }>`
    SELECT
      (SELECT count(*) FROM participants WHERE team_id = ${secondaryId}::uuid) AS participants,
      (SELECT count(*) FROM matches
        WHERE (team1_id = ${secondaryId}::uuid OR team2_id = ${secondaryId}::uuid OR winner_id = ${secondaryId}::uuid)
          AND NOT (team1_id IN (${primaryId}::uuid, ${secondaryId}::uuid) AND team2_id IN (${primaryId}::uuid, ${secondaryId}::uuid))
      ) AS matches,
      (SELECT count(*) FROM ranking_items WHERE team_id = ${secondaryId}::uuid) AS ranking_items
  `.execute(db);
  const count = counts.rows[0]!;

  const removed = await db
    .selectFrom('matches')
    .innerJoin('teams as t1', 't1.id', 'matches.team1_id')
    .innerJoin('teams as t2', 't2.id', 'matches.team2_id')
    .leftJoin('competitions', 'competitions.id', 'matches.competition_id')
    .select([
      'matches.id',
      'matches.date',
      'matches.status',
      't1.name as team1_name',
      't2.name as team2_name',
      'matches.score_team1',
      'matches.score_team2',
      'competitions.name as competition_name',
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('matches.team1_id', '=', primaryId), eb('matches.team2_id', '=', secondaryId)]),
        eb.and([eb('matches.team1_id', '=', secondaryId), eb('matches.team2_id', '=', primaryId)]),
      ]),
    )
    .orderBy('matches.date', 'desc')
    .orderBy('matches.id')
    .execute();

  return {
    primary: { ...primary, players: Number(primary.players) },
    secondary: { ...secondary, players: Number(secondary.players) },
    players_to_move: Number(secondary.players),
    participants_to_merge: Number(count.participants),
    matches_to_update: Number(count.matches),
    ranking_items_to_move: Number(count.ranking_items),
    matches_to_remove: removed.map((m) => ({ ...m, date: m.date ? m.date.toISOString() : null })),
  };
}
