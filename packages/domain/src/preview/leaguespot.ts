import { leaguespotStateName } from '../status';
import { isByeTeamName, numberOrNull, previewResults, unixSecondsFromIso } from './common';
import type { PreviewOutcome, PreviewRosterEntry, PreviewTeam } from './types';

/** A participant as a round's match list shows it (no scores there). */
export interface LeaguespotListedParticipant {
  id?: string;
  participantId?: string;
  teamId?: string;
  name?: string;
  sortOrder?: number;
}

/** A match of GET rounds/{id}/matches or GET matches/{id}; only what we read. */
export interface LeaguespotMatch {
  id: string;
  currentState?: number;
  startTimeUtc?: string | null;
  roundName?: string | null;
  stageName?: string | null;
  bestOf?: number | null;
  season?: { id?: string; name?: string } | null;
  participants?: LeaguespotListedParticipant[];
}

/** A team member inside GET matches/{id}/participants. */
export interface LeaguespotUser {
  id?: string;
  userId?: string;
  gamerHandle?: string;
  firstName?: string;
  avatarUrl?: string;
  teamRoleId?: string;
  gameHandle?: { providerUserId?: string; handle?: string } | null;
  gameRanking?: { numericValue?: number } | null;
}

/** A participant of GET matches/{id}/participants: carries the score and the winner flag. */
export interface LeaguespotMatchParticipant extends LeaguespotListedParticipant {
  score?: number | null;
  gameWins?: number | null;
  isWinner?: boolean | null;
  avatarUrl?: string | null;
  logoUrl?: string | null;
  users?: LeaguespotUser[];
}

/** Leaguespot's team role ids for a coach (not a player) and for the captain. */
export const LEAGUESPOT_COACH_ROLE_ID = '6f4da22c-7fe5-4c78-8876-eec2c87d1096';
export const LEAGUESPOT_CAPTAIN_ROLE_ID = '5a1675f0-2fa9-482b-b187-434901734a42';
export const LEAGUESPOT_MATCH_URL = 'https://app.leaguespot.gg/matches/';

/**
 * Leaguespot ranks CS2 players 1 (Unranked) and 2..11 (FACEIT 1..10); the skill level is
 * the Faceit level, 0 when unranked or unknown.
 */
export function leaguespotSkillLevel(numericValue: number | null | undefined): number {
  const value = numberOrNull(numericValue);
  if (value === null || value < 2) return 0;
  return Math.min(10, Math.round(value) - 1);
}

function rosterEntry(user: LeaguespotUser): PreviewRosterEntry {
  const nickname = user.gamerHandle ?? user.gameHandle?.handle ?? user.firstName ?? '';
  return {
    player_id: user.userId ?? user.id ?? '',
    nickname,
    avatar: user.avatarUrl ?? '',
    membership: user.teamRoleId ?? '',
    game_player_id: user.gameHandle?.providerUserId ?? '',
    game_player_name: nickname,
    game_skill_level: leaguespotSkillLevel(user.gameRanking?.numericValue),
    faceit_url: '',
    is_captain: user.teamRoleId === LEAGUESPOT_CAPTAIN_ROLE_ID,
  };
}

function sameParticipant(a: LeaguespotListedParticipant, b: LeaguespotListedParticipant): boolean {
  if (a.participantId && b.participantId) return a.participantId === b.participantId;
  if (a.teamId && b.teamId) return a.teamId === b.teamId;
  return a.id !== undefined && a.id === b.id;
}

/** The listed participants in faction order, each joined with its scored counterpart. */
function mergedParticipants(
  listed: LeaguespotListedParticipant[],
  scored: LeaguespotMatchParticipant[],
): LeaguespotMatchParticipant[] {
  const base = listed.length > 0 ? listed : scored;
  return [...base]
    .sort((x, y) => (x.sortOrder ?? 0) - (y.sortOrder ?? 0))
    .map((participant) => ({ ...participant, ...scored.find((s) => sameParticipant(participant, s)) }));
}

function team(participant: LeaguespotMatchParticipant): PreviewTeam {
  return {
    faction_id: participant.teamId ?? participant.participantId ?? participant.id ?? '',
    name: (participant.name ?? '').trim(),
    avatar: participant.logoUrl ?? participant.avatarUrl ?? '',
    roster: (participant.users ?? []).filter((u) => u.teamRoleId !== LEAGUESPOT_COACH_ROLE_ID).map(rosterEntry),
  };
}

function scoreOf(participant: LeaguespotMatchParticipant): number | null {
  return numberOrNull(participant.score) ?? numberOrNull(participant.gameWins);
}

export interface LeaguespotPreviewInput {
  /** The match as its round listed it. */
  match: LeaguespotMatch;
  /** GET matches/{id}: fresher state and start time; null when not fetched. */
  detail?: Partial<LeaguespotMatch> | null;
  /** GET matches/{id}/participants. */
  participants?: LeaguespotMatchParticipant[];
  /** The season when the listing does not name it. */
  season?: { id?: string; name?: string } | null;
}

/**
 * A Leaguespot match as a preview item in the Faceit shape: state number -> status word,
 * scores from the participants, the winner from isWinner or else the game wins. A match
 * with fewer than two participants (a bye) is a skip.
 */
export function leaguespotMatchToPreview({ match, detail, participants = [], season }: LeaguespotPreviewInput): PreviewOutcome {
  const merged = mergedParticipants(detail?.participants ?? match.participants ?? [], participants);
  const [first, second] = merged;
  const label = merged.map((p) => p.name ?? '?').join(' vs ') || '?';
  if (!first || !second || isByeTeamName(first.name) || isByeTeamName(second.name)) {
    return { skip: { kind: 'match', id: match.id, label, reason: 'bye' } };
  }
  const status = leaguespotStateName(detail?.currentState ?? match.currentState ?? Number.NaN);
  const named = first.isWinner ? 'faction1' : second.isWinner ? 'faction2' : null;
  const seasonInfo = detail?.season ?? match.season ?? season ?? null;
  return {
    item: {
      match_id: match.id,
      competition_id: seasonInfo?.id ?? '',
      competition_name: seasonInfo?.name ?? '',
      region: '',
      status,
      scheduled_at: unixSecondsFromIso(detail?.startTimeUtc ?? match.startTimeUtc),
      started_at: null,
      finished_at: null,
      ...(status === 'FINISHED' ? { results: previewResults(status, named, scoreOf(first), scoreOf(second)) } : {}),
      teams: { faction1: team(first), faction2: team(second) },
      voting: null,
      maps: [],
      faceit_url: `${LEAGUESPOT_MATCH_URL}${match.id}`,
      best_of: numberOrNull(detail?.bestOf ?? match.bestOf),
      round_name: detail?.roundName ?? match.roundName ?? null,
    },
  };
}
