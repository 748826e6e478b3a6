/**
 * Share of a team's played maps it won, 0..100; null when it played none (docs/product.md,
 * the map pool). The team leaderboard sorts by the same formula in SQL (migration 0100's
 * stored `win_pct`, checked against this by apps/server match-stats/stat-sql.test.ts).
 */
export function mapWinPercent(wins: number, played: number): number | null {
  return played > 0 ? (100 * wins) / played : null;
}
