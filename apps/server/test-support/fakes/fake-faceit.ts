import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FaceitMatch, FaceitMatchStats, FaceitRosterPlayer } from '@campus-elo/domain';
import { faceitMatchDetails, faceitMatchStats } from './faceit-match-stats';
import { stablePick, stableSteamId, stableUuid, startFakeServer, type FakeServer } from './fake-http-server';

/** GET players?game=cs2&game_player_id=...: the Data API v4 player shape (the part we read and a little more). */
export interface FakeFaceitPlayer {
  player_id: string;
  nickname: string;
  games: { cs2?: { faceit_elo: number; skill_level: number; game_player_id: string; region?: string } };
}

/** Where the fake delivers webhooks, as a FACEIT app's webhook subscription says. */
export interface FaceitWebhookTarget {
  url: string;
  /** The header the secret goes in, and the secret. */
  header: string;
  secret: string;
}

export interface WebhookDeliveryResult {
  delivery: FaceitWebhookDelivery;
  status: number;
  body: unknown;
}

export interface FakeFaceit extends FakeServer {
  apiKey: string;
  /** Sends the match status events of `updateMatch` to `target` from now on. */
  subscribeWebhooks(target: FaceitWebhookTarget): void;
  /**
   * Changes a match as FACEIT would: GET matches/{id} sees it, and each webhook subscriber
   * gets the event of its new status (none for SCHEDULED), as one delivery.
   */
  updateMatch(match: FaceitMatch): Promise<WebhookDeliveryResult[]>;
  /** POSTs a delivery (a redelivery, a forged one) to a target. */
  deliverWebhook(target: FaceitWebhookTarget, delivery: FaceitWebhookDelivery): Promise<WebhookDeliveryResult>;
  /** Lists these matches as the championship's, in this order (Faceit pages them by 100). */
  setChampionship(championshipId: string, matches: FaceitMatch[]): void;
  /** Adds or replaces a match (GET matches/{id} and the championship list both see it). */
  setMatch(match: FaceitMatch): void;
  setPlayer(player: FakeFaceitPlayer): void;
  /** false: GET matches/{id}/stats answers 404, as FACEIT does until a finished match's stats are ready; true again: served. */
  setStatsReady(matchId: string, ready: boolean): void;
  /** Serves exactly this stats answer for the match (an older match's, with fewer keys) instead of the made-up one. */
  setMatchStats(matchId: string, stats: FaceitMatchStats): void;
}

/**
 * A local Faceit Data API v4 (its `url` stands for https://open.faceit.com/data/v4):
 * championships/{id}/matches (offset, limit <= 100, answering {items, start, end}),
 * matches/{id} (a finished match with its maps: `voting.map.pick`, `detailed_results`),
 * matches/{id}/stats (per map: round, team and player stats, every value a string; 404 for
 * a match without a result, or one told its stats are not ready), players?game=cs2&game_player_id=.
 * Every call needs `Authorization: Bearer <apiKey>`.
 */
