import type { MatchMapsResponse } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { averageDamagePerRound, headshotPercent, mapDisplayName, multiKillScore, ratingFromTotals } from '@campus-elo/domain';
import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { notFound } from '../../lib/errors';

/**
 * Whose lines link to their player: the public sees visible players only (a hidden player's
 * page is 404, so their line shows the platform's nickname alone); staff see every link, so
 * the map editor keeps a hidden player's line linked when it saves.
 */
export type LinkedPlayers = 'visible' | 'all';

/** A match's maps, veto and lines as one statement (so the bench can EXPLAIN it); no row for an unknown match. */
export function matchMapsQuery(db: Kysely<Database>, matchId: string, linked: LinkedPlayers) {
  return db
    .selectFrom('matches as m')
    .where('m.id', '=', matchId)
    .select((eb) => [
      'm.team1_id',
      'm.team2_id',
      jsonArrayFrom(eb.selectFrom('match_maps as mm').selectAll('mm').whereRef('mm.match_id', '=', 'm.id').orderBy('mm.number')).as('maps'),
      jsonArrayFrom(eb.selectFrom('match_vetoes as v').select(['v.step', 'v.team_id', 'v.action', 'v.map']).whereRef('v.match_id', '=', 'm.id').orderBy('v.step')).as('vetoes'),
      jsonArrayFrom(
        eb
          .selectFrom('match_map_players as l')
          .leftJoin('players as p', (join) => {
            const onId = join.onRef('p.id', '=', 'l.player_id');
            return linked === 'visible' ? onId.on('p.visible', '=', true) : onId;
          })
          .selectAll('l')
          .select(['p.name as player_name', 'p.picture as player_picture'])
          .whereRef('l.match_id', '=', 'm.id')
          .orderBy('l.map_number')
          .orderBy('l.side')
          .orderBy('l.kills', 'desc')
          .orderBy('l.nickname'),
      ).as('lines'),
    ]);
}

/**
 * A match's maps, veto and scoreboards: GET /v1/public/matches/{id}/maps (linked 'visible')
 * and the staff's GET /v1/matches/{id}/maps/ ('all'); 404 for an unknown match.
 */
export async function getMatchMaps(db: Kysely<Database>, matchId: string, linked: LinkedPlayers): Promise<MatchMapsResponse> {
  const match = await matchMapsQuery(db, matchId, linked).executeTakeFirst();
  if (!match) throw notFound('Match not found');
  const { maps, vetoes, lines } = match;
  const sideTeam = (side: number | null) => (side === 1 ? match.team1_id : side === 2 ? match.team2_id : null);
  return {
    maps: maps.map((map) => ({
      number: map.number,
      map: map.map,
      map_name: mapDisplayName(map.map),
      score_team1: map.score_team1,
      score_team2: map.score_team2,
      winner_id: sideTeam(map.winner_side),
      picked_by_id: sideTeam(map.picked_by_side),
      halves:
        map.half1_team1 !== null && map.half2_team1 !== null && map.half1_team2 !== null && map.half2_team2 !== null
          ? { team1: [map.half1_team1, map.half2_team1], team2: [map.half1_team2, map.half2_team2] }
          : null,
      overtime: map.overtime_team1 !== null && map.overtime_team2 !== null ? { team1: map.overtime_team1, team2: map.overtime_team2 } : null,
      source: map.source as 'faceit' | 'leaguespot' | 'manual',
      players: lines
        .filter((line) => line.map_number === map.number)
        .map((line) => {
          const rated = line.kills_2k !== null && line.kills_3k !== null && line.kills_4k !== null && line.kills_5k !== null;
          return {
            player: line.player_id && line.player_name ? { id: line.player_id, name: line.player_name, picture: line.player_picture } : null,
            nickname: line.nickname,
            platform_player_id: line.platform_player_id,
            team_id: line.team_id,
            kills: line.kills,
            deaths: line.deaths,
            assists: line.assists,
            headshots: line.headshots,
            damage: line.damage,
            adr: averageDamagePerRound(line.damage, line.rounds),
            hs_pct: headshotPercent(line.headshots, line.kills),
            kast: line.kast_rounds === null || line.rounds === 0 ? null : (100 * line.kast_rounds) / line.rounds,
            rating: rated
              ? ratingFromTotals(line.rounds, line.kills, line.deaths, multiKillScore({ kills: line.kills, kills2k: line.kills_2k!, kills3k: line.kills_3k!, kills4k: line.kills_4k!, kills5k: line.kills_5k! }))
              : null,
            mvps: line.mvps,
            kills_2k: line.kills_2k,
            kills_3k: line.kills_3k,
            kills_4k: line.kills_4k,
            kills_5k: line.kills_5k,
            first_kills: line.first_kills,
            entry_attempts: line.entry_attempts,
            entry_wins: line.entry_wins,
            clutch_attempts: line.clutch_attempts,
            clutch_wins: line.clutch_wins,
            utility_damage: line.utility_damage,
            flash_successes: line.flash_successes,
            sniper_kills: line.sniper_kills,
          };
        }),
    })),
    vetoes: vetoes.map((veto) => ({ step: veto.step, team_id: veto.team_id, action: veto.action as 'ban' | 'pick' | 'decider', map: veto.map })),
  };
}
