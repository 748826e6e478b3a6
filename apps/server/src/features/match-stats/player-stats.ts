import type { PlayerStatsResponse } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { statRates, sumLines, type StoredLine } from '@campus-elo/domain';
import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { notFound } from '../../lib/errors';
import { LINE_TOTAL_COLUMNS, statLine, toLineTotals, withMapName } from './totals';

/** How many of a player's latest matches the stats show, each with the player's summed line. */
export const RECENT_MATCHES = 10;

const STORED_LINE_COLUMNS = ['rounds', 'kills', 'deaths', 'assists', 'damage', 'headshots', 'kast_rounds', 'kills_2k', 'kills_3k', 'kills_4k', 'kills_5k'] as const;

/**
 * A player's stats as one statement (so the bench can EXPLAIN it): totals and per-map totals
 * from the kept totals (a season's, or the career's), and the latest matches' lines, found
 * through the lines' player index (a player's own lines: bounded).
 */
export function playerStatsQuery(db: Kysely<Database>, playerId: string, seasonId: string | undefined) {
  const sums = LINE_TOTAL_COLUMNS.map((column) => sql<number>`sum(${sql.ref(column)})`.as(column));
  const totals = seasonId
    ? db.selectFrom('player_season_stats').where('player_id', '=', playerId).where('season_id', '=', seasonId).select(sums)
    : db.selectFrom('player_career_stats').where('player_id', '=', playerId).select(LINE_TOTAL_COLUMNS);
  const byMap = seasonId
    ? db.selectFrom('player_season_map_stats').where('player_id', '=', playerId).where('season_id', '=', seasonId).groupBy('map').select(['map', ...sums])
    : db.selectFrom('player_career_map_stats').where('player_id', '=', playerId).select(['map', ...LINE_TOTAL_COLUMNS]);
  let playedMatches = db
    .selectFrom('match_map_players as l')
    .innerJoin('matches as m', 'm.id', 'l.match_id')
    .where('l.player_id', '=', playerId)
    .select(['m.id as match_id', 'm.date', 'l.team_id', sql<string>`CASE WHEN m.team1_id = l.team_id THEN m.team2_id ELSE m.team1_id END`.as('opponent_id')])
    .groupBy(['m.id', 'l.team_id']);
  if (seasonId) playedMatches = playedMatches.where('l.season_id', '=', seasonId);
  const recent = db
    .selectFrom(playedMatches.orderBy('m.date', (ob) => ob.desc().nullsLast()).orderBy('m.id', 'desc').limit(RECENT_MATCHES).as('r'))
    .innerJoin('teams as o', 'o.id', 'r.opponent_id')
    .select((eb) => [
      'r.match_id',
      'r.date',
      'o.id as opponent_id',
      'o.name as opponent_name',
      jsonArrayFrom(eb.selectFrom('match_map_players as l').whereRef('l.match_id', '=', 'r.match_id').where('l.player_id', '=', playerId).select(STORED_LINE_COLUMNS)).as(
        'lines',
      ),
    ])
    .orderBy('r.date', (ob) => ob.desc().nullsLast())
    .orderBy('r.match_id', 'desc');
  // The teams played for, over every season (the kept season totals, one row per season and team).
  const latestSeason = (column: 'id' | 'name') => sql<string>`(array_agg(${sql.ref(`se.${column}`)} ORDER BY se.start_date DESC, se.id DESC))[1]`;
  const teams = db
    .selectFrom('player_season_stats as s')
    .innerJoin('seasons as se', 'se.id', 's.season_id')
    .innerJoin('teams as t', 't.id', 's.team_id')
    .where('s.player_id', '=', playerId)
    .groupBy(['t.id', 't.name'])
    .select(['t.id', 't.name', sql<number>`sum(s.maps)`.as('maps'), latestSeason('id').as('last_season_id'), latestSeason('name').as('last_season_name')])
    .orderBy(sql`max(se.start_date)`, 'desc')
    .orderBy(sql`sum(s.maps)`, 'desc')
    .orderBy('t.name');
  return db.selectNoFrom((eb) => [
    eb.selectFrom('players').select('id').where('id', '=', playerId).where('visible', '=', true).as('player_id'),
    jsonArrayFrom(teams).as('teams'),
    jsonObjectFrom(totals).as('totals'),
    jsonArrayFrom(byMap).as('by_map'),
    jsonArrayFrom(recent).as('recent'),
  ]);
}

/** GET /v1/public/players/{id}/stats: 404 for an unknown or hidden player; no lines gives zero totals and empty lists. */
export async function getPlayerStats(db: Kysely<Database>, input: { id: string; season_id?: string | undefined }): Promise<PlayerStatsResponse> {
  const row = await playerStatsQuery(db, input.id, input.season_id).executeTakeFirstOrThrow();
  if (!row.player_id) throw notFound('Player not found');
  return {
    totals: statLine(toLineTotals(row.totals)),
    by_map: row.by_map
      .map((map) => withMapName({ map: map.map, ...statLine(toLineTotals(map)) }))
      .sort((a, b) => b.maps - a.maps || a.map.localeCompare(b.map)),
    recent: row.recent.map((match) => {
      const totals = sumLines(match.lines as StoredLine[]);
      const rates = statRates(totals);
      return {
        match_id: match.match_id,
        date: match.date === null ? null : new Date(match.date).toISOString(),
        opponent: { id: match.opponent_id, name: match.opponent_name },
        maps: totals.maps,
        kills: totals.kills,
        deaths: totals.deaths,
        adr: rates.adr,
        rating: rates.rating,
      };
    }),
    teams: row.teams.map((team) => ({
      id: team.id,
      name: team.name,
      maps: Number(team.maps),
      last_season: team.last_season_id === null ? null : { id: team.last_season_id, name: team.last_season_name },
    })),
  };
}
