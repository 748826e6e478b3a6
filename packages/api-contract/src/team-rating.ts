import { z } from 'zod';
import { eloAdjustmentReason } from './public-pages';

// A team's rating page: its Elo added up from the ledger (docs/contract.md, "Team rating").

const teamRef = z.object({ id: z.string(), name: z.string(), picture: z.string().nullable() });

/**
 * The numbers Calculate Team ELO used for one team, as stored when it ran (migration 0101):
 * the formula of docs/product.md ("Team seed") with these in it gives `elo`.
 */
export const teamEloCalculationRecord = z.object({
  /** The lineup counted, best first: each player's name and FACEIT Elo at the time. */
  players: z.array(z.object({ id: z.string(), name: z.string(), elo: z.number() })).min(1),
  mean: z.number(),
  /** Sample standard deviation of the lineup's Elo. */
  spread: z.number(),
  /** What each point of spread takes off the mean. */
  spread_penalty: z.number(),
  elo: z.number().int(),
});

/** A match that moved the team's Elo, with the rule's numbers as the ledger stored them. */
export const teamRatingMatchStep = z.object({
  kind: z.literal('match'),
  match_id: z.string(),
  date: z.string(),
  opponent: teamRef,
  /** The opponent's Elo just before the match. */
  opponent_elo: z.number().int(),
  result: z.enum(['W', 'L']),
  /** The chance of winning the Elo rule gave this team before the match (0..1). */
  expected: z.number(),
  elo_before: z.number().int(),
  change: z.number().int(),
  /** The rule with the numbers: 'round(150 × (1 − 0.64)) = +54'. */
  rule: z.string(),
  /** The Elo after this step (the start plus every change so far). */
  total: z.number().int(),
});

/** An Elo set other than by a match: Calculate Team ELO, a staff edit, a merge. */
export const teamRatingAdjustmentStep = z.object({
  kind: z.literal('adjustment'),
  reason: eloAdjustmentReason,
  date: z.string(),
  elo_before: z.number().int(),
  change: z.number().int(),
  /** For reason 'calculate': the numbers it used; null when not stored (before migration 0101) or another reason. */
  calculation: teamEloCalculationRecord.nullable(),
  total: z.number().int(),
});

export const teamRatingStep = z.discriminatedUnion('kind', [teamRatingMatchStep, teamRatingAdjustmentStep]);

/** A team just above or below, and how far its Elo is from this team's (theirs minus ours). */
export const teamRatingNeighbour = teamRef.extend({ rank: z.number().int(), elo: z.number().int(), gap: z.number().int() });

export const teamRatingOutput = z.object({
  team: teamRef,
  elo: z.number().int(),
  /** Place among all teams by Elo, then name, then id. */
  rank: z.number().int(),
  rated_matches: z.number().int(),
  provisional: z.boolean(),
  start: z.object({
    elo: z.number().int(),
    /**
     * 'default': the Elo every new team gets; 'calculated': from the roster by Calculate Team
     * ELO's formula (the demo league), with its numbers; 'set': another starting Elo (an import
     * or Recalculate All's reset). A Calculate Team ELO run after the start is an adjustment step.
     */
    origin: z.enum(['default', 'calculated', 'set']),
    /** The numbers behind a 'calculated' start; null otherwise. */
    calculation: teamEloCalculationRecord.nullable(),
  }),
  steps: z.array(teamRatingStep),
  /** The team just above and just below, when there is one. */
  above: teamRatingNeighbour.nullable(),
  below: teamRatingNeighbour.nullable(),
});

export type TeamRating = z.infer<typeof teamRatingOutput>;
export type TeamRatingStep = z.infer<typeof teamRatingStep>;
export type TeamEloCalculationRecord = z.infer<typeof teamEloCalculationRecord>;
export type TeamRatingNeighbour = z.infer<typeof teamRatingNeighbour>;
