import type { Paged, TeamListItem, teamListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import { compiledPerInput, rowsOf } from '../../lib/compiled-queries';
import { seasonPlaceSortKeys } from '../rankings/season-place';
import { containsPattern, orderBySql, pagedListQuery, pageWindow, toPaged, type SortKey } from '../../lib/paging';

export type TeamListFilters = z.output<typeof teamListInput>;

function teamConditions(eb: ExpressionBuilder<Database, 'teams'>, input: TeamListFilters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (input.id) conditions.push(eb('teams.id', '=', input.id));
  if (input.name) conditions.push(eb('teams.name', 'ilike', containsPattern(input.name)));
  if (input.school_name) conditions.push(eb('teams.school_name', 'ilike', containsPattern(input.school_name)));
  if (input.season_id) {
    // Took part (packages/domain, season-place.ts): entered one of the season's competitions or
    // played one of its matches, events included; season_teams keeps both (migration 0094).
    conditions.push(
      eb.exists(
        eb.selectFrom('season_teams').select(sql.lit(1).as('one')).whereRef('season_teams.team_id', '=', 'teams.id').where('season_teams.season_id', '=', input.season_id),
      ),
    );
  }
  return eb.and(conditions);
}

/** A list of all teams, or of one season's, takes its count from the trigger-kept totals (team_counts). */
function countedFromScopeTotals(input: TeamListFilters): boolean {
  return !input.id && !input.name && !input.school_name;
}

/** Elo lists default to highest first, name lists to A-Z; ties fall back to name, then id. */
function teamSortKeys(input: TeamListFilters): SortKey[] {
  const direction = input.order ?? (input.sort === 'elo' ? 'desc' : 'asc');
  switch (input.sort) {
    case 'elo':
      // Highest first is the place in the season (or among all teams).
      return direction === 'desc' ? seasonPlaceSortKeys : [{ column: 'elo', direction }, { column: 'name', direction: 'asc' }, { column: 'id', direction: 'asc' }];
    case 'name':
      return [{ column: 'name', direction }, { column: 'id', direction }];
    case 'school_name':
      return [{ column: 'school_name', direction, nullable: true }, { column: 'name', direction: 'asc' }, { column: 'id', direction: 'asc' }];
  }
}

/** The whole list as one statement (count and page together), so the bench can EXPLAIN it. */
export function teamListQuery(db: Kysely<Database>, input: TeamListFilters) {
  const filtered = db.selectFrom('teams').where((eb) => teamConditions(eb, input));
  const sortKeys = teamSortKeys(input);
  const { limit, offset } = pageWindow(input);
  const count = countedFromScopeTotals(input)
    ? db.selectFrom('team_counts').select('team_counts.count').where('team_counts.scope', '=', input.season_id ?? 'all')
    : filtered.select((eb) => eb.fn.countAll<number>().as('count'));
  const page = filtered
    .select(['teams.id', 'teams.name', 'teams.picture', 'teams.school_name', 'teams.elo', 'teams.captain_id'])
    .orderBy(orderBySql('teams', sortKeys))
    .limit(limit)
    .offset(offset);
  const items = db
    .selectFrom(page.as('page'))
    .select((eb) => [
      'page.id',
      'page.name',
      'page.picture',
      'page.school_name',
      'page.elo',
      jsonObjectFrom(eb.selectFrom('players').select(['players.id', 'players.name', 'players.picture']).whereRef('players.id', '=', 'page.captain_id')).as('captain'),
    ])
    .orderBy(orderBySql('page', sortKeys));
  return pagedListQuery(db, count, items);
}

const compiledTeamList = compiledPerInput(teamListQuery);

export async function listTeams(db: Kysely<Database>, input: TeamListFilters): Promise<Paged<TeamListItem>> {
  const [row] = await rowsOf(db, compiledTeamList(db, input));
  return toPaged(row!, input);
}
