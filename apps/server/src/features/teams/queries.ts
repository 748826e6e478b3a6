import { isProvisional } from '@campus-elo/domain';
import type { Paged, TeamListItem, teamListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { jsonArrayFrom, jsonBuildObject, jsonObjectFrom } from 'kysely/helpers/postgres';
import { compiledPerInput, rowsOf } from '../../lib/compiled-queries';
import { seasonPlaceSortKeys } from '../rankings/season-place';
import { containsPattern, orderBySql, pagedListQuery, pageWindow, toPaged, type SortKey } from '../../lib/paging';
import { currentSeasonQuery } from '../seasons/queries';

export type TeamListFilters = z.output<typeof teamListInput>;

function teamConditions(eb: ExpressionBuilder<Database, 'teams'>, input: TeamListFilters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (input.id) conditions.push(eb('teams.id', 'in', input.id));
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
  if (input.competition_id) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('participants')
          .select(sql.lit(1).as('one'))
          .whereRef('participants.team_id', '=', 'teams.id')
          .where('participants.competition_id', '=', input.competition_id),
      ),
    );
  }
  if (input.event_id) {
    // The event's teams, and (as the earlier site counted them) the sides of its linked matches.
    const eventId = input.event_id;
    conditions.push(
      eb.or([
        eb.exists(eb.selectFrom('event_teams').select(sql.lit(1).as('one')).whereRef('event_teams.team_id', '=', 'teams.id').where('event_teams.event_id', '=', eventId)),
        eb.exists(
          eb
            .selectFrom('event_bracket_matches')
            .innerJoin('matches', 'matches.id', 'event_bracket_matches.match_id')
            .select(sql.lit(1).as('one'))
            .where('event_bracket_matches.event_id', '=', eventId)
            .where((m) => m.or([m('matches.team1_id', '=', m.ref('teams.id')), m('matches.team2_id', '=', m.ref('teams.id'))])),
        ),
      ]),
    );
  }
  return eb.and(conditions);
}

