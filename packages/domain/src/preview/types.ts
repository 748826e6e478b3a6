import type { Faction } from '../status';

/** One player of a team in an import preview item (the Faceit roster shape). */
export interface PreviewRosterEntry {
  player_id: string;
  nickname: string;
  avatar: string;
  membership: string;
  /** The game account id: a Steam id for CS2. */
  game_player_id: string;
  game_player_name: string;
  game_skill_level: number;
  faceit_url: string;
  is_captain: boolean;
}

export interface PreviewTeam {
  faction_id: string;
  name: string;
  avatar: string;
  roster: PreviewRosterEntry[];
}

export interface PreviewResults {
  winner: Faction | null;
  /** Game (map) wins per faction; null when the platform gave none. */
  score: { faction1: number | null; faction2: number | null };
}

/**
 * A match as the import preview lists it: the Faceit match shape, whichever platform it
 * came from. Times are unix seconds; `status` is the platform's own word.
 */
export interface PreviewItem {
  match_id: string;
  competition_id: string;
  competition_name: string;
  region: string;
  status: string;
  scheduled_at: number | null;
  started_at: number | null;
  finished_at: number | null;
  /** Present only when the match has a result. */
  results?: PreviewResults;
  teams: { faction1: PreviewTeam; faction2: PreviewTeam };
  voting: unknown;
  maps: string[];
  /** The match page on its platform (Faceit's carries a {lang} placeholder). */
  faceit_url: string | null;
  best_of: number | null;
  round_name: string | null;
}

export type PreviewSkipReason = 'bye' | 'round_failed' | 'match_failed';

/** Something the preview left out, and why. */
export interface PreviewSkip {
  kind: 'match' | 'round';
  id: string;
  /** What a person recognises: 'Team A vs Team B', 'Round 3'. */
  label: string;
  reason: PreviewSkipReason;
  detail?: string;
}

export type PreviewOutcome = { item: PreviewItem; skip?: undefined } | { skip: PreviewSkip; item?: undefined };
