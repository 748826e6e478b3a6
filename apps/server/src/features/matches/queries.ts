import { isDateOnly, type MatchListItem, type MatchStatus, type Paged, type matchListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import { containsPattern, orderBySql, pagedListQuery, pageWindow, toPaged, type SortKey } from '../../lib/paging';

export type MatchListFilters = z.output<typeof matchListInput>;

/** Cancelled matches are left out unless a status list asks for them. */
const DEFAULT_STATUSES: readonly MatchStatus[] = ['scheduled', 'in_progress', 'completed'];

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date (YYYY-MM-DD) starts at UTC midnight; a date-time is exact. */
function rangeStart(value: string): Date {
  return new Date(isDateOnly(value) ? `${value}T00:00:00Z` : value);
}

/** A date (YYYY-MM-DD) includes the whole UTC day, so the range ends before the next midnight. */
function rangeEnd(value: string): { at: Date; inclusive: boolean } {
  if (isDateOnly(value)) return { at: new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS), inclusive: false };
  return { at: new Date(value), inclusive: true };
}

function listedStatuses(input: MatchListFilters): MatchStatus[] {
  return [...new Set(input.status ?? DEFAULT_STATUSES)];
}

/** Filtered by status alone: the trigger-kept counters answer the count without reading the matches. */
function filtersOnlyStatus(input: MatchListFilters): boolean {
  return !input.date_from && !input.date_to && !input.season_id && !input.team_id && !input.competition_name;
}

function matchConditions(eb: ExpressionBuilder<Database, 'matches'>, input: MatchListFilters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('matches.status', 'in', listedStatuses(input))];
  if (input.date_from) conditions.push(eb('matches.date', '>=', rangeStart(input.date_from)));
  if (input.date_to) {
    const end = rangeEnd(input.date_to);
    conditions.push(eb('matches.date', end.inclusive ? '<=' : '<', end.at));
  }
  if (input.season_id) conditions.push(eb('matches.season_id', '=', input.season_id));
  if (input.team_id) conditions.push(eb.or([eb('matches.team1_id', '=', input.team_id), eb('matches.team2_id', '=', input.team_id)]));
  if (input.competition_name) {
    const pattern = containsPattern(input.competition_name);
    conditions.push(eb('matches.competition_id', 'in', eb.selectFrom('competitions').select('competitions.id').where('competitions.name', 'ilike', pattern)));
  }
  return eb.and(conditions);
}

/** Newest first by default; undated matches come last either way. */
function matchSortKeys(input: MatchListFilters): SortKey[] {
  const direction = input.order ?? 'desc';
  return [{ column: 'date', direction, nullable: true }, { column: 'id', direction }];
}

/**
 * Match items (the list's shape) for the matches `filtered` selects, one window of them in
 * `sortKeys` order: the window is cut first, so the per-item lookups (team names, the
 * competition) run for its rows only.
 */
export function matchItemsQuery(
  db: Kysely<Database>,
  filtered: SelectQueryBuilder<Database, 'matches', object>,
  sortKeys: readonly SortKey[],
  window: { limit: number; offset?: number },
) {
  const page = filtered
    .select([
      'matches.id',
      'matches.date',
      'matches.status',
      'matches.team1_id',
      'matches.team2_id',
      'matches.score_team1',
      'matches.score_team2',
      'matches.winner_id',
      'matches.competition_id',
      'matches.season_id',
      'matches.url',
      'matches.platform',
    ])
    .orderBy(orderBySql('matches', sortKeys))
    .limit(window.limit)
    .offset(window.offset ?? 0);
  const teamColumns = ['teams.id', 'teams.name', 'teams.picture', 'teams.elo'] as const;
  return db
    .selectFrom(page.as('page'))
    .select((eb) => [
      'page.id',
      'page.date',
      'page.status',
      // Each team's current Elo, not its Elo at match time.
      jsonObjectFrom(eb.selectFrom('teams').select(teamColumns).whereRef('teams.id', '=', 'page.team1_id')).$notNull().as('team1'),
      jsonObjectFrom(eb.selectFrom('teams').select(teamColumns).whereRef('teams.id', '=', 'page.team2_id')).$notNull().as('team2'),
      'page.score_team1',
      'page.score_team2',
      jsonObjectFrom(eb.selectFrom('teams').select(['teams.id', 'teams.name']).whereRef('teams.id', '=', 'page.winner_id')).as('winner'),
      jsonObjectFrom(eb.selectFrom('competitions').select(['competitions.id', 'competitions.name']).whereRef('competitions.id', '=', 'page.competition_id')).as('competition'),
      jsonObjectFrom(eb.selectFrom('seasons').select(['seasons.id', 'seasons.name']).whereRef('seasons.id', '=', 'page.season_id')).as('season'),
      'page.season_id',
      'page.url',
      'page.platform',
    ])
    .orderBy(orderBySql('page', sortKeys));
}

/** An item as PostgreSQL built it (JSON dates are text) in the contract's shape. */
export function toMatchItem<Item extends { date: Date | string | null }>(item: Item): Item & { date: string | null } {
  return { ...item, date: item.date ? new Date(item.date).toISOString() : null };
}

/** The whole list as one statement (count and page together), so the bench can EXPLAIN it. */
export function matchListQuery(db: Kysely<Database>, input: MatchListFilters) {
  const filtered = db.selectFrom('matches').where((eb) => matchConditions(eb, input));
  const count = filtersOnlyStatus(input)
    ? db.selectFrom('match_status_counts').select(sql<number>`sum(match_status_counts.count)`.as('count')).where('match_status_counts.status', 'in', listedStatuses(input))
    : filtered.select((eb) => eb.fn.countAll<number>().as('count'));
  return pagedListQuery(db, count, matchItemsQuery(db, filtered, matchSortKeys(input), pageWindow(input)));
}

export async function listMatches(db: Kysely<Database>, input: MatchListFilters): Promise<Paged<MatchListItem>> {
  const paged = toPaged(await matchListQuery(db, input).executeTakeFirstOrThrow(), input);
  return { ...paged, results: paged.results.map(toMatchItem) };
}
