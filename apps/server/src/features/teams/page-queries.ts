import type { EloAdjustmentEntry, EloHistoryEntry, RankHistoryEntry, TeamPage, teamEloHistoryInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { expectedScore, isProvisional } from '@campus-elo/domain';
import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { z } from 'zod';
import { compiledPerInput, rowsOf } from '../../lib/compiled-queries';
import { notFound } from '../../lib/errors';
import { placedAboveSql, teamColumns } from '../rankings/season-place';
import { currentSeasonQuery } from '../seasons/queries';

// A team's page (docs/contract.md, "Pages"): each answer is one statement. A team's results
// are its matches that moved Elo (a match_elo row), read through matches_team1_idx and
// matches_team2_idx, one side at a time: with an OR of the two, PostgreSQL may walk the
// whole league's matches by date looking for the team's latest. The Elo before and change on
// each match are the Elo ledger's.

const FORM_LENGTH = 5;

/** The team page statement, so the bench can EXPLAIN it. */
export function teamPageQuery(db: Kysely<Database>, id: string, currentSeasonId: string | undefined, today: Date = new Date()) {
  const currentSeason = currentSeasonQuery(db, currentSeasonId, today).clearSelect().select('seasons.id');
  return db
    .selectFrom('teams')
    .where('teams.id', '=', id)
    .select((eb) => [
      'teams.id',
      'teams.name',
      'teams.picture',
      'teams.school_name',
      'teams.elo',
      jsonObjectFrom(eb.selectFrom('players').select(['players.id', 'players.name', 'players.picture']).whereRef('players.id', '=', 'teams.captain_id')).as('captain'),
      // The team's place in the current season (packages/domain, season-place.ts), null when it
      // takes no part in it; among all teams when there is no season. The weekly place beside it
      // is the current season's latest snapshot's.
      sql<number | null>`(
        SELECT CASE
          WHEN current_season.id IS NULL THEN 1 + (SELECT count(*) FROM teams AS other WHERE ${placedAboveSql(teamColumns('other'), teamColumns('teams'))})
          WHEN EXISTS (SELECT 1 FROM season_teams AS mine WHERE mine.season_id = current_season.id AND mine.team_id = teams.id)
            THEN 1 + (
              SELECT count(*) FROM season_teams AS st JOIN teams AS other ON other.id = st.team_id
              WHERE st.season_id = current_season.id AND ${placedAboveSql(teamColumns('other'), teamColumns('teams'))}
            )
        END
        FROM (SELECT 1) AS one LEFT JOIN (${currentSeason}) AS current_season ON true
      )`.as('rank'),
      sql<number | null>`(
        SELECT ri.rank FROM ranking_items ri
        WHERE ri.team_id = teams.id AND ri.ranking_id = (
          SELECT r.id FROM (SELECT 1) AS one LEFT JOIN (${currentSeason}) AS current_season ON true
          JOIN rankings r ON current_season.id IS NULL OR r.season_id = current_season.id
          ORDER BY r.date DESC, r.id DESC LIMIT 1
        )
      )`.as('previous_rank'),
      sql<{ wins: number; losses: number; season_wins: number; season_losses: number }>`(
        SELECT json_build_object(
          'wins', count(*) FILTER (WHERE m.winner_id = teams.id),
          'losses', count(*) FILTER (WHERE m.winner_id <> teams.id),
          'season_wins', count(*) FILTER (WHERE m.winner_id = teams.id AND m.season_id = current_season.id),
          'season_losses', count(*) FILTER (WHERE m.winner_id <> teams.id AND m.season_id = current_season.id)
        )
        FROM matches m JOIN match_elo e ON e.match_id = m.id LEFT JOIN (${currentSeason}) AS current_season ON true
        WHERE (m.team1_id = teams.id OR m.team2_id = teams.id)
      )`.as('record'),
      sql<('W' | 'L')[]>`(
        SELECT coalesce(json_agg(CASE WHEN latest.winner_id = teams.id THEN 'W' ELSE 'L' END ORDER BY latest.date DESC, latest.id DESC), '[]')
        FROM (
          SELECT * FROM (
            (SELECT m.winner_id, m.date, m.id FROM matches m JOIN match_elo e ON e.match_id = m.id WHERE m.team1_id = teams.id ORDER BY m.date DESC, m.id DESC LIMIT ${FORM_LENGTH})
            UNION ALL
            (SELECT m.winner_id, m.date, m.id FROM matches m JOIN match_elo e ON e.match_id = m.id WHERE m.team2_id = teams.id ORDER BY m.date DESC, m.id DESC LIMIT ${FORM_LENGTH})
          ) AS sides
          ORDER BY sides.date DESC, sides.id DESC LIMIT ${FORM_LENGTH}
        ) AS latest
      )`.as('form'),
    ]);
}

/** Whether a team has this id: the web app's answer to /teams/{id} is 404 when not (one primary-key lookup). */
export async function teamExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom('teams').where('teams.id', '=', id).select('teams.id').executeTakeFirst()) !== undefined;
}

// The statement reads the day (the current season): it is part of the key.
const compiledTeamPage = compiledPerInput(teamPageQuery, (id, currentSeasonId, today) => `${id} ${currentSeasonId ?? ''} ${today?.toISOString().slice(0, 10)}`);

