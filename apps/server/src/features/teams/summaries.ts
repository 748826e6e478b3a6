import type { TeamCurrentRankingOutput, TeamRankingHistoryOutput, TeamRecentFormOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import { notFound } from '../../lib/errors';
import { findCurrentSeason } from '../seasons/queries';

// The earlier site's three team summaries (issue 23; docs/contract.md, "The earlier site's team
// summaries"), in its shapes and with its 404 texts, from our tables.

const iso = (date: Date | string) => new Date(date).toISOString();

/**
 * GET /v1/public/team-current-ranking: the team's line in the latest snapshot of the season
 * (absent: the current one, as the home page picks it).
 */
export async function getTeamCurrentRanking(
  db: Kysely<Database>,
  input: { team_id: string; season_id?: string },
  currentSeasonId: string | undefined,
): Promise<TeamCurrentRankingOutput> {
  const seasonId = input.season_id ?? (await findCurrentSeason(db, currentSeasonId))?.id;
  if (!seasonId) throw notFound('No current season found');
  const ranking = await db
    .selectFrom('rankings')
    .innerJoin('seasons', 'seasons.id', 'rankings.season_id')
    .select(['rankings.id', 'rankings.date', 'seasons.id as season_id', 'seasons.name as season_name'])
    .where('rankings.season_id', '=', seasonId)
    .orderBy('rankings.date', 'desc')
    .orderBy('rankings.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!ranking) throw notFound('No ranking found for this season');
  const item = await db
    .selectFrom('ranking_items')
    .innerJoin('teams', 'teams.id', 'ranking_items.team_id')
    .select(['ranking_items.id', 'ranking_items.rank', 'ranking_items.elo', 'teams.id as team_id', 'teams.name', 'teams.picture', 'teams.school_name'])
    .where('ranking_items.ranking_id', '=', ranking.id)
    .where('ranking_items.team_id', '=', input.team_id)
    .executeTakeFirst();
  if (!item) throw notFound('No ranking item found for this team in the current ranking');
  return {
    id: item.id,
    rank: item.rank,
    elo: item.elo,
    team: { id: item.team_id, name: item.name, picture: item.picture, school_name: item.school_name },
    ranking: { id: ranking.id, date: iso(ranking.date) },
    season: { id: ranking.season_id, name: ranking.season_name },
  };
}

/**
 * GET /v1/public/team_recent_form: the team's latest completed matches, newest first, each a
 * win, a loss, or a draw when no winner is known. An unknown team has none.
 */
export async function getTeamRecentForm(db: Kysely<Database>, input: { team_id: string; limit: number }): Promise<TeamRecentFormOutput> {
  const rows =
    input.limit === 0
      ? []
      : await db
          .selectFrom('matches')
          .innerJoin('teams as opponent', (join) =>
            join.on((eb) =>
              eb.or([
                eb.and([eb('matches.team1_id', '=', input.team_id), eb('opponent.id', '=', eb.ref('matches.team2_id'))]),
                eb.and([eb('matches.team2_id', '=', input.team_id), eb('opponent.id', '=', eb.ref('matches.team1_id'))]),
              ]),
            ),
          )
          .select(['matches.winner_id', 'opponent.id', 'opponent.name', 'opponent.picture'])
          .where('matches.status', '=', 'completed')
          .orderBy('matches.date', (ob) => ob.desc().nullsLast())
          .orderBy('matches.id', 'desc')
          .limit(input.limit)
          .execute();
  return {
    team_id: input.team_id,
    recent_form: rows.map((row) => ({
      result: row.winner_id === null ? 'draw' : row.winner_id === input.team_id ? 'win' : 'loss',
      opponent: { id: row.id, name: row.name, picture: row.picture },
    })),
  };
}

/** GET /v1/public/team_ranking_history: the team's lines in weekly snapshots, newest first. */
export async function getTeamRankingHistory(db: Kysely<Database>, input: { team_id: string; season_id?: string }): Promise<TeamRankingHistoryOutput> {
  let query = db
    .selectFrom('ranking_items')
    .innerJoin('rankings', 'rankings.id', 'ranking_items.ranking_id')
    .innerJoin('seasons', 'seasons.id', 'rankings.season_id')
    .select(['ranking_items.id', 'ranking_items.rank', 'ranking_items.elo', 'rankings.date', 'seasons.id as season_id', 'seasons.name as season_name'])
    .where('ranking_items.team_id', '=', input.team_id);
  if (input.season_id) query = query.where('rankings.season_id', '=', input.season_id);
  const rows = await query.orderBy('rankings.date', 'desc').orderBy('rankings.id', 'desc').execute();
  return {
    team_id: input.team_id,
    ranking_history: rows.map((row) => ({
      id: row.id,
      rank: row.rank,
      elo: row.elo,
      ranking_date: iso(row.date),
      season: { id: row.season_id, name: row.season_name },
    })),
  };
}
