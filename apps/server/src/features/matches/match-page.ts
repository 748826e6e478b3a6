import type { MatchPage } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { eloChangePreview, expectedScore, starRating } from '@campus-elo/domain';
import type { Kysely } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import { compiledPerInput, rowsOf } from '../../lib/compiled-queries';
import { notFound } from '../../lib/errors';
import { matchItemsQuery, toMatchItems } from './queries';

/** The match page statement: the list item and the match's Elo ledger row (none when it moved no Elo), so the bench can EXPLAIN it. */
export function matchPageQuery(db: Kysely<Database>, id: string) {
  const match = db.selectFrom('matches').where('matches.id', '=', id);
  return db.selectNoFrom([
    jsonObjectFrom(matchItemsQuery(db, match, [{ column: 'id', direction: 'asc' }], { limit: 1 })).as('item'),
    jsonObjectFrom(
      db
        .selectFrom('match_elo')
        .where('match_elo.match_id', '=', id)
        .select(['match_elo.team1_elo_before', 'match_elo.team2_elo_before', 'match_elo.team1_elo_change', 'match_elo.team2_elo_change']),
    ).as('ledger'),
  ]);
}

/** Whether a match has this id: the web app's answer to /matches/{id} is 404 when not. */
export async function matchExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom('matches').where('matches.id', '=', id).select('matches.id').executeTakeFirst()) !== undefined;
}

const compiledMatchPage = compiledPerInput(matchPageQuery);

/**
 * A match with what it is worth: its stars, and for a match not yet played what each side
 * would win or lose (from today's Elo), or for a result that moved Elo each side's Elo before
 * and after. Stars come from the Elo the teams had before the result, or have now.
 */
export async function getMatchPage(db: Kysely<Database>, id: string): Promise<MatchPage> {
  const [row] = await rowsOf(db, compiledMatchPage(db, id));
  const { item, ledger } = row!;
  if (!item) throw notFound('Match not found');
  const [match] = await toMatchItems(db, [item]);
  if (!match) throw notFound('Match not found');
  const elo1 = ledger ? ledger.team1_elo_before : match.team1.elo;
  const elo2 = ledger ? ledger.team2_elo_before : match.team2.elo;
  const upcoming = match.status === 'scheduled' || match.status === 'in_progress';
  const side = (own: number, opponent: number) => ({ ...eloChangePreview(own, opponent), expected: expectedScore(own, opponent) });
  const sideElo = (before: number, change: number) => ({ before, after: before + change, change });
  return {
    ...match,
    stars: starRating(elo1, elo2),
    preview: upcoming ? { team1: side(match.team1.elo, match.team2.elo), team2: side(match.team2.elo, match.team1.elo) } : null,
    elo: ledger ? { team1: sideElo(elo1, ledger.team1_elo_change), team2: sideElo(elo2, ledger.team2_elo_change) } : null,
  };
}
