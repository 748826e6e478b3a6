/**
 * A team's rating is provisional until it has played this many rated matches (matches that
 * moved its Elo): a rank built on fewer says little (docs/product.md, "Provisional ratings").
 */
export const PROVISIONAL_MATCHES = 5;

/** Whether a team with this many rated matches is still provisional. */
export function isProvisional(ratedMatches: number): boolean {
  return ratedMatches < PROVISIONAL_MATCHES;
}

/** The reason shown beside a provisional rank: 'Provisional: 3 of 5 rated matches played'. */
export function provisionalReason(ratedMatches: number): string {
  return `Provisional: ${ratedMatches} of ${PROVISIONAL_MATCHES} rated matches played`;
}