export async function getTeamPage(db: Kysely<Database>, id: string, currentSeasonId: string | undefined): Promise<TeamPage> {
  const [row] = await rowsOf(db, compiledTeamPage(db, id, currentSeasonId, new Date()));
  if (!row) throw notFound('Team not found');
  const { record, ...team } = row;
  const ratedMatches = Number(record.wins) + Number(record.losses);
  return { ...team, rank: team.rank === null ? null : Number(team.rank), ...record, rated_matches: ratedMatches, provisional: isProvisional(ratedMatches) };
}

type EloHistoryInput = z.output<typeof teamEloHistoryInput>;

/** The results of a team with its Elo before and after, oldest first, and its adjustments; one statement. */
export function teamEloHistoryQuery(db: Kysely<Database>, input: EloHistoryInput) {
  const { season_id: seasonId } = input;
  return db
    .selectFrom('teams')
    .where('teams.id', '=', input.id)
    .select((eb) => {
      // The team's side of each result, from whichever side it played on (each through its own index).
      const side = (own: 'team1' | 'team2', other: 'team1' | 'team2') => {
        const query = eb
          .selectFrom('matches')
          .innerJoin('match_elo', 'match_elo.match_id', 'matches.id')
          .whereRef(`matches.${own}_id`, '=', 'teams.id')
          .select([
            'matches.id',
            'matches.date',
            'matches.winner_id',
            `matches.${other}_id as opponent_id`,
            `match_elo.${own}_elo_before as own_before`,
            `match_elo.${own}_elo_change as own_change`,
            `match_elo.${other}_elo_before as opponent_before`,
            `matches.score_${own} as own_score`,
            `matches.score_${other} as opponent_score`,
          ]);
        return seasonId ? query.where('matches.season_id', '=', seasonId) : query;
      };
      const results = eb
        .selectFrom(side('team1', 'team2').unionAll(side('team2', 'team1')).as('results'))
        .select((inner) => [
          'results.id as match_id',
          'results.date',
          'results.winner_id',
          'results.own_before',
          'results.own_change',
          'results.opponent_before',
          'results.own_score',
          'results.opponent_score',
          jsonObjectFrom(inner.selectFrom('teams as opponent').select(['opponent.id', 'opponent.name', 'opponent.picture']).whereRef('opponent.id', '=', 'results.opponent_id'))
            .$notNull()
            .as('opponent'),
        ])
        .orderBy('results.date')
        .orderBy('results.id');
      let adjustments = eb
        .selectFrom('elo_adjustments')
        .whereRef('elo_adjustments.team_id', '=', 'teams.id')
        .select(['elo_adjustments.at as date', 'elo_adjustments.elo_before', 'elo_adjustments.elo_after', 'elo_adjustments.reason'])
        .orderBy('elo_adjustments.at')
        .orderBy('elo_adjustments.id');
      if (seasonId) {
        // Made between the season's first day and its last (whole UTC days).
        const bounds = sql`(SELECT s.start_date::timestamp AT TIME ZONE 'UTC' AS first, (s.end_date + 1)::timestamp AT TIME ZONE 'UTC' AS after FROM seasons s WHERE s.id = ${seasonId}::uuid)`;
        adjustments = adjustments.where('elo_adjustments.at', '>=', sql<Date>`(SELECT first FROM ${bounds} AS b)`).where('elo_adjustments.at', '<', sql<Date>`(SELECT after FROM ${bounds} AS b)`);
      }
      return [jsonArrayFrom(results).as('results'), jsonArrayFrom(adjustments).as('adjustments')];
    });
}

export async function getTeamEloHistory(db: Kysely<Database>, input: EloHistoryInput): Promise<{ results: EloHistoryEntry[]; adjustments: EloAdjustmentEntry[] }> {
  const row = await teamEloHistoryQuery(db, input).executeTakeFirst();
  if (!row) throw notFound('Team not found');
  return {
    results: row.results.map((r) => {
      const before = r.own_before as number;
      const change = r.own_change as number;
      return {
        match_id: r.match_id,
        date: new Date(r.date as Date | string).toISOString(),
        opponent: r.opponent,
        result: r.winner_id === input.id ? 'W' : 'L',
        score: r.own_score,
        opponent_score: r.opponent_score,
        elo_before: before,
        elo_after: before + change,
        change,
        expected: expectedScore(before, r.opponent_before as number),
      };
    }),
    adjustments: row.adjustments.map((a) => ({ ...a, date: new Date(a.date).toISOString() })),
  };
}

/** The team's place and Elo in each weekly snapshot, oldest first. */
export function teamRankHistoryQuery(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('teams')
    .where('teams.id', '=', id)
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('ranking_items')
          .innerJoin('rankings', 'rankings.id', 'ranking_items.ranking_id')
          .whereRef('ranking_items.team_id', '=', 'teams.id')
          .select(['rankings.id as ranking_id', 'rankings.date', 'ranking_items.rank', 'ranking_items.elo'])
          .orderBy('rankings.date')
          .orderBy('rankings.id'),
      ).as('results'),
    ]);
}

export async function getTeamRankHistory(db: Kysely<Database>, id: string): Promise<{ results: RankHistoryEntry[] }> {
  const row = await teamRankHistoryQuery(db, id).executeTakeFirst();
  if (!row) throw notFound('Team not found');
  return { results: row.results.map((r) => ({ ...r, date: new Date(r.date).toISOString() })) };
}
