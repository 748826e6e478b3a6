import { isByeTeamName, isFaction, numberOrNull, previewResults } from './common';
import type { PreviewOutcome, PreviewRosterEntry, PreviewTeam } from './types';

/** A roster player as the Faceit Data API v4 lists it inside a match. */
export interface FaceitRosterPlayer {
  player_id?: string;
  nickname?: string;
  avatar?: string;
  membership?: string;
  game_player_id?: string;
  game_player_name?: string;
  game_skill_level?: number;
}

export interface FaceitFaction {
  faction_id?: string;
  name?: string;
  avatar?: string;
  /** The captain's player_id. */
  leader?: string;
  roster?: FaceitRosterPlayer[];
}

/** A match of GET championships/{id}/matches or GET matches/{id}; only what we read. */
export interface FaceitMatch {
  match_id: string;
  competition_id?: string;
  competition_name?: string;
  region?: string;
  status?: string;
  scheduled_at?: number;
  started_at?: number;
  finished_at?: number;
  best_of?: number;
  faceit_url?: string;
  results?: { winner?: string; score?: Record<string, number> };
  teams?: { faction1?: FaceitFaction; faction2?: FaceitFaction };
  voting?: unknown;
  /** A finished match's maps, one entry each: the winner and each faction's rounds (read by match-stats/faceit.ts). */
  detailed_results?: { winner?: string; factions?: Record<string, { score?: number } | undefined> }[] | null;
}

const FACEIT_PLAYER_URL = 'https://www.faceit.com/{lang}/players/';

function rosterEntry(player: FaceitRosterPlayer, leader: string | undefined): PreviewRosterEntry {
  const nickname = player.nickname ?? player.game_player_name ?? '';
  return {
    player_id: player.player_id ?? '',
    nickname,
    avatar: player.avatar ?? '',
    membership: player.membership ?? '',
    game_player_id: player.game_player_id ?? '',
    game_player_name: player.game_player_name ?? nickname,
    game_skill_level: numberOrNull(player.game_skill_level) ?? 0,
    faceit_url: nickname ? `${FACEIT_PLAYER_URL}${encodeURIComponent(nickname)}` : '',
    is_captain: leader !== undefined && player.player_id === leader,
  };
}

function team(faction: FaceitFaction): PreviewTeam {
  return {
    faction_id: faction.faction_id ?? '',
    name: (faction.name ?? '').trim(),
    avatar: faction.avatar ?? '',
    roster: (faction.roster ?? []).map((player) => rosterEntry(player, faction.leader)),
  };
}

/** Map picks from Faceit's voting block ({map: {pick: ['de_mirage']}}), if any. */
function pickedMaps(voting: unknown): string[] {
  if (typeof voting !== 'object' || voting === null) return [];
  const map = (voting as { map?: { pick?: unknown } }).map;
  return Array.isArray(map?.pick) ? map.pick.filter((m): m is string => typeof m === 'string') : [];
}

/**
 * A Faceit match as a preview item, or a skip for a bye (a faction missing or named 'bye').
 * Results are kept only when Faceit reports them.
 */
export function faceitMatchToPreview(match: FaceitMatch): PreviewOutcome {
  const faction1 = match.teams?.faction1;
  const faction2 = match.teams?.faction2;
  const label = `${faction1?.name ?? '?'} vs ${faction2?.name ?? '?'}`;
  if (!faction1 || !faction2 || isByeTeamName(faction1.name) || isByeTeamName(faction2.name)) {
    return { skip: { kind: 'match', id: match.match_id, label, reason: 'bye' } };
  }
  const status = (match.status ?? 'UNKNOWN').toUpperCase();
  const score1 = numberOrNull(match.results?.score?.faction1);
  const score2 = numberOrNull(match.results?.score?.faction2);
  const named = isFaction(match.results?.winner) ? match.results.winner : null;
  return {
    item: {
      match_id: match.match_id,
      competition_id: match.competition_id ?? '',
      competition_name: match.competition_name ?? '',
      region: match.region ?? '',
      status,
      scheduled_at: numberOrNull(match.scheduled_at),
      started_at: numberOrNull(match.started_at),
      finished_at: numberOrNull(match.finished_at),
      ...(match.results ? { results: previewResults(status, named, score1, score2) } : {}),
      teams: { faction1: team(faction1), faction2: team(faction2) },
      voting: match.voting ?? null,
      maps: pickedMaps(match.voting),
      faceit_url: match.faceit_url ?? null,
      best_of: numberOrNull(match.best_of),
      round_name: null,
    },
  };
}
