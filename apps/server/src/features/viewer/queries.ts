import type { Paged, ViewerMatch, ViewerParticipant, ViewerPlayer, ViewerTeam, viewerListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Expression, type Kysely, type QueryCreator, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { containsPattern, orderBySql, pageWindow, present, toPaged, type SortKey } from '../paging';

export type ViewerListRequest = z.output<typeof viewerListInput>;

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
  const rows = await db
    .with('total', () => filtered.select((eb) => eb.fn.countAll<number>().as('count')))
    .with('page', () =>
      filtered
        .select(['teams.id', 'teams.name', 'teams.school_name', 'teams.elo', 'teams.picture'])
        .orderBy(orderBySql('teams', byName))
        .limit(limit)
        .offset(offset),
    )
    .selectFrom('total')
    .leftJoin('page', (join) => join.onTrue())
    .select(['total.count', 'page.id', 'page.name', 'page.school_name', 'page.elo', 'page.picture'])
    .select((eb) =>
      eb
        .selectFrom('players')
        .whereRef('players.team_id', '=', 'page.id')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .as('player_count'),
    )
    .orderBy(orderBySql('page', byName))
    .execute();
  return toPaged(rows, input, (row) => ({
    id: row.id,
    name: present(row.name),
    school_name: row.school_name,
    elo: present(row.elo),
    picture: row.picture,
    player_count: Number(row.player_count ?? 0),
  }));
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
  const rows = await db
    .with('total', () => filtered.select((eb) => eb.fn.countAll<number>().as('count')))
    .with('page', () =>
      filtered
        .select([
          'players.id',
          'players.name',
          'players.team_id',
          'players.steam_id',
          'players.faceit_id',
          'players.elo',
          'players.skill_level',
          'players.benched',
          'players.visible',
        ])
        .orderBy(orderBySql('players', byName))
        .limit(limit)
        .offset(offset),
    )
    .selectFrom('total')
    .leftJoin('page', (join) => join.onTrue())
    .leftJoin('teams', 'teams.id', 'page.team_id')
    .select([
      'total.count',
      'page.id',
      'page.name',
      'page.team_id',
      'page.steam_id',
      'page.faceit_id',
      'page.elo',
      'page.skill_level',
      'page.benched',
      'page.visible',
      'teams.name as team_name',
    ])
    .orderBy(orderBySql('page', byName))
    .execute();
  return toPaged(rows, input, (row) => ({
    id: row.id,
    name: present(row.name),
    team: row.team_id && row.team_name !== null ? { id: row.team_id, name: row.team_name } : null,
    steam_id: row.steam_id,
    faceit_id: row.faceit_id,
    elo: present(row.elo),
    skill_level: present(row.skill_level),
    benched: present(row.benched),
    visible: present(row.visible),
  }));
}

/** The CTEs every match page is read from: the number of matches found and this page's ids. */
type MatchPageDb = Database & { total: { count: number }; page: { id: string; date: Date | null } };

/** No search: counted and paged straight off the (date desc, id desc) index. */
function allMatchesPage(db: Kysely<Database>, input: ViewerListRequest): QueryCreator<MatchPageDb> {
  const { limit, offset } = pageWindow(input);
  return db
    .with('total', (qb) => qb.selectFrom('matches').select((eb) => eb.fn.countAll<number>().as('count')))
    .with('page', (qb) =>
      qb.selectFrom('matches').select(['matches.id', 'matches.date']).orderBy(orderBySql('matches', newestFirst)).limit(limit).offset(offset),
    );
}

/**
 * A search: the matches found through each way of matching (either team's name, the
 * competition's name, the platform id), each an indexed probe, gathered once and then
 * counted and paged. A rare name reads a few rows; a common one never re-reads the table.
 */
function foundMatchesPage(db: Kysely<Database>, input: ViewerListRequest, search: string): QueryCreator<MatchPageDb> {
  const { limit, offset } = pageWindow(input);
  const pattern = containsPattern(search);
  return db
    .with('searched_teams', (qb) => qb.selectFrom('teams').select('teams.id').where('teams.name', 'ilike', pattern))
    .with('found', (qb) => {
      const matches = qb.selectFrom('matches').select(['matches.id', 'matches.date']);
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
 * search text, or whose platform id is the search text.
 */
export async function viewMatches(db: Kysely<Database>, input: ViewerListRequest): Promise<Paged<ViewerMatch>> {
  const source = input.search === undefined ? allMatchesPage(db, input) : foundMatchesPage(db, input, input.search);
  const rows = await source
    .selectFrom('total')
    .leftJoin('page', (join) => join.onTrue())
    .leftJoin('matches', 'matches.id', 'page.id')
    .leftJoin('teams as team1', 'team1.id', 'matches.team1_id')
    .leftJoin('teams as team2', 'team2.id', 'matches.team2_id')
    .leftJoin('teams as winner', 'winner.id', 'matches.winner_id')
    .leftJoin('competitions as competition', 'competition.id', 'matches.competition_id')
    .leftJoin('seasons as season', 'season.id', 'matches.season_id')
    .select([
      'total.count',
      'page.id',
      'page.date',
      'matches.status',
      'matches.platform',
      'matches.external_id',
      'matches.score_team1',
      'matches.score_team2',
      'team1.id as team1_id',
      'team1.name as team1_name',
      'team2.id as team2_id',
      'team2.name as team2_name',
      'winner.id as winner_id',
      'winner.name as winner_name',
      'competition.id as competition_id',
      'competition.name as competition_name',
      'season.id as season_id',
      'season.name as season_name',
    ])
    .orderBy(orderBySql('page', newestFirst))
    .execute();
  return toPaged(rows, input, (row) => ({
    id: row.id,
    date: isoOrNull(row.date),
    status: present(row.status),
    platform: present(row.platform),
    external_id: present(row.external_id),
    team1: { id: present(row.team1_id), name: present(row.team1_name) },
    team2: { id: present(row.team2_id), name: present(row.team2_name) },
    score_team1: row.score_team1,
    score_team2: row.score_team2,
    winner: row.winner_id ? { id: row.winner_id, name: present(row.winner_name) } : null,
    competition: row.competition_id ? { id: row.competition_id, name: present(row.competition_name) } : null,
    season: row.season_id ? { id: row.season_id, name: present(row.season_name) } : null,
  }));
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
  const rows = await db
    .with('total', () => filtered.select((eb) => eb.fn.countAll<number>().as('count')))
    .with('page', () =>
      filtered
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
        .offset(offset),
    )
    .selectFrom('total')
    .leftJoin('page', (join) => join.onTrue())
    .leftJoin('teams', 'teams.id', 'page.team_id')
    .leftJoin('competitions', 'competitions.id', 'page.competition_id')
    .leftJoin('seasons', 'seasons.id', 'page.season_id')
    .select([
      'total.count',
      'page.id',
      'page.platform',
      'page.platform_name',
      'page.platform_team_id',
      'teams.id as team_id',
      'teams.name as team_name',
      'competitions.id as competition_id',
      'competitions.name as competition_name',
      'seasons.id as season_id',
      'seasons.name as season_name',
    ])
    .orderBy(orderBySql('page', latestCreatedFirst))
    .execute();
  return toPaged(rows, input, (row) => ({
    id: row.id,
    team: { id: present(row.team_id), name: present(row.team_name) },
    competition: { id: present(row.competition_id), name: present(row.competition_name) },
    season: { id: present(row.season_id), name: present(row.season_name) },
    platform: present(row.platform),
    platform_name: present(row.platform_name),
    platform_team_id: row.platform_team_id,
  }));
}
