import type { PlayerPage } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { compiledPerInput, rowsOf } from '../../lib/compiled-queries';
import { notFound } from '../../lib/errors';

// A player's page (docs/contract.md, "Pages"). Hidden players have none: both answers are
// 404 for them, as for an id that names nobody.

/** The player page statement, so the bench can EXPLAIN it. */
export function playerPageQuery(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('players')
    .where('players.id', '=', id)
    .where('players.visible', '=', true)
    .select((eb) => [
      'players.id',
      'players.name',
      'players.picture',
      'players.skill_level',
      'players.elo',
      jsonObjectFrom(eb.selectFrom('teams').select(['teams.id', 'teams.name', 'teams.picture']).whereRef('teams.id', '=', 'players.team_id')).as('team'),
      'players.benched',
      'players.visible',
      'players.faceit_id',
      'players.steam_id',
      jsonArrayFrom(
        eb
          .selectFrom('player_seasons')
          .innerJoin('seasons', 'seasons.id', 'player_seasons.season_id')
          .whereRef('player_seasons.player_id', '=', 'players.id')
          .select(['seasons.id', 'seasons.name'])
          .orderBy('seasons.start_date', 'desc')
          .orderBy('seasons.id'),
      ).as('seasons'),
    ]);
}

/** Whether a visible player has this id: the web app's answer to /players/{id} is 404 when not. */
export async function visiblePlayerExists(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db.selectFrom('players').where('players.id', '=', id).where('players.visible', '=', true).select('players.id').executeTakeFirst();
  return row !== undefined;
}

const compiledPlayerPage = compiledPerInput(playerPageQuery);

export async function getPlayerPage(db: Kysely<Database>, id: string): Promise<PlayerPage> {
  const [row] = await rowsOf(db, compiledPlayerPage(db, id));
  if (!row) throw notFound('Player not found');
  return row;
}

/** Each recorded Elo of a visible player, oldest first. */
export function playerEloHistoryQuery(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('players')
    .where('players.id', '=', id)
    .where('players.visible', '=', true)
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('player_elo_history')
          .whereRef('player_elo_history.player_id', '=', 'players.id')
          .select(['player_elo_history.at as date', 'player_elo_history.elo'])
          .orderBy('player_elo_history.at')
          .orderBy('player_elo_history.id'),
      ).as('results'),
    ]);
}

export async function getPlayerEloHistory(db: Kysely<Database>, id: string): Promise<{ results: { date: string; elo: number }[] }> {
  const row = await playerEloHistoryQuery(db, id).executeTakeFirst();
  if (!row) throw notFound('Player not found');
  return { results: row.results.map((r) => ({ date: new Date(r.date).toISOString(), elo: r.elo })) };
}
