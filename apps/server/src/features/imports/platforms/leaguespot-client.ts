import type { LeaguespotMatch, LeaguespotMatchParticipant } from '@campus-elo/domain';
import type { Config } from '../../../config';
import { getJson, type PlatformHttp } from './http';

/**
 * The Leaguespot API v1 paths used (those its own web app calls):
 *   seasons/{id}                -> {currentStageId, name, ...}
 *   stages/{id}                 -> {rounds: [{id, name, sortOrder, ...}], ...}
 *   rounds/{id}/matches         -> [match]
 *   matches/{id}                -> match
 *   matches/{id}/participants   -> [participant with score, isWinner, users]
 * None of them gives per-game (map) results, only each team's total: Leaguespot matches get no
 * maps (docs/product.md, where map details come from).
 */
export interface LeaguespotSeason {
  id?: string;
  name?: string;
  currentStageId?: string | null;
}

export interface LeaguespotRound {
  id: string;
  name?: string;
  sortOrder?: number;
}

export interface LeaguespotStage {
  id?: string;
  name?: string;
  rounds?: LeaguespotRound[] | null;
}

export interface LeaguespotClient {
  season(id: string): Promise<LeaguespotSeason>;
  stage(id: string): Promise<LeaguespotStage>;
  roundMatches(roundId: string): Promise<LeaguespotMatch[]>;
  match(matchId: string): Promise<LeaguespotMatch>;
  matchParticipants(matchId: string): Promise<LeaguespotMatchParticipant[]>;
}

function leaguespotHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = { 'x-app': 'web' };
  if (config.leaguespot.leagueId) headers['x-league-id'] = config.leaguespot.leagueId;
  if (config.leaguespot.apiKey) headers.authorization = config.leaguespot.apiKey;
  return headers;
}

export function leaguespotClient(config: Config): LeaguespotClient {
  const http: PlatformHttp = {
    platform: 'Leaguespot',
    baseUrl: config.leaguespot.apiBase,
    headers: leaguespotHeaders(config),
    timeoutMs: config.platformTimeoutMs,
  };
  const get = <T>(...segments: string[]) => getJson<T>(http, `/${segments.map(encodeURIComponent).join('/')}`);
  const list = async <T>(...segments: string[]): Promise<T[]> => {
    const answer = await get<unknown>(...segments);
    return Array.isArray(answer) ? (answer as T[]) : [];
  };

  return {
    season: (id) => get<LeaguespotSeason>('seasons', id),
    stage: (id) => get<LeaguespotStage>('stages', id),
    roundMatches: (roundId) => list<LeaguespotMatch>('rounds', roundId, 'matches'),
    match: (matchId) => get<LeaguespotMatch>('matches', matchId),
    matchParticipants: (matchId) => list<LeaguespotMatchParticipant>('matches', matchId, 'participants'),
  };
}
