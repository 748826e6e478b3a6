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
    .leftJoin('match_elo as e', 'e.match_id', 'm.id')
    .select((eb) => [
      'm.id',
      'm.team1_id',
      'm.team2_id',
      't1.name as team1',
      't2.name as team2',
      'm.score_team1',
      'm.score_team2',
      'e.team1_elo_before',
      'e.team1_elo_change',
      'e.team2_elo_before',
      'e.team2_elo_change',
      'c.name as competition',
      'm.date',
      'm.status',
      // The ledger has an entry exactly for a match that moved Elo.
      eb('e.match_id', 'is not', null).as('elo_applied'),
    ]);

export type MatchNotice = NonNullable<Awaited<ReturnType<ReturnType<typeof matchNoticeQuery>['executeTakeFirst']>>>;

/** An Elo change as a notice shows it: +16, −16 (a minus sign), ±0. */
export const signedChange = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '±0');
