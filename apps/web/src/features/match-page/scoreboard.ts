import type { MatchMapsResponse } from '@campus-elo/api-contract';
import { averageDamagePerRound, headshotPercent, rating } from '@campus-elo/domain';

export type MatchMap = MatchMapsResponse['maps'][number];
export type MapPlayer = MatchMap['players'][number];

/** One row of a scoreboard: a player's line on a map, or summed over the series. */
export interface ScoreLine {
  key: string;
  player: MapPlayer['player'];
  nickname: string;
  teamId: string;
  kills: number;
  deaths: number;
  assists: number;
  plusMinus: number;
  adr: number | null;
  hsPct: number | null;
  kast: number | null;
  rating: number | null;
}

// A linked player is one person across maps; an unlinked one is known by nickname within a team.
const lineKey = (line: MapPlayer) => line.player?.id ?? `${line.team_id}:${line.nickname}`;

export function mapLines(map: MatchMap): ScoreLine[] {
  return map.players.map((line) => ({
    key: lineKey(line),
    player: line.player,
    nickname: line.nickname,
    teamId: line.team_id,
    kills: line.kills,
    deaths: line.deaths,
    assists: line.assists,
    plusMinus: line.kills - line.deaths,
    adr: line.adr,
    hsPct: line.hs_pct,
    kast: line.kast,
    rating: line.rating,
  }));
}

interface Sum {
  first: MapPlayer;
  rounds: number;
  kills: number;
  deaths: number;
  assists: number;
  damage: number | null;
  headshots: number | null;
  kastRounds: number | null;
  multiKills: { kills2k: number; kills3k: number; kills4k: number; kills5k: number } | null;
}

const addKnown = (total: number | null, value: number | null) => (total === null || value === null ? null : total + value);

/**
 * Each player's line over the whole series, from the summed counts (the rating from summed
 * rounds, kills, deaths and multi-kill rounds, as packages/domain computes a season's): a
 * value stays unknown when any map lacks it.
 */
export function seriesLines(maps: readonly MatchMap[]): ScoreLine[] {
  const sums = new Map<string, Sum>();
  for (const map of maps) {
    const rounds = map.score_team1 + map.score_team2;
    for (const line of map.players) {
      const key = lineKey(line);
      const sum = sums.get(key) ?? { first: line, rounds: 0, kills: 0, deaths: 0, assists: 0, damage: 0, headshots: 0, kastRounds: 0, multiKills: { kills2k: 0, kills3k: 0, kills4k: 0, kills5k: 0 } };
      sum.rounds += rounds;
      sum.kills += line.kills;
      sum.deaths += line.deaths;
      sum.assists += line.assists;
      sum.damage = addKnown(sum.damage, line.damage);
      sum.headshots = addKnown(sum.headshots, line.headshots);
      sum.kastRounds = addKnown(sum.kastRounds, line.kast === null ? null : (line.kast * rounds) / 100);
      const known = line.kills_2k !== null && line.kills_3k !== null && line.kills_4k !== null && line.kills_5k !== null;
      sum.multiKills =
        sum.multiKills && known
          ? {
              kills2k: sum.multiKills.kills2k + line.kills_2k!,
              kills3k: sum.multiKills.kills3k + line.kills_3k!,
              kills4k: sum.multiKills.kills4k + line.kills_4k!,
              kills5k: sum.multiKills.kills5k + line.kills_5k!,
            }
          : null;
      sums.set(key, sum);
    }
  }
  return [...sums.entries()].map(([key, sum]) => ({
    key,
    player: sum.first.player,
    nickname: sum.first.nickname,
    teamId: sum.first.team_id,
    kills: sum.kills,
    deaths: sum.deaths,
    assists: sum.assists,
    plusMinus: sum.kills - sum.deaths,
    adr: averageDamagePerRound(sum.damage, sum.rounds),
    hsPct: headshotPercent(sum.headshots, sum.kills),
    kast: sum.kastRounds === null || sum.rounds === 0 ? null : (100 * sum.kastRounds) / sum.rounds,
    rating: sum.multiKills ? rating({ rounds: sum.rounds, kills: sum.kills, deaths: sum.deaths, ...sum.multiKills }) : null,
  }));
}

/** The series' highest-rated player; undefined when no line has a rating. */
export function bestByRating(lines: readonly ScoreLine[]): ScoreLine | undefined {
  let best: ScoreLine | undefined;
  for (const line of lines) if (line.rating !== null && (!best || line.rating > (best.rating ?? -Infinity))) best = line;
  return best;
}

/** Maps won by each team. */
export function mapsWon(maps: readonly MatchMap[], team1Id: string, team2Id: string): { team1: number; team2: number } {
  return {
    team1: maps.filter((map) => map.winner_id === team1Id).length,
    team2: maps.filter((map) => map.winner_id === team2Id).length,
  };
}
