import { createRandom } from './random';

// The rules of events (tournaments) that are the league's own: how teams are seeded, what an
// event's status is, how standings are ordered. The bracket's structure, advancement and Swiss
// pairing come from the bracket libraries (docs/decisions/0055).

export type SeedingMethod = 'elo' | 'manual' | 'random';

export interface SeedCandidate {
  id: string;
  name: string;
  elo: number;
}

/**
 * The teams in seed order (first is seed 1). `elo`: highest Elo first, ties by name then id, so
 * the order never depends on the database. `manual`: the order given. `random`: a Fisher-Yates
 * shuffle of the given order from a generator started from `seed`, so a seed always gives the
 * same draw.
 */
export function seedOrder(teams: readonly SeedCandidate[], method: SeedingMethod, seed?: string): SeedCandidate[] {
  switch (method) {
    case 'manual':
      return [...teams];
    case 'elo':
      return [...teams].sort((a, b) => b.elo - a.elo || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    case 'random':
      if (seed === undefined) throw new Error('A random seeding needs a seed');
      return createRandom(`event-seeding:${seed}`).shuffled(teams);
  }
}

/**
 * An elimination bracket's first-round seeding: the seeded teams padded with byes (null) to the
 * next power of two, so the top seeds are the ones who go through without playing.
 */
export function withByes<T>(seeded: readonly T[]): (T | null)[] {
  let size = 2;
  while (size < seeded.length) size *= 2;
  return [...seeded, ...Array<null>(size - seeded.length).fill(null)];
}

export type EventStatus = 'upcoming' | 'ongoing' | 'past';

/**
 * Upcoming before its start date (and nothing played yet); past once a winner is decided or
 * after its end date; otherwise ongoing. Dates are 'YYYY-MM-DD'; `today` too.
 */
export function eventStatus(event: { startDate: string; endDate: string; decided: boolean; anyPlayed: boolean }, today: string): EventStatus {
  if (event.decided || event.endDate < today) return 'past';
  if (event.startDate > today && !event.anyPlayed) return 'upcoming';
  return 'ongoing';
}

export interface StandingsMatch {
  team1Id: string;
  team2Id: string;
  score1: number;
  score2: number;
  winnerId: string;
}

export interface StandingsRow {
  teamId: string;
  played: number;
  wins: number;
  losses: number;
  roundDifference: number;
}

/**
 * Round robin and Swiss standings over the decided matches: most wins first, then the larger
 * round difference (the named tie-break), then the head-to-head result between exactly the
 * tied teams (wins among them), then seed (the order `teamIds` is given in).
 */
export function standings(teamIds: readonly string[], matches: readonly StandingsMatch[]): StandingsRow[] {
  const rows = new Map(teamIds.map((teamId) => [teamId, { teamId, played: 0, wins: 0, losses: 0, roundDifference: 0 }]));
  for (const m of matches) {
    const a = rows.get(m.team1Id);
    const b = rows.get(m.team2Id);
    if (!a || !b) continue;
    a.played++;
    b.played++;
    a.roundDifference += m.score1 - m.score2;
    b.roundDifference += m.score2 - m.score1;
    if (m.winnerId === m.team1Id) {
      a.wins++;
      b.losses++;
    } else if (m.winnerId === m.team2Id) {
      b.wins++;
      a.losses++;
    }
  }
  const seed = new Map(teamIds.map((id, i) => [id, i]));
  const key = (r: StandingsRow) => `${r.wins}:${r.roundDifference}`;
  const all = [...rows.values()];
  const headToHead = (row: StandingsRow): number => {
    const tied = new Set(all.filter((other) => key(other) === key(row)).map((other) => other.teamId));
    return matches.filter((m) => m.winnerId === row.teamId && tied.has(m.team1Id) && tied.has(m.team2Id)).length;
  };
  return all.sort(
    (x, y) => y.wins - x.wins || y.roundDifference - x.roundDifference || headToHead(y) - headToHead(x) || (seed.get(x.teamId) ?? 0) - (seed.get(y.teamId) ?? 0),
  );
}

/** 1st, 2nd, 3rd, 4th… 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

export interface PlacementFacts {
  format: 'single_elimination' | 'double_elimination' | 'round_robin' | 'swiss';
  champion: boolean;
  /** Lost the match that decided the champion. */
  runnerUp: boolean;
  /** Elimination: the team's decided losses, oldest first, with the round each was in. */
  losses: readonly string[];
  /** Round robin and Swiss: the place in the standings, and how many teams. */
  rank?: number;
  teamCount: number;
}

/**
 * What a team's event page and team page say about how it did: 'Champion', 'Runner-up',
 * 'Out in {round}' once out of an elimination bracket (one loss in single elimination, two in
 * double), '{rank} of {teams}' in a round robin or Swiss; null while still in a bracket.
 */
export function placementLabel(facts: PlacementFacts): string | null {
  if (facts.champion) return 'Champion';
  if (facts.runnerUp) return 'Runner-up';
  if (facts.format === 'round_robin' || facts.format === 'swiss') return facts.rank === undefined ? null : `${ordinal(facts.rank)} of ${facts.teamCount}`;
  const livesLost = facts.format === 'single_elimination' ? 1 : 2;
  return facts.losses.length >= livesLost ? `Out in ${facts.losses[livesLost - 1]}` : null;
}
