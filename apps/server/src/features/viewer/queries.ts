import { isDateOnly, type Paged, type ViewerMatch, type ViewerParticipant, type ViewerPlayer, type ViewerTeam, type viewerListInput, type viewerMatchesInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Expression, type Kysely, type QueryCreator, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import { containsPattern, orderBySql, pagedListQuery, pageWindow, toPaged, type SortKey } from '../../lib/paging';

export type ViewerListRequest = z.output<typeof viewerListInput>;
export type ViewerMatchesRequest = z.output<typeof viewerMatchesInput>;

const instant = (value: string) => new Date(isDateOnly(value) ? `${value}T00:00:00Z` : value);

/** The match list's status and date window (from inclusive, to exclusive), on any query over `matches`. */
function withMatchFilters<O>(qb: SelectQueryBuilder<Database, 'matches', O>, input: ViewerMatchesRequest): SelectQueryBuilder<Database, 'matches', O> {
  return qb
    .$if(input.status !== undefined, (q) => q.where('matches.status', '=', input.status!))
    .$if(input.date_from !== undefined, (q) => q.where('matches.date', '>=', instant(input.date_from!)))
    .$if(input.date_to !== undefined, (q) => q.where('matches.date', '<', instant(input.date_to!)));
}

const byName: SortKey[] = [{ column: 'name', direction: 'asc' }, { column: 'id', direction: 'asc' }];
const newestFirst: SortKey[] = [{ column: 'date', direction: 'desc', nullable: true }, { column: 'id', direction: 'desc' }];
const latestCreatedFirst: SortKey[] = [{ column: 'created_at', direction: 'desc' }, { column: 'id', direction: 'desc' }];

/**
 * `column = ANY(ARRAY(subquery))`: the small table is searched once, and the big one is then
 * probed through the column's index (a plain IN (subquery) inside an OR scans every row).
 */
function inIdsOf(column: string, ids: Expression<unknown>): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} = ANY(ARRAY(${ids}))`;
}

function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** Teams whose name or school contains the search text; each page row counts its players. */
export async function viewTeams(db: Kysely<Database>, input: ViewerListRequest): Promise<Paged<ViewerTeam>> {
  const { limit, offset } = pageWindow(input);
  const pattern = input.search ? containsPattern(input.search) : undefined;
  const filtered = db
    .selectFrom('teams')
    .$if(pattern !== undefined, (qb) => qb.where((eb) => eb.or([eb('teams.name', 'ilike', pattern!), eb('teams.school_name', 'ilike', pattern!)])));
  const page = filtered
    .select(['teams.id', 'teams.name', 'teams.school_name', 'teams.elo', 'teams.picture'])
    .orderBy(orderBySql('teams', byName))
    .limit(limit)
    .offset(offset);
  const items = db
    .selectFrom(page.as('page'))
    .selectAll('page')
    .select((eb) => eb.selectFrom('players').whereRef('players.team_id', '=', 'page.id').select((inner) => inner.fn.countAll<number>().as('n')).as('player_count'))
    .orderBy(orderBySql('page', byName));
  const paged = toPaged(await pagedListQuery(db, filtered.select((eb) => eb.fn.countAll<number>().as('count')), items).executeTakeFirstOrThrow(), input);
  return { ...paged, results: paged.results.map((team) => ({ ...team, player_count: team.player_count ?? 0 })) };
}

/** Players (hidden ones too) whose name, Steam ID, Faceit ID or team name contains the search text. */
export async function viewPlayers(db: Kysely<Database>, input: ViewerListRequest): Promise<Paged<ViewerPlayer>> {
  const { limit, offset } = pageWindow(input);
  const pattern = input.search ? containsPattern(input.search) : undefined;
  const filtered = db.selectFrom('players').$if(pattern !== undefined, (qb) =>
    qb.where((eb) =>
      eb.or([
        eb('players.name', 'ilike', pattern!),
        eb('players.steam_id', 'ilike', pattern!),
        eb('players.faceit_id', 'ilike', pattern!),
        inIdsOf('players.team_id', eb.selectFrom('teams').select('teams.id').where('teams.name', 'ilike', pattern!)),
      ]),
    ),
  );
  const page = filtered
    .select(['players.id', 'players.name', 'players.team_id', 'players.steam_id', 'players.faceit_id', 'players.elo', 'players.skill_level', 'players.benched', 'players.visible'])
    .orderBy(orderBySql('players', byName))
    .limit(limit)
    .offset(offset);
  const items = db
    .selectFrom(page.as('page'))
    .select((eb) => [
      'page.id',
      'page.name',
      jsonObjectFrom(eb.selectFrom('teams').select(['teams.id', 'teams.name']).whereRef('teams.id', '=', 'page.team_id')).as('team'),
      'page.steam_id',
      'page.faceit_id',
      'page.elo',
      'page.skill_level',
      'page.benched',
      'page.visible',
    ])
    .orderBy(orderBySql('page', byName));
  const row = await pagedListQuery(db, filtered.select((eb) => eb.fn.countAll<number>().as('count')), items).executeTakeFirstOrThrow();
  return toPaged(row, input);
}

/** The CTEs every match page is read from: the number of matches found and this page's ids. */
type MatchPageDb = Database & { total: { count: number }; page: { id: string; date: Date | null } };

/** No search: counted and paged straight off the (date desc, id desc) index. */
function allMatchesPage(db: Kysely<Database>, input: ViewerMatchesRequest): QueryCreator<MatchPageDb> {
  const { limit, offset } = pageWindow(input);
  return db
    .with('total', (qb) => withMatchFilters(qb.selectFrom('matches'), input).select((eb) => eb.fn.countAll<number>().as('count')))
    .with('page', (qb) =>
      withMatchFilters(qb.selectFrom('matches'), input).select(['matches.id', 'matches.date']).orderBy(orderBySql('matches', newestFirst)).limit(limit).offset(offset),
    );
}

/**
 * A search: the matches found through each way of matching (either team's name, the
 * competition's name, the platform id), each an indexed probe, gathered once and then
 * counted and paged. A rare name reads a few rows; a common one never re-reads the table.
 */
function foundMatchesPage(db: Kysely<Database>, input: ViewerMatchesRequest, search: string): QueryCreator<MatchPageDb> {
  const { limit, offset } = pageWindow(input);
  const pattern = containsPattern(search);
  return db
    .with('searched_teams', (qb) => qb.selectFrom('teams').select('teams.id').where('teams.name', 'ilike', pattern))
    .with('found', (qb) => {
      const matches = withMatchFilters(qb.selectFrom('matches'), input).select(['matches.id', 'matches.date']);
      const teamIds = qb.selectFrom('searched_teams').select('searched_teams.id');
      const competitionIds = qb.selectFrom('competitions').select('competitions.id').where('competitions.name', 'ilike', pattern);
      return matches
        .where('matches.team1_id', 'in', teamIds)
        .union(matches.where('matches.team2_id', 'in', teamIds))
        .union(matches.where('matches.competition_id', 'in', competitionIds))
        .union(matches.where('matches.platform', 'in', ['faceit', 'leaguespot']).where('matches.external_id', '=', search));
    })
    .with('total', (qb) => qb.selectFrom('found').select((eb) => eb.fn.countAll<number>().as('count')))
    .with('page', (qb) =>
      qb.selectFrom('found').select(['found.id', 'found.date']).orderBy(orderBySql('found', newestFirst)).limit(limit).offset(offset),
    ) as unknown as QueryCreator<MatchPageDb>;
}

/**
 * Matches, newest first, where either team's name or the competition's name contains the
 * search text, or whose platform id is the search text; narrowed by status and date window.
 */
export async function viewMatches(db: Kysely<Database>, input: ViewerMatchesRequest): Promise<Paged<ViewerMatch>> {
  const source = input.search === undefined ? allMatchesPage(db, input) : foundMatchesPage(db, input, input.search);
  const items = source
    .selectFrom('page')
    .innerJoin('matches', 'matches.id', 'page.id')
    .select((eb) => [
      'page.id',
      'page.date',
      'matches.status',
      'matches.platform',
      'matches.external_id',
      jsonObjectFrom(eb.selectFrom('teams').select(['teams.id', 'teams.name']).whereRef('teams.id', '=', 'matches.team1_id')).$notNull().as('team1'),
      jsonObjectFrom(eb.selectFrom('teams').select(['teams.id', 'teams.name']).whereRef('teams.id', '=', 'matches.team2_id')).$notNull().as('team2'),
      'matches.score_team1',
      'matches.score_team2',
      jsonObjectFrom(eb.selectFrom('teams').select(['teams.id', 'teams.name']).whereRef('teams.id', '=', 'matches.winner_id')).as('winner'),
      jsonObjectFrom(eb.selectFrom('competitions').select(['competitions.id', 'competitions.name']).whereRef('competitions.id', '=', 'matches.competition_id')).as('competition'),
      jsonObjectFrom(eb.selectFrom('seasons').select(['seasons.id', 'seasons.name']).whereRef('seasons.id', '=', 'matches.season_id')).as('season'),
    ])
    .orderBy(orderBySql('page', newestFirst));
  const row = await pagedListQuery(source, source.selectFrom('total').select('total.count'), items).executeTakeFirstOrThrow();
  const paged = toPaged(row, input);
  return { ...paged, results: paged.results.map((match) => ({ ...match, date: isoOrNull(match.date) })) };
}

/** Participants (a team in a competition and season), latest first, searchable by team, platform or competition name. */
export async function viewParticipants(db: Kysely<Database>, input: ViewerListRequest): Promise<Paged<ViewerParticipant>> {
  const { limit, offset } = pageWindow(input);
  const pattern = input.search ? containsPattern(input.search) : undefined;
  const filtered = db.selectFrom('participants').$if(pattern !== undefined, (qb) =>
    qb.where((eb) =>
      eb.or([
        eb('participants.platform_name', 'ilike', pattern!),
        inIdsOf('participants.team_id', eb.selectFrom('teams').select('teams.id').where('teams.name', 'ilike', pattern!)),
        inIdsOf('participants.competition_id', eb.selectFrom('competitions').select('competitions.id').where('competitions.name', 'ilike', pattern!)),
      ]),
    ),
  );
  const page = filtered
    .select([
      'participants.id',
      'participants.team_id',
      'participants.competition_id',
      'participants.season_id',
      'participants.platform',
      'participants.platform_name',
      'participants.platform_team_id',
      'participants.created_at',
    ])
    .orderBy(orderBySql('participants', latestCreatedFirst))
    .limit(limit)
    .offset(offset);
  const items = db
    .selectFrom(page.as('page'))
    .select((eb) => [
      'page.id',
      jsonObjectFrom(eb.selectFrom('teams').select(['teams.id', 'teams.name']).whereRef('teams.id', '=', 'page.team_id')).$notNull().as('team'),
      jsonObjectFrom(eb.selectFrom('competitions').select(['competitions.id', 'competitions.name']).whereRef('competitions.id', '=', 'page.competition_id')).$notNull().as('competition'),
      jsonObjectFrom(eb.selectFrom('seasons').select(['seasons.id', 'seasons.name']).whereRef('seasons.id', '=', 'page.season_id')).$notNull().as('season'),
      'page.platform',
      'page.platform_name',
      'page.platform_team_id',
    ])
    .orderBy(orderBySql('page', latestCreatedFirst));
  const row = await pagedListQuery(db, filtered.select((eb) => eb.fn.countAll<number>().as('count')), items).executeTakeFirstOrThrow();
  return toPaged(row, input);
}
