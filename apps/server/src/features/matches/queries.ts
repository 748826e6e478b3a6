import { isDateOnly, type MatchListItem, type MatchStatus, type Paged, type matchListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { containsPattern, orderBySql, pageWindow, present, toPaged, type SortKey } from '../paging';

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

/** The whole list as one statement (count and page together), so the bench can EXPLAIN it. */
export function matchListQuery(db: Kysely<Database>, input: MatchListFilters) {
  const filtered = db.selectFrom('matches').where((eb) => matchConditions(eb, input));
  const sortKeys = matchSortKeys(input);
  const { limit, offset } = pageWindow(input);
  return db
    .with('total', (qb) =>
      filtersOnlyStatus(input)
        ? qb
            .selectFrom('match_status_counts')
            .select(sql<number>`coalesce(sum(match_status_counts.count), 0)`.as('count'))
            .where('match_status_counts.status', 'in', listedStatuses(input))
        : filtered.select((eb) => eb.fn.countAll<number>().as('count')),
    )
    .with('page', () =>
      filtered
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
        .limit(limit)
        .offset(offset),
    )
    .selectFrom('total')
    .leftJoin('page', (join) => join.onTrue())
    // LATERAL with LIMIT 1 is never flattened: a primary-key probe per page row, not a hash over every team.
    .leftJoinLateral(
      (eb) => eb.selectFrom('teams').select(['teams.id', 'teams.name', 'teams.picture', 'teams.elo']).whereRef('teams.id', '=', 'page.team1_id').limit(1).as('team1'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) => eb.selectFrom('teams').select(['teams.id', 'teams.name', 'teams.picture', 'teams.elo']).whereRef('teams.id', '=', 'page.team2_id').limit(1).as('team2'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) => eb.selectFrom('teams').select(['teams.id', 'teams.name']).whereRef('teams.id', '=', 'page.winner_id').limit(1).as('winner'),
      (join) => join.onTrue(),
    )
    .leftJoin('competitions as competition', 'competition.id', 'page.competition_id')
    .leftJoin('seasons as season', 'season.id', 'page.season_id')
    .select([
      'total.count',
      'page.id',
      'page.date',
      'page.status',
      'page.score_team1',
      'page.score_team2',
      'page.season_id',
      'page.url',
      'page.platform',
      'team1.id as team1_id',
      'team1.name as team1_name',
      'team1.picture as team1_picture',
      'team1.elo as team1_elo',
      'team2.id as team2_id',
      'team2.name as team2_name',
      'team2.picture as team2_picture',
      'team2.elo as team2_elo',
      'winner.id as winner_id',
      'winner.name as winner_name',
      'competition.id as competition_id',
      'competition.name as competition_name',
      'season.name as season_name',
    ])
    .orderBy(orderBySql('page', sortKeys));
}

export async function listMatches(db: Kysely<Database>, input: MatchListFilters): Promise<Paged<MatchListItem>> {
  const rows = await matchListQuery(db, input).execute();
  return toPaged(rows, input, (row) => ({
    id: row.id,
    date: row.date ? new Date(row.date).toISOString() : null,
    status: present(row.status),
    // Team elo is each team's current Elo, not the Elo at match time.
    team1: { id: present(row.team1_id), name: present(row.team1_name), picture: row.team1_picture, elo: present(row.team1_elo) },
    team2: { id: present(row.team2_id), name: present(row.team2_name), picture: row.team2_picture, elo: present(row.team2_elo) },
    score_team1: row.score_team1,
    score_team2: row.score_team2,
    winner: row.winner_id ? { id: row.winner_id, name: present(row.winner_name) } : null,
    competition: row.competition_id ? { id: row.competition_id, name: present(row.competition_name) } : null,
    season: row.season_id ? { id: row.season_id, name: present(row.season_name) } : null,
    season_id: row.season_id,
    url: row.url,
    platform: present(row.platform),
  }));
}
