/** How alike two names must be (0 to 1) before the matcher proposes the pair. */
export const PROPOSAL_THRESHOLD = 0.6;

/** Lower case, letters and digits only: 'Alpha U.' and 'alpha-u' compare equal. */
function normalized(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function bigrams(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i += 1) {
    const pair = text.slice(i, i + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

/** The Sørensen-Dice coefficient of the names' letter pairs: 1 for the same name, 0 for nothing shared. */
export function nameSimilarity(a: string, b: string): number {
  const [x, y] = [normalized(a), normalized(b)];
  if (x === y) return 1;
  if (x.length < 2 || y.length < 2) return 0;
  const [pairsX, pairsY] = [bigrams(x), bigrams(y)];
  let shared = 0;
  for (const [pair, count] of pairsX) shared += Math.min(count, pairsY.get(pair) ?? 0);
  return (2 * shared) / (x.length - 1 + (y.length - 1));
}

export interface Proposal {
  platformTeam: string;
  teamId: string;
  teamName: string;
  /** 0 to 1. */
  similarity: number;
  /** Proposed because an earlier import matched this platform team id to the team. */
  byPlatformId?: boolean;
}

/** For each platform team, the existing team whose name is most alike, when alike enough. */
export function proposeByName(platformTeams: readonly string[], teams: readonly { id: string; name: string }[]): Proposal[] {
  const proposals: Proposal[] = [];
  for (const platformTeam of platformTeams) {
    let best: Proposal | null = null;
    for (const team of teams) {
      const similarity = nameSimilarity(platformTeam, team.name);
      if (similarity >= PROPOSAL_THRESHOLD && (!best || similarity > best.similarity)) best = { platformTeam, teamId: team.id, teamName: team.name, similarity };
    }
    if (best) proposals.push(best);
  }
  return proposals;
}

/**
 * Proposals for the participant matcher: first the team an earlier import matched the same
 * platform team id to, then, for the rest, the team whose name is most alike.
 */
export function proposeMatches(
  platformTeams: readonly string[],
  knownByName: ReadonlyMap<string, { teamId: string; teamName: string }>,
  teams: readonly { id: string; name: string }[],
): Proposal[] {
  const byId = platformTeams.flatMap((platformTeam) => {
    const known = knownByName.get(platformTeam);
    return known ? [{ platformTeam, ...known, similarity: 1, byPlatformId: true }] : [];
  });
  const rest = platformTeams.filter((platformTeam) => !knownByName.has(platformTeam));
  return [...byId, ...proposeByName(rest, teams)];
}