export async function startFakeFaceit(options: { apiKey?: string; port?: number } = {}): Promise<FakeFaceit> {
  const apiKey = options.apiKey ?? 'test-faceit-key';
  const championships = new Map<string, string[]>();
  const matches = new Map<string, FaceitMatch>();
  const players = new Map<string, FakeFaceitPlayer>();
  const statsNotReady = new Set<string>();
  const statsGiven = new Map<string, FaceitMatchStats>();
  const notFound = { status: 404, body: { errors: [{ message: 'not found', code: 'err_nf0' }] } };
  const webhookTargets: FaceitWebhookTarget[] = [];

  async function deliverWebhook(target: FaceitWebhookTarget, delivery: FaceitWebhookDelivery): Promise<WebhookDeliveryResult> {
    const response = await fetch(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [target.header]: target.secret },
      body: JSON.stringify(delivery),
    });
    const text = await response.text();
    return { delivery, status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  const server = await startFakeServer((req) => {
    if (req.headers.authorization !== `Bearer ${apiKey}`) return { status: 401, body: { errors: [{ message: 'unauthorized' }] } };
    const championship = /^\/championships\/([^/]+)\/matches$/.exec(req.path);
    if (championship) {
      const ids = championships.get(decodeURIComponent(championship[1] as string));
      if (!ids) return notFound;
      const offset = Number(req.query.get('offset') ?? 0);
      const limit = Math.min(100, Number(req.query.get('limit') ?? 20));
      const items = ids.slice(offset, offset + limit).map((id) => faceitMatchDetails(matches.get(id) as FaceitMatch));
      return { status: 200, body: { items, start: offset, end: offset + items.length } };
    }
    const match = /^\/matches\/([^/]+)$/.exec(req.path);
    if (match) {
      const found = matches.get(decodeURIComponent(match[1] as string));
      return found ? { status: 200, body: faceitMatchDetails(found) } : notFound;
    }
    const stats = /^\/matches\/([^/]+)\/stats$/.exec(req.path);
    if (stats) {
      const id = decodeURIComponent(stats[1] as string);
      const found = matches.get(id);
      if (!found || statsNotReady.has(id)) return notFound;
      const answer = statsGiven.get(id) ?? faceitMatchStats(found);
      return answer ? { status: 200, body: answer } : notFound;
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
    subscribeWebhooks(target) {
      webhookTargets.push(target);
    },
    async updateMatch(m) {
      matches.set(m.match_id, m);
      const event = WEBHOOK_EVENT_OF_STATUS[(m.status ?? '').toUpperCase()];
      if (!event) return [];
      return Promise.all(webhookTargets.map((target) => deliverWebhook(target, faceitWebhookDelivery(event, m))));
    },
    deliverWebhook,
    setStatsReady(matchId, ready) {
      if (ready) statsNotReady.delete(matchId);
      else statsNotReady.add(matchId);
    },
    setMatchStats(matchId, given) {
      statsGiven.set(matchId, given);
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

const here = dirname(fileURLToPath(import.meta.url));

/** A real FACEIT webhook delivery (values invented by the fixture's author): the envelope and the match payload. */
export function faceitWebhookSample(): FaceitWebhookDelivery {
  return JSON.parse(readFileSync(resolve(here, 'fixtures/faceit-webhook-match-status-finished.json'), 'utf8')) as FaceitWebhookDelivery;
}

/** What FACEIT delivers: the envelope of the sample, with a new event id unless given. */
export interface FaceitWebhookDelivery {
  transaction_id: string;
  event: string;
  event_id: string;
  third_party_id: string;
  app_id: string;
  timestamp: string;
  retry_count: number;
  version: number;
  payload: { id: string; entity: { id: string; name: string; type: string }; teams: unknown[]; [field: string]: unknown };
}

const WEBHOOK_EVENT_OF_STATUS: Record<string, string> = {
  READY: 'match_status_ready',
  ONGOING: 'match_status_ongoing',
  FINISHED: 'match_status_finished',
  CANCELLED: 'match_status_cancelled',
  ABORTED: 'match_status_aborted',
};

/** A delivery of `event` about `match`, shaped as the fixture (the payload carries no score, as FACEIT's does not). */
export function faceitWebhookDelivery(event: string, match: FaceitMatch, options: { eventId?: string; retryCount?: number } = {}): FaceitWebhookDelivery {
  const sample = faceitWebhookSample();
  const isoTime = (seconds: number | undefined) => (seconds === undefined ? undefined : new Date(seconds * 1000).toISOString());
  const team = (faction: NonNullable<FaceitMatch['teams']>['faction1']) => ({
    id: faction?.faction_id,
    name: faction?.name,
    type: '',
    avatar: faction?.avatar ?? '',
    leader_id: faction?.leader ?? '',
    co_leader_id: '',
    roster: (faction?.roster ?? []).map((player) => ({
      id: player.player_id,
      nickname: player.nickname,
      avatar: player.avatar ?? '',
      game_id: player.game_player_id,
      game_name: player.game_player_name,
      game_skill_level: player.game_skill_level,
      membership: player.membership ?? 'free',
      anticheat_required: true,
    })),
    substituted: false,
  });
  return {
    ...sample,
    transaction_id: randomUUID(),
    event,
    event_id: options.eventId ?? randomUUID(),
    timestamp: new Date().toISOString(),
    retry_count: options.retryCount ?? 0,
    payload: {
      ...sample.payload,
      id: match.match_id,
      entity: { id: match.competition_id ?? '', name: match.competition_name ?? '', type: 'championship' },
      started_at: isoTime(match.started_at),
      finished_at: isoTime(match.finished_at),
      updated_at: new Date().toISOString(),
      teams: [team(match.teams?.faction1), team(match.teams?.faction2)],
    },
  };
}
