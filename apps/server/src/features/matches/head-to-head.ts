import type { HeadToHead } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { invalid, notFound } from '../../lib/errors';
import { matchItemsQuery, toMatchItems } from './queries';

/** More meetings than two teams have in years of league play. */
const MAX_MEETINGS = 100;

/** Two teams' results against each other, newest first, and how many each won: one statement. */
export function headToHeadQuery(db: Kysely<Database>, team1: string, team2: string) {
  const meetings = db
    .selectFrom('matches')
    .where('matches.status', '=', 'completed')
    .where((eb) =>
      eb.or([
        eb.and([eb('matches.team1_id', '=', team1), eb('matches.team2_id', '=', team2)]),
        eb.and([eb('matches.team1_id', '=', team2), eb('matches.team2_id', '=', team1)]),
      ]),
    );
  const wins = (teamId: string) => meetings.where('matches.winner_id', '=', teamId).select((eb) => eb.fn.countAll<number>().as('n'));
  return db.selectNoFrom((eb) => [
    eb.selectFrom('teams').where('teams.id', 'in', [team1, team2]).select((inner) => inner.fn.countAll<number>().as('n')).as('teams_found'),
    wins(team1).as('team1_wins'),
    wins(team2).as('team2_wins'),
    jsonArrayFrom(
      matchItemsQuery(
        db,
        meetings,
        [
          { column: 'date', direction: 'desc', nullable: true },
          { column: 'id', direction: 'desc' },
        ],
        { limit: MAX_MEETINGS },
      ),
    ).as('matches'),
  ]);
}

export async function getHeadToHead(db: Kysely<Database>, input: { team1: string; team2: string }): Promise<HeadToHead> {
  if (input.team1 === input.team2) throw invalid('team1 and team2 must be two different teams');
  const row = await headToHeadQuery(db, input.team1, input.team2).executeTakeFirstOrThrow();
  if (Number(row.teams_found) < 2) throw notFound('Team not found');
  return { team1_wins: Number(row.team1_wins), team2_wins: Number(row.team2_wins), matches: await toMatchItems(db, row.matches) };
}
