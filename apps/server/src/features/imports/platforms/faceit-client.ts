import type { FaceitMatch, FaceitMatchStats } from '@campus-elo/domain';
import type { Config } from '../../../config';
import { getJson, PlatformError, type PlatformHttp } from './http';
import { unprocessable } from '../../../lib/errors';

/** Faceit's page size for championship matches (docs/product.md, constants). */
export const FACEIT_PAGE_SIZE = 100;
/** 200 pages of 100 is far beyond any championship; the bound only stops a misbehaving API. */
const MAX_PAGES = 200;

/** GET players?game=cs2&game_player_id=...: only what we read. */
export interface FaceitPlayer {
  player_id?: string;
  nickname?: string;
  games?: { cs2?: { faceit_elo?: number; skill_level?: number; game_player_id?: string } };
}

export interface FaceitClient {
  championshipMatches(championshipId: string): Promise<FaceitMatch[]>;
  match(matchId: string): Promise<FaceitMatch>;
  /** A finished match's per-map stats; null on a 404, which FACEIT answers until they are ready ("not yet"). */
  matchStats(matchId: string): Promise<FaceitMatchStats | null>;
  /** Null when Faceit knows no CS2 player with that Steam id. */
  playerBySteamId(steamId: string): Promise<FaceitPlayer | null>;
}

/** Written for staff (the operator's setting is FACEIT_API_KEY, docs/configuration.md). */
export const MISSING_FACEIT_KEY_MESSAGE =
  'Faceit import is not set up: the site owner must add the Faceit API key (Update Player Elo also takes a key typed into its form).';

/** The Faceit Data API v4 with the server's key (or one given for this call). */
export function faceitClient(config: Config, apiKey: string | undefined = config.faceit.apiKey): FaceitClient {
  if (!apiKey) throw unprocessable(MISSING_FACEIT_KEY_MESSAGE);
  const http: PlatformHttp = {
    platform: 'Faceit',
    baseUrl: config.faceit.apiBase,
    headers: { authorization: `Bearer ${apiKey}` },
    timeoutMs: config.platformTimeoutMs,
  };
  const path = (...segments: string[]) => `/${segments.map(encodeURIComponent).join('/')}`;

  return {
    async championshipMatches(championshipId) {
      const all: FaceitMatch[] = [];
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const answer = await getJson<{ items?: FaceitMatch[] }>(http, `${path('championships', championshipId)}/matches`, {
          offset: page * FACEIT_PAGE_SIZE,
          limit: FACEIT_PAGE_SIZE,
        });
        const items = Array.isArray(answer?.items) ? answer.items : [];
        all.push(...items);
        if (items.length < FACEIT_PAGE_SIZE) break;
      }
      return all;
    },
    match(matchId) {
      return getJson<FaceitMatch>(http, path('matches', matchId));
    },
    async matchStats(matchId) {
      try {
        return await getJson<FaceitMatchStats>(http, `${path('matches', matchId)}/stats`);
      } catch (error) {
        if (error instanceof PlatformError && error.failure === 'not_found') return null;
        throw error;
      }
    },
    async playerBySteamId(steamId) {
      try {
        return await getJson<FaceitPlayer>(http, '/players', { game: 'cs2', game_player_id: steamId });
      } catch (error) {
        if (error instanceof PlatformError && error.failure === 'not_found') return null;
        throw error;
      }
    },
  };
}
