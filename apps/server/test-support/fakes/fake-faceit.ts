import type { FaceitMatch, FaceitRosterPlayer } from '@campus-elo/domain';
import { stablePick, stableSteamId, stableUuid, startFakeServer, type FakeServer } from './fake-http-server';

/** GET players?game=cs2&game_player_id=...: the Data API v4 player shape (the part we read and a little more). */
export interface FakeFaceitPlayer {
  player_id: string;
  nickname: string;
  games: { cs2?: { faceit_elo: number; skill_level: number; game_player_id: string; region?: string } };
}

export interface FakeFaceit extends FakeServer {
  apiKey: string;
  /** Lists these matches as the championship's, in this order (Faceit pages them by 100). */
  setChampionship(championshipId: string, matches: FaceitMatch[]): void;
  /** Adds or replaces a match (GET matches/{id} and the championship list both see it). */
  setMatch(match: FaceitMatch): void;
  setPlayer(player: FakeFaceitPlayer): void;
}

/**
 * A local Faceit Data API v4: championships/{id}/matches (offset, limit <= 100, answering
 * {items, start, end}), matches/{id}, players?game=cs2&game_player_id=. Every call needs
 * `Authorization: Bearer <apiKey>`.
 */
export async function startFakeFaceit(options: { apiKey?: string; port?: number } = {}): Promise<FakeFaceit> {
  const apiKey = options.apiKey ?? 'test-faceit-key';
  const championships = new Map<string, string[]>();
  const matches = new Map<string, FaceitMatch>();
  const players = new Map<string, FakeFaceitPlayer>();
  const notFound = { status: 404, body: { errors: [{ message: 'not found', code: 'err_nf0' }] } };

  const server = await startFakeServer((req) => {
    if (req.headers.authorization !== `Bearer ${apiKey}`) return { status: 401, body: { errors: [{ message: 'unauthorized' }] } };
    const championship = /^\/championships\/([^/]+)\/matches$/.exec(req.path);
    if (championship) {
      const ids = championships.get(decodeURIComponent(championship[1] as string));
      if (!ids) return notFound;
      const offset = Number(req.query.get('offset') ?? 0);
      const limit = Math.min(100, Number(req.query.get('limit') ?? 20));
      const items = ids.slice(offset, offset + limit).map((id) => matches.get(id));
      return { status: 200, body: { items, start: offset, end: offset + items.length } };
    }
    const match = /^\/matches\/([^/]+)$/.exec(req.path);
    if (match) {
      const found = matches.get(decodeURIComponent(match[1] as string));
      return found ? { status: 200, body: found } : notFound;
    }
    if (req.path === '/players' && req.query.get('game') === 'cs2') {
      const found = players.get(req.query.get('game_player_id') ?? '');
      return found ? { status: 200, body: found } : notFound;
    }
    return notFound;
  }, options.port);

  return {
    ...server,
    apiKey,
    setChampionship(championshipId, list) {
      for (const m of list) matches.set(m.match_id, m);
      championships.set(championshipId, list.map((m) => m.match_id));
    },
    setMatch(m) {
      matches.set(m.match_id, m);
    },
    setPlayer(player) {
      const steamId = player.games.cs2?.game_player_id;
      if (steamId) players.set(steamId, player);
    },
  };
}

export interface FaceitTeamSpec {
  name: string;
  /** Players in the roster (default 5). */
  size?: number;
}

/** A Faceit roster for a team: stable player ids and Steam ids derived from the team name. */
export function faceitRoster(teamName: string, size = 5): FaceitRosterPlayer[] {
  return Array.from({ length: size }, (_, i) => {
    const nickname = `${teamName.replace(/\W+/g, '').slice(0, 10)}_${i + 1}`;
    return {
      player_id: stableUuid(`faceit-player:${teamName}:${i}`),
      nickname,
      avatar: '',
      membership: 'free',
      game_player_id: stableSteamId(`steam:${teamName}:${i}`),
      game_player_name: nickname,
      game_skill_level: 1 + stablePick(`level:${teamName}:${i}`, 10),
    };
  });
}

export interface FaceitMatchSpec {
  matchId: string;
  championshipId: string;
  championshipName?: string;
  team1: string;
  team2: string;
  status: 'FINISHED' | 'ONGOING' | 'SCHEDULED' | 'READY' | 'CANCELLED';
  /** Unix seconds. */
  scheduledAt: number;
  /** For FINISHED: game wins of team 1 and team 2 (default 1-0 or 0-1, stable per match). */
  score?: [number, number];
}

/** A match in the Data API v4 shape. */
export function faceitMatch(spec: FaceitMatchSpec): FaceitMatch {
  const faction = (name: string) => {
    const roster = faceitRoster(name);
    return {
      faction_id: stableUuid(`faceit-team:${name}`),
      leader: roster[0]?.player_id,
      avatar: `https://assets.faceit.test/teams/${encodeURIComponent(name)}.png`,
      roster,
      substituted: false,
      name,
      type: '',
    };
  };
  const finished = spec.status === 'FINISHED';
  const started = finished || spec.status === 'ONGOING';
  const score = spec.score ?? (stablePick(spec.matchId, 2) === 0 ? [1, 0] : [0, 1]);
  return {
    match_id: spec.matchId,
    competition_id: spec.championshipId,
    competition_name: spec.championshipName ?? 'NECC Test Championship',
    region: 'US',
    status: spec.status,
    scheduled_at: spec.scheduledAt,
    ...(started ? { started_at: spec.scheduledAt + 300 } : {}),
    ...(finished ? { finished_at: spec.scheduledAt + 3600 } : {}),
    best_of: 1,
    faceit_url: `https://www.faceit.com/{lang}/cs2/room/${spec.matchId}`,
    teams: { faction1: faction(spec.team1), faction2: faction(spec.team2) },
    ...(finished
      ? { results: { winner: score[0] > score[1] ? 'faction1' : 'faction2', score: { faction1: score[0], faction2: score[1] } } }
      : {}),
  };
}

/**
 * A championship of `count` matches among `teams` teams: the first half finished, then a few
 * ongoing, the rest scheduled, one day apart from `startAt` (unix seconds).
 */
export function faceitChampionship(options: { championshipId: string; count: number; teams: number; startAt: number; name?: string }): FaceitMatch[] {
  const teamNames = Array.from({ length: options.teams }, (_, i) => `Faceit College ${String.fromCharCode(65 + (i % 26))}${i >= 26 ? i : ''}`);
  return Array.from({ length: options.count }, (_, i) => {
    const a = i % options.teams;
    const b = (a + 1 + (Math.floor(i / options.teams) % (options.teams - 1))) % options.teams;
    const status = i < options.count / 2 ? 'FINISHED' : i < options.count / 2 + 2 ? 'ONGOING' : 'SCHEDULED';
    return faceitMatch({
      matchId: `1-${stableUuid(`${options.championshipId}:match:${i}`)}`,
      championshipId: options.championshipId,
      championshipName: options.name,
      team1: teamNames[a] as string,
      team2: teamNames[b] as string,
      status,
      scheduledAt: options.startAt + i * 86_400,
    });
  });
}

/** A Faceit player with CS2 stats for a Steam id. */
export function faceitPlayer(steamId: string, elo: number, skillLevel: number): FakeFaceitPlayer {
  return {
    player_id: stableUuid(`faceit-player-by-steam:${steamId}`),
    nickname: `player_${steamId.slice(-4)}`,
    games: { cs2: { faceit_elo: elo, skill_level: skillLevel, game_player_id: steamId, region: 'NA' } },
  };
}
