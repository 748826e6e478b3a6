import type { DivisionLine, TiebreakDecider } from '@campus-elo/api-contract';

/** The tiebreakers and the last resort as the pages name them (docs/product.md, "Standings"). */
export const TIEBREAK_NAMES: Record<TiebreakDecider, string> = {
  head_to_head: 'head-to-head',
  map_diff: 'map difference',
  round_diff: 'round difference',
  buchholz: 'Buchholz (opponents’ points)',
  wins_vs_top_half: 'wins against the top half',
  elo: 'Elo',
  name: 'name (level on every tiebreaker)',
};

/**
 * A chance (0..1) as a whole percent. Only a certainty reads 0% or 100%: a chance the
 * rounding would hide reads '<1%' or '>99%'.
 */
export function formatChance(chance: number): string {
  if (chance <= 0) return '0%';
  if (chance >= 1) return '100%';
  if (chance < 0.005) return '<1%';
  if (chance >= 0.995) return '>99%';
  return `${Math.round(chance * 100)}%`;
}

/** The line whose chance a phone's table and the team page show: the widest qualify line ('Playoffs' rather than 'Champion'), else the first line. */
export function mainLine(lines: readonly DivisionLine[]): DivisionLine | undefined {
  const qualify = lines.filter((line) => line.kind === 'qualify').sort((a, b) => b.place - a.place);
  return qualify[0] ?? lines[0];
}
