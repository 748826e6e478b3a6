import type { Paged, PlayerListItem, playerListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import { compiledPerInput, rowsOf } from '../../lib/compiled-queries';
import { containsPattern, orderBySql, pagedListQuery, pageWindow, toPaged, type SortKey } from '../../lib/paging';

export type PlayerListFilters = z.output<typeof playerListInput>;

function playerConditions(eb: ExpressionBuilder<Database, 'players'>, input: PlayerListFilters): Expression<SqlBool> {
  // Hidden players stay out of public lists unless asked for.
  const conditions: Expression<SqlBool>[] = [eb('players.visible', '=', input.visible ?? true)];
  if (input.benched !== undefined) conditions.push(eb('players.benched', '=', input.benched));
  if (input.team_id) conditions.push(eb('players.team_id', '=', input.team_id));
  if (input.id) conditions.push(eb('players.id', 'in', input.id));
  if (input.steam_id) conditions.push(eb('players.steam_id', '=', input.steam_id));
  if (input.faceit_id) conditions.push(eb('players.faceit_id', '=', input.faceit_id));
  if (input.name) conditions.push(eb('players.name', 'ilike', containsPattern(input.name)));
  if (input.season_id) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('player_seasons')
          .select(sql.lit(1).as('one'))
          .whereRef('player_seasons.player_id', '=', 'players.id')
          .where('player_seasons.season_id', '=', input.season_id),
      ),
    );
  }
  return eb.and(conditions);
}

/** Visible players filtered by season at most: countable from the kept totals. */
function countedFromScopeTotals(input: PlayerListFilters): boolean {
  return input.visible !== false && input.benched === undefined && !input.team_id && !input.name && !input.id && !input.steam_id && !input.faceit_id;
}

/** Visible players of one season or of all: the trigger-kept totals of the scope less its hidden players, one row. */
function visibleCountFromTotals(db: Kysely<Database>, seasonId: string | undefined) {
  return db
    .selectFrom('player_counts')
    .select(sql<number>`player_counts.count - player_counts.hidden`.as('count'))
    .where('player_counts.scope', '=', seasonId ?? 'all');
}

/** Elo and skill lists default to highest first, name lists to A-Z; ties fall back to name, then id. */
function playerSortKeys(input: PlayerListFilters): SortKey[] {
  const direction = input.order ?? (input.sort === 'name' ? 'asc' : 'desc');
  if (input.sort === 'name') return [{ column: 'name', direction }, { column: 'id', direction }];
  return [{ column: input.sort, direction }, { column: 'name', direction: 'asc' }, { column: 'id', direction: 'asc' }];
}

/** The whole list as one statement (count and page together), so the bench can EXPLAIN it. */
export function playerListQuery(db: Kysely<Database>, input: PlayerListFilters) {
  const filtered = db.selectFrom('players').where((eb) => playerConditions(eb, input));
  const sortKeys = playerSortKeys(input);
  const { limit, offset } = pageWindow(input);
  const count = countedFromScopeTotals(input) ? visibleCountFromTotals(db, input.season_id) : filtered.select((eb) => eb.fn.countAll<number>().as('count'));
  const page = filtered
    .select(['players.id', 'players.name', 'players.picture', 'players.skill_level', 'players.steam_id', 'players.faceit_id', 'players.elo', 'players.team_id', 'players.benched', 'players.visible'])
    .orderBy(orderBySql('players', sortKeys))
    .limit(limit)
    .offset(offset);
  const items = db
    .selectFrom(page.as('page'))
    .select((eb) => [
      'page.id',
      'page.name',
      'page.picture',
      'page.skill_level',
      'page.steam_id',
      'page.faceit_id',
      'page.elo',
      jsonObjectFrom(eb.selectFrom('teams').select(['teams.id', 'teams.name', 'teams.picture']).whereRef('teams.id', '=', 'page.team_id')).as('team'),
      'page.benched',
      'page.visible',
    ])
    .orderBy(orderBySql('page', sortKeys));
  return pagedListQuery(db, count, items);
}

const compiledPlayerList = compiledPerInput(playerListQuery);

export async function listPlayers(db: Kysely<Database>, input: PlayerListFilters): Promise<Paged<PlayerListItem>> {
  const [row] = await rowsOf(db, compiledPlayerList(db, input));
  return toPaged(row!, input);
}
