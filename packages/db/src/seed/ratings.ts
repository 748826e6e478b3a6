import { compareSeasonPlace, replayElo, type AppliedMatch } from '@campus-elo/domain';
import type { Insertable } from 'kysely';
import type { RankingItems, Rankings } from '../schema';
import { mondaysBetween } from './calendar';
import type { CompetitionPlan, SeasonPlan } from './competitions';
import type { Random } from './random';
import type { MatchPlan } from './schedule';
import type { TeamPlan } from './teams';

export interface Ratings {
  /** Every team's Elo after all completed matches. */
  elo: Map<string, number>;
  /** The completed matches in the order they moved Elo. */
  applied: AppliedMatch[];
}

/**
 * Replays the completed matches from each team's starting Elo with the domain's replayElo,
 * writes each match's Elo before and change onto it (the Elo ledger), and returns where
 * every team ends up — so the stored Elo is exactly what a recalculation from the same
 * start would give.
 */
export function rateMatches(
  teams: readonly TeamPlan[],
  startElo: ReadonlyMap<string, number>,
  matches: readonly MatchPlan[],
): Ratings {
  const result = replayElo(
    teams.map((t) => ({ id: t.id, name: t.name, elo: startElo.get(t.id) as number })),
    matches.map((m) => ({ id: m.id, date: new Date(m.date), status: m.status, team1Id: m.team1.id, team2Id: m.team2.id, winnerId: m.winnerId })),
  );
  if (result.skipped.length > 0) throw new Error(`Seed produced unplayable matches: ${JSON.stringify(result.skipped.slice(0, 3))}`);
  const byId = new Map(matches.map((m) => [m.id, m]));
  for (const change of result.applied) {
    const match = byId.get(change.matchId) as MatchPlan;
    match.team1EloBefore = change.team1Before;
    match.team2EloBefore = change.team2Before;
    match.team1EloChange = change.team1After - change.team1Before;
    match.team2EloChange = change.team2After - change.team2Before;
  }
  return { elo: result.elo, applied: result.applied };
}

export interface Snapshots {
  rankings: Insertable<Rankings>[];
  rankingItems: Insertable<RankingItems>[];
}

/**
 * A ranking snapshot every Monday (00:00 UTC) of the given seasons up to `now`: every team
 * of the season with Elo > 0, placed by the Elo it had at that moment (the replay up to
 * then) as the site places teams (compareSeasonPlace).
 */
export function weeklySnapshots(
  random: Random,
  options: {
    seasons: readonly SeasonPlan[];
    teams: readonly TeamPlan[];
    competitions: readonly CompetitionPlan[];
    startElo: ReadonlyMap<string, number>;
    ratings: Ratings;
    matches: readonly MatchPlan[];
    now: number;
    createdAt: string;
  },
): Snapshots {
  const { seasons, teams, competitions, startElo, ratings, matches, now, createdAt } = options;
  // The season's teams as the site counts them (packages/domain, season-place.ts): its
  // competitions' entrants and every team that plays one of its matches.
  const seasonTeams = new Map<string, Set<string>>();
  const teamsOf = (seasonId: string) => seasonTeams.get(seasonId) ?? seasonTeams.set(seasonId, new Set()).get(seasonId)!;
  for (const competition of competitions) for (const team of competition.participants) teamsOf(competition.season.id).add(team.id);
  for (const match of matches) teamsOf(match.competition.season.id).add(match.team1.id).add(match.team2.id);
  const byId = new Map(matches.map((m) => [m.id, m]));
  const elo = new Map(startElo);
  const snapshots: Snapshots = { rankings: [], rankingItems: [] };
  let next = 0;

  for (const season of seasons) {
    for (const monday of mondaysBetween(season.startMs, Math.min(season.endMs, now))) {
      for (; next < ratings.applied.length; next++) {
        const change = ratings.applied[next] as AppliedMatch;
        const match = byId.get(change.matchId) as MatchPlan;
        if (match.date >= monday) break;
        elo.set(match.team1.id, change.team1After);
        elo.set(match.team2.id, change.team2After);
      }
      const rankingId = random.uuid();
      snapshots.rankings.push({ id: rankingId, season_id: season.id, date: new Date(monday).toISOString(), created_at: createdAt });
      teams
        .filter((t) => teamsOf(season.id).has(t.id))
        .map((t) => ({ id: t.id, name: t.name, elo: elo.get(t.id) ?? 0 }))
        .filter((t) => t.elo > 0)
        .sort(compareSeasonPlace)
        .forEach((t, i) => {
          snapshots.rankingItems.push({ id: random.uuid(), ranking_id: rankingId, team_id: t.id, rank: i + 1, elo: t.elo });
        });
    }
  }
  return snapshots;
}