/** A list of all teams, or of one season's, takes its count from the trigger-kept totals (team_counts). */
function countedFromScopeTotals(input: TeamListFilters): boolean {
  return !input.id && !input.name && !input.school_name && !input.competition_id && !input.event_id;
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

/** What a team list item says about "now": the season behind the home page (CURRENT_SEASON_ID, else today's). */
export interface TeamListNow {
  currentSeasonId: string | undefined;
  /** Today, YYYY-MM-DD (UTC): part of the compiled statement's key. */
  day: string;
}

/** The whole list as one statement (count and page together), so the bench can EXPLAIN it. */
export function teamListQuery(db: Kysely<Database>, input: TeamListFilters, now: TeamListNow = { currentSeasonId: undefined, day: new Date().toISOString().slice(0, 10) }) {
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
  // The current season and its latest snapshot, once per statement.
  const current = db
    .with('current_season', () => currentSeasonQuery(db, now.currentSeasonId, new Date(`${now.day}T12:00:00Z`)))
    .with('latest_ranking', (w) =>
      w
        .selectFrom('rankings')
        .innerJoin('seasons', 'seasons.id', 'rankings.season_id')
        .innerJoin('current_season', 'current_season.id', 'rankings.season_id')
        .select(['rankings.id', 'rankings.date', 'rankings.season_id', 'seasons.name as season_name'])
        .orderBy('rankings.date', 'desc')
        .orderBy('rankings.id', 'desc')
        .limit(1),
    )
    .with('previous_ranking', (w) =>
      w
        .selectFrom('rankings')
        .select('rankings.id')
        .$if(input.season_id !== undefined, (q) => q.where('rankings.season_id', '=', input.season_id!))
        .$if(input.season_id === undefined, (q) => q.where('rankings.season_id', '=', (r) => r.selectFrom('current_season').select('current_season.id')))
        .orderBy('rankings.date', 'desc')
        .orderBy('rankings.id', 'desc')
        .limit(1),
    );
  const items = current
    .selectFrom(page.as('page'))
    .select((eb) => [
      'page.id',
      'page.name',
      'page.picture',
      'page.school_name',
      'page.elo',
      jsonObjectFrom(eb.selectFrom('players').select(['players.id', 'players.name', 'players.picture']).whereRef('players.id', '=', 'page.captain_id')).as('captain'),
      // The current season's competitions the team takes part in.
      jsonArrayFrom(
        eb
          .selectFrom('competitions')
          .select(['competitions.id', 'competitions.name'])
          .where((c) =>
            c.exists(
              c
                .selectFrom('participants')
                .select(sql.lit(1).as('one'))
                .whereRef('participants.competition_id', '=', 'competitions.id')
                .whereRef('participants.team_id', '=', 'page.id')
                .where('participants.season_id', '=', c.selectFrom('current_season').select('current_season.id')),
            ),
          )
          .orderBy('competitions.name')
          .orderBy('competitions.id'),
      ).as('current_competitions'),
      // Its line in the current season's latest snapshot (null when it is not in that one).
      jsonObjectFrom(
        eb
          .selectFrom('ranking_items')
          .innerJoin('latest_ranking', 'latest_ranking.id', 'ranking_items.ranking_id')
          .select((r) => [
            'ranking_items.id',
            'ranking_items.rank',
            'ranking_items.elo',
            jsonBuildObject({ id: r.ref('latest_ranking.id'), date: r.ref('latest_ranking.date') }).as('ranking'),
            jsonBuildObject({ id: r.ref('latest_ranking.season_id'), name: r.ref('latest_ranking.season_name') }).as('season'),
          ])
          .whereRef('ranking_items.team_id', '=', 'page.id'),
      ).as('current_ranking'),
      // Its place in the listed season's latest snapshot (last week's), for the movement since.
      eb
        .selectFrom('ranking_items')
        .select('ranking_items.rank')
        .whereRef('ranking_items.team_id', '=', 'page.id')
        .where('ranking_items.ranking_id', '=', (r) => r.selectFrom('previous_ranking').select('previous_ranking.id'))
        .as('previous_rank'),
      // Its rated wins and losses in the listed season (all seasons when none): one indexed probe per side.
      sql<{ wins: number; losses: number }>`(
        SELECT json_build_object(
          'wins', count(*) FILTER (WHERE m.winner_id = page.id),
          'losses', count(*) FILTER (WHERE m.winner_id <> page.id)
        )
        FROM matches m JOIN match_elo e ON e.match_id = m.id
        WHERE (m.team1_id = page.id OR m.team2_id = page.id)
          AND (${input.season_id ?? null}::uuid IS NULL OR m.season_id = ${input.season_id ?? null}::uuid)
      )`.as('record'),
      // Its rated results of all seasons, for the provisional mark.
      sql<number>`(SELECT count(*)::int FROM matches m JOIN match_elo e ON e.match_id = m.id WHERE m.team1_id = page.id OR m.team2_id = page.id)`.as('rated_matches'),
    ])
    .orderBy(orderBySql('page', sortKeys));
  return pagedListQuery(current, count, items);
}

const compiledTeamList = compiledPerInput(teamListQuery);

type TeamListRow = Omit<TeamListItem, 'current_ranking' | 'wins' | 'losses' | 'provisional'> & {
  current_ranking: (Omit<NonNullable<TeamListItem['current_ranking']>, 'ranking'> & { ranking: { id: string; date: string } }) | null;
  record: { wins: number; losses: number };
};

/** JSON dates from PostgreSQL as the contract's ISO strings; the record as its two counts. */
const toTeamItem = ({ record, ...item }: TeamListRow): TeamListItem => ({
  ...item,
  previous_rank: item.previous_rank ?? null,
  wins: Number(record.wins),
  losses: Number(record.losses),
  rated_matches: Number(item.rated_matches),
  provisional: isProvisional(Number(item.rated_matches)),
  current_ranking: item.current_ranking
    ? { ...item.current_ranking, ranking: { ...item.current_ranking.ranking, date: new Date(item.current_ranking.ranking.date).toISOString() } }
    : null,
});

export async function listTeams(db: Kysely<Database>, input: TeamListFilters, now?: TeamListNow): Promise<Paged<TeamListItem>> {
  const [row] = await rowsOf(db, compiledTeamList(db, input, now));
  const paged = toPaged(row! as { count: number; results: TeamListRow[] }, input);
  return { ...paged, results: paged.results.map(toTeamItem) };
}
