import { z } from 'zod';
import { matchListItem, playerListItem, teamListItem } from './public';
import { uuidParam } from './query-params';

// The pages of a team, a player and a match, and the search (docs/contract.md, "Pages").

const teamRef = z.object({ id: z.string(), name: z.string(), picture: z.string().nullable() });
const nameRef = z.object({ id: z.string(), name: z.string() });
const resultLetter = z.enum(['W', 'L']);

export const entityPathInput = z.object({ id: uuidParam });

// ---- team page
export const teamPage = teamListItem.omit({ current_competitions: true, current_ranking: true }).extend({
  /**
   * Place in the current season (packages/domain, season-place.ts: by Elo, then name, then id,
   * among the teams that entered its competitions or play its matches), from 1; null when the
   * team takes no part in it; among all teams when there is no season.
   */
  rank: z.number().int().nullable(),
  /** Place in the current season's latest weekly snapshot; null when the team is in none. */
  previous_rank: z.number().int().nullable(),
  /** Every applied result, all time. */
  wins: z.number().int(),
  losses: z.number().int(),
  /** The current season's applied results (the season behind the home page). */
  season_wins: z.number().int(),
  season_losses: z.number().int(),
  /** Latest first, up to 5. */
  form: z.array(resultLetter),
  /** wins + losses; fewer than PROVISIONAL_MATCHES makes the rating provisional (packages/domain, provisional.ts). */
  rated_matches: z.number().int(),
  provisional: z.boolean(),
});

export const teamEloHistoryInput = z.object({ id: uuidParam, season_id: uuidParam.optional() });
export const eloHistoryEntry = z.object({
  match_id: z.string(),
  date: z.string(),
  opponent: teamRef,
  result: resultLetter,
  /** This team's score and the opponent's (maps or rounds: packages/domain score-unit.ts); null when the platform gave none. */
  score: z.number().int().nullable(),
  opponent_score: z.number().int().nullable(),
  elo_before: z.number().int(),
  elo_after: z.number().int(),
  change: z.number().int(),
  /** The chance of winning the Elo rule gave this team before the match (0..1). */
  expected: z.number(),
});
/** Why a team's Elo was set other than by a match: Calculate Team Elo, a staff edit, a merge it was the primary of. */
export const eloAdjustmentReason = z.enum(['calculate', 'edit', 'merge']);
export const eloAdjustmentEntry = z.object({
  date: z.string(),
  elo_before: z.number().int(),
  elo_after: z.number().int(),
  reason: eloAdjustmentReason,
});
export const teamEloHistoryOutput = z.object({
  results: z.array(eloHistoryEntry),
  /** The Elo changes between results that were not results, oldest first (same season filter, by date). */
  adjustments: z.array(eloAdjustmentEntry),
});

export const rankHistoryEntry = z.object({ ranking_id: z.string(), date: z.string(), rank: z.number().int(), elo: z.number().int() });
export const rankHistoryOutput = z.object({ results: z.array(rankHistoryEntry) });

export const headToHeadInput = z.object({ team1: uuidParam, team2: uuidParam });
export const headToHeadOutput = z.object({
  team1_wins: z.number().int(),
  team2_wins: z.number().int(),
  /** Newest first. */
  matches: z.array(matchListItem),
});

// ---- player page
export const playerPage = playerListItem.extend({
  faceit_id: z.string().nullable(),
  seasons: z.array(nameRef),
});
export const playerEloHistoryOutput = z.object({ results: z.array(z.object({ date: z.string(), elo: z.number().int() })) });

// ---- match page
const sidePreview = z.object({ win: z.number().int(), loss: z.number().int(), expected: z.number() });
const sideElo = z.object({ before: z.number().int(), after: z.number().int(), change: z.number().int() });
export const matchPage = matchListItem.extend({
  stars: z.number().int().min(1).max(5),
  /** Scheduled and live matches: what each side would win or lose. Null once played. */
  preview: z.object({ team1: sidePreview, team2: sidePreview }).nullable(),
  /** A result that moved Elo: each side's Elo before and after. Null otherwise. */
  elo: z.object({ team1: sideElo, team2: sideElo }).nullable(),
});

// ---- search
export const SEARCH_MIN_LENGTH = 2;
/** What the visitor typed, as the search compares it: null when too short to ask (the web app's box and /search, and the server's /search page). */
export function searchTerm(text: string): string | null {
  const term = text.trim();
  return term.length >= SEARCH_MIN_LENGTH ? term : null;
}
export const searchInput = z.object({
  q: z
    .string()
    .max(200)
    // PostgreSQL text cannot hold a NUL character: refuse it here rather than fail in the query.
    .refine((s) => !s.includes('\u0000'), { error: 'Must not contain a NUL character' })
    .default(''),
  limit: z.coerce.number().int().min(1).default(8).transform((n) => Math.min(n, 50)),
});
export const searchOutput = z.object({
  teams: z.array(z.object({ id: z.string(), name: z.string(), school_name: z.string().nullable(), picture: z.string().nullable(), elo: z.number().int() })),
  players: z.array(z.object({ id: z.string(), name: z.string(), picture: z.string().nullable(), team: nameRef.nullable() })),
});

export type TeamPage = z.infer<typeof teamPage>;
export type EloHistoryEntry = z.infer<typeof eloHistoryEntry>;
export type EloAdjustmentEntry = z.infer<typeof eloAdjustmentEntry>;
export type TeamEloHistory = z.infer<typeof teamEloHistoryOutput>;
export type RankHistoryEntry = z.infer<typeof rankHistoryEntry>;
export type HeadToHead = z.infer<typeof headToHeadOutput>;
export type PlayerPage = z.infer<typeof playerPage>;
export type MatchPage = z.infer<typeof matchPage>;
export type SearchOutput = z.infer<typeof searchOutput>;
