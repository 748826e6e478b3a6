import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';

/**
 * A match with what a notice about it tells: its teams' names, score, each team's Elo before
 * and change, competition, date and state. Read by the Discord result post
 * (features/discord/posts.ts) and the followers' pushes (features/push/send.ts); narrow it
 * with `.where('m.id', '=', id)`.
 */
export const matchNoticeQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('matches as m')
    .innerJoin('teams as t1', 't1.id', 'm.team1_id')
    .innerJoin('teams as t2', 't2.id', 'm.team2_id')
    .leftJoin('competitions as c', 'c.id', 'm.competition_id')
    .select([
      'm.id',
      'm.team1_id',
      'm.team2_id',
      't1.name as team1',
      't2.name as team2',
      'm.score_team1',
      'm.score_team2',
      'm.team1_elo_before',
      'm.team1_elo_change',
      'm.team2_elo_before',
      'm.team2_elo_change',
      'c.name as competition',
      'm.date',
      'm.status',
      'm.elo_applied',
    ]);

export type MatchNotice = NonNullable<Awaited<ReturnType<ReturnType<typeof matchNoticeQuery>['executeTakeFirst']>>>;

/** An Elo change as a notice shows it: +16, −16 (a minus sign), ±0. */
export const signedChange = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '±0');
