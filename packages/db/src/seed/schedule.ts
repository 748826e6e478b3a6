import { expectedScore } from '@campus-elo/domain';
import type { Insertable } from 'kysely';
import type { MatchElo, MatchStatusColumn, Matches } from '../schema';
import { DAY_MS, HOUR_MS, MINUTE_MS, startOfUtcDay } from './calendar';
import type { CompetitionPlan } from './competitions';
import type { Random } from './random';
import type { TeamPlan } from './teams';

export interface MatchPlan {
  id: string;
  externalId: string;
  url: string;
  competition: CompetitionPlan;
  team1: TeamPlan;
  team2: TeamPlan;
  /** Milliseconds since the epoch. */
  date: number;
  status: MatchStatusColumn;
  score1: number | null;
  score2: number | null;
  winnerId: string | null;
  matchType: 'league' | 'event';
  /** Each side's Elo just before the match, once it has moved Elo (rateMatches). */
  team1EloBefore: number | null;
  team2EloBefore: number | null;
  team1EloChange: number | null;
  team2EloChange: number | null;
}

/** A result is only in once a match has had time to finish; later ones are skipped, not faked. */
const MATCH_LENGTH_MS = 3 * HOUR_MS;
const FIRST_MATCH_HOUR = 20;
const PLAYOFF_SIZE = 8;

function newMatch(
  random: Random,
  competition: CompetitionPlan,
  team1: TeamPlan,
  team2: TeamPlan,
  date: number,
  matchType: MatchPlan['matchType'] = 'league',
): MatchPlan {
  const id = random.uuid();
  const faceit = competition.platform === 'faceit';
  const externalId = faceit ? `1-${random.uuid()}` : random.uuid();
  return {
    id,
    externalId,
    // Faceit room links keep the {lang} placeholder the platform returns; the site fills it in.
    url: faceit ? `https://www.faceit.com/{lang}/cs2/room/${externalId}` : `https://playfly.leaguespot.gg/matches/${externalId}`,
    competition,
    team1,
    team2,
    date,
    status: 'scheduled',
    score1: null,
    score2: null,
    winnerId: null,
    matchType,
    team1EloBefore: null,
    team2EloBefore: null,
    team1EloChange: null,
    team2EloChange: null,
  };
}

/**
 * Plays a match out: the stronger team usually wins, and close matches go the distance.
 * NECC (Faceit) plays best-of-three maps (2-0, 2-1); Playfly (Leaguespot) one map to 13 rounds.
 */
function complete(random: Random, match: MatchPlan, strength: ReadonlyMap<string, number>): void {
  const chance = expectedScore(strength.get(match.team1.id) ?? 0, strength.get(match.team2.id) ?? 0);
  const team1Won = random.chance(chance);
  const closeness = 1 - Math.abs(chance - 0.5) * 2;
  const loserScore =
    match.competition.platform === 'faceit'
      ? Number(random.chance(0.25 + 0.5 * closeness))
      : Math.min(11, Math.floor(random.next() * (5 + 7 * closeness)));
  const winnerScore = match.competition.platform === 'faceit' ? 2 : 13;
  match.status = 'completed';
  match.winnerId = team1Won ? match.team1.id : match.team2.id;
  match.score1 = team1Won ? winnerScore : loserScore;
  match.score2 = team1Won ? loserScore : winnerScore;
}

/** A live match's score so far: maps won in a best-of-three, or rounds on the map. */
function startLive(random: Random, match: MatchPlan): void {
  match.status = 'in_progress';
  if (match.competition.platform === 'faceit') {
    match.score1 = random.int(0, 1);
    match.score2 = random.int(0, 1);
  } else {
    match.score1 = random.int(0, 12);
    match.score2 = random.int(0, 12);
  }
}

/** Random sides, so team1 is not always the stronger or the home team. */
function sides(random: Random, a: TeamPlan, b: TeamPlan): [TeamPlan, TeamPlan] {
  return random.chance(0.5) ? [a, b] : [b, a];
}

/** Days a league leaves at the end of a season for the playoffs (schedulePlayoffs). */
const PLAYOFF_DAYS = 14;
const WEEK_DAYS = 7;

/**
 * A competition's match weeks: day offsets from the season's start, one a week from its
 * first round day until the playoffs. Both leagues run as long, a few days apart.
 */
function matchWeeks(competition: CompetitionPlan): number[] {
  const seasonDays = Math.round((competition.season.endMs - competition.season.startMs) / DAY_MS);
  const weeks: number[] = [];
  for (let day = competition.firstRoundDay; day <= seasonDays - PLAYOFF_DAYS; day += WEEK_DAYS) weeks.push(day);
  return weeks;
}

/**
 * A competition's regular season: every round, teams of similar strength are paired (with
 * some luck in the draw) and most pairs play, each pair in one of the round's weeks, so
 * there are results every week. Matches dated well before `now` are played out; later ones
 * stay scheduled; ones that would be under way right now are left out (the live matches
 * come from scheduleCurrentExtras).
 */
export function scheduleRegularSeason(
  random: Random,
  competition: CompetitionPlan,
  options: { rounds: number; now: number; strength: ReadonlyMap<string, number> },
): MatchPlan[] {
  const { rounds, now, strength } = options;
  const weeks = matchWeeks(competition);
  const matches: MatchPlan[] = [];
  for (let round = 0; round < rounds; round++) {
    // Round r takes its share of the weeks (at least one).
    const first = Math.min(weeks.length - 1, Math.floor((round * weeks.length) / rounds));
    const last = Math.max(first, Math.floor(((round + 1) * weeks.length) / rounds) - 1);
    const draw = competition.participants
      .map((team) => ({ team, key: (strength.get(team.id) ?? 0) + random.normal() * 250 }))
      .sort((a, b) => b.key - a.key)
      .map((entry) => entry.team);
    for (let i = 0; i + 1 < draw.length; i += 2) {
      if (!random.chance(0.95)) continue;
      const day = (weeks[random.int(first, last)] as number) + random.int(0, 2);
      const date = competition.season.startMs + day * DAY_MS + (FIRST_MATCH_HOUR + random.int(0, 3)) * HOUR_MS;
      if (date >= now - MATCH_LENGTH_MS && date <= now) continue;
      const [team1, team2] = sides(random, draw[i] as TeamPlan, draw[i + 1] as TeamPlan);
      const match = newMatch(random, competition, team1, team2, date);
      if (date < now) complete(random, match, strength);
      matches.push(match);
    }
  }
  return matches;
}

/** Results are in up to yesterday: a few matches played yesterday afternoon (UTC), whatever today is. */
const YESTERDAY_RESULTS = 3;
const YESTERDAY_FIRST_HOUR = 16;

/**
 * Matches played yesterday in the competitions of the season that contains yesterday, so the
 * latest results are never older than a day. Runs before the Elo replay, like the regular season.
 */
export function scheduleYesterdaysResults(
  random: Random,
  competitions: readonly CompetitionPlan[],
  options: { now: number; strength: ReadonlyMap<string, number> },
): MatchPlan[] {
  const yesterday = startOfUtcDay(options.now) - DAY_MS;
  const running = competitions.filter((c) => c.season.startMs <= yesterday && yesterday < c.season.endMs && c.participants.length >= 2);
  if (running.length === 0) return [];
  return Array.from({ length: YESTERDAY_RESULTS }, (_, i) => {
    const competition = running[i % running.length] as CompetitionPlan;
    const [a, b] = random.shuffled(competition.participants).slice(0, 2) as [TeamPlan, TeamPlan];
    const match = newMatch(random, competition, a, b, yesterday + (YESTERDAY_FIRST_HOUR + i) * HOUR_MS);
    complete(random, match, options.strength);
    return match;
  });
}

/** The top eight play a knockout bracket ('event' matches) at the end of a finished season. */
export function schedulePlayoffs(
  random: Random,
  competition: CompetitionPlan,
  strength: ReadonlyMap<string, number>,
): MatchPlan[] {
  if (competition.participants.length < PLAYOFF_SIZE) return [];
  let bracket = competition.participants
    .map((team) => ({ team, key: (strength.get(team.id) ?? 0) + random.normal() * 150 }))
    .sort((a, b) => b.key - a.key)
    .slice(0, PLAYOFF_SIZE)
    .map((entry) => entry.team);
  // Seeds 1v8, 4v5, 2v7, 3v6, so the top two can only meet in the final.
  bracket = [0, 7, 3, 4, 1, 6, 2, 5].map((seed) => bracket[seed] as TeamPlan);
  const matches: MatchPlan[] = [];
  const end = competition.season.endMs;
  for (const daysBeforeEnd of [10, 5, 4]) {
    const winners: TeamPlan[] = [];
    for (let i = 0; i + 1 < bracket.length; i += 2) {
      const date = end - daysBeforeEnd * DAY_MS + (FIRST_MATCH_HOUR + i / 2) * HOUR_MS;
      const [team1, team2] = sides(random, bracket[i] as TeamPlan, bracket[i + 1] as TeamPlan);
      const match = newMatch(random, competition, team1, team2, date, 'event');
      complete(random, match, strength);
      matches.push(match);
      winners.push(match.winnerId === team1.id ? team1 : team2);
    }
    bracket = winners;
  }
  return matches;
}

/** Calls off up to `count` played matches of the current season, before Elo is replayed. */
export function cancelPlayedMatches(random: Random, matches: readonly MatchPlan[], seasonId: string, count: number): number {
  const played = matches.filter((m) => m.competition.season.id === seasonId && m.status === 'completed' && m.matchType === 'league');
  const cancelled = random.shuffled(played).slice(0, count);
  for (const match of cancelled) {
    match.status = 'cancelled';
    match.score1 = null;
    match.score2 = null;
    match.winnerId = null;
  }
  return cancelled.length;
}

/** Up to `count` start times later today, on five-minute marks when there is room for them. */
function laterToday(now: number, count: number): number[] {
  const endOfDay = startOfUtcDay(now) + DAY_MS;
  const remaining = endOfDay - now;
  if (remaining < count * MINUTE_MS) {
    // Too little of today is left: tomorrow evening is the nearest upcoming slot.
    return Array.from({ length: count }, (_, i) => endOfDay + (FIRST_MATCH_HOUR + i) * HOUR_MS);
  }
  return Array.from({ length: count }, (_, i) => {
    const exact = now + Math.floor((remaining * (i + 1)) / (count + 1));
    const rounded = Math.ceil(exact / (5 * MINUTE_MS)) * 5 * MINUTE_MS;
    return rounded < endOfDay ? rounded : exact;
  });
}

/**
 * What makes the current season look alive whatever the day: live matches, matches later
 * today, this week and this month (the best teams meet in a few of them, for the star
 * ratings), and some called off in advance. Uses the Elo after the replay to pick the
 * marquee pairings, which is why it runs after rateMatches.
 */
export function scheduleCurrentExtras(
  random: Random,
  options: { now: number; competitions: readonly CompetitionPlan[]; elo: ReadonlyMap<string, number>; cancelled: number },
): MatchPlan[] {
  const { now, elo, cancelled } = options;
  const competitions = options.competitions.filter((c) => c.participants.length >= 2);
  const main = competitions[0];
  if (!main) return [];
  const ranked = main.participants.slice().sort((a, b) => (elo.get(b.id) ?? 0) - (elo.get(a.id) ?? 0));
  const top = (rank: number) => ranked[Math.min(rank, ranked.length - 1)] as TeamPlan;
  const today = startOfUtcDay(now);
  const matches: MatchPlan[] = [];

  /** A group of matches at about the same time: no team plays twice in one group. */
  const group = (dates: readonly number[], marquee?: [TeamPlan, TeamPlan]) => {
    const busy = new Set<string>();
    return dates.map((date, i) => {
      const competition = marquee && i === 0 ? main : (competitions[i % competitions.length] as CompetitionPlan);
      let pair = marquee && i === 0 && marquee[0] !== marquee[1] ? marquee : undefined;
      if (!pair) {
        const free = competition.participants.filter((t) => !busy.has(t.id));
        const pool = free.length >= 2 ? free : competition.participants;
        const [a, b] = random.shuffled(pool);
        pair = [a as TeamPlan, b as TeamPlan];
      }
      busy.add(pair[0].id).add(pair[1].id);
      const match = newMatch(random, competition, ...sides(random, pair[0], pair[1]), date);
      matches.push(match);
      return match;
    });
  };

  const live = Array.from({ length: random.int(3, 5) }, () => Math.floor((now - random.int(10, 100) * MINUTE_MS) / MINUTE_MS) * MINUTE_MS);
  for (const match of group(live)) startLive(random, match);
  group(laterToday(now, random.int(2, 3)), [top(0), top(1)]);
  group([1, 2, 4, 6].map((d) => today + d * DAY_MS + (FIRST_MATCH_HOUR + random.int(0, 3)) * HOUR_MS), [top(0), top(2)]);
  group([9, 15, 21, 27].map((d) => today + d * DAY_MS + (FIRST_MATCH_HOUR + random.int(0, 3)) * HOUR_MS), [top(1), top(2)]);
  const calledOff = group(Array.from({ length: cancelled }, (_, i) => today + (2 + i) * DAY_MS + (FIRST_MATCH_HOUR + 2) * HOUR_MS));
  for (const match of calledOff) match.status = 'cancelled';
  return matches;
}

export function matchRows(matches: readonly MatchPlan[], createdAt: string): Insertable<Matches>[] {
  return matches.map((m) => ({
    id: m.id,
    platform: m.competition.platform,
    external_id: m.externalId,
    competition_id: m.competition.id,
    season_id: m.competition.season.id,
    team1_id: m.team1.id,
    team2_id: m.team2.id,
    score_team1: m.score1,
    score_team2: m.score2,
    winner_id: m.winnerId,
    status: m.status,
    date: new Date(m.date).toISOString(),
    url: m.url,
    match_type: m.matchType,
    created_at: createdAt,
    updated_at: createdAt,
  }));
}

/** The Elo ledger's rows (match_elo) of the matches that moved Elo. */
export function matchEloRows(matches: readonly MatchPlan[]): Insertable<MatchElo>[] {
  return matches.flatMap((m) =>
    m.team1EloBefore === null || m.team2EloBefore === null || m.team1EloChange === null || m.team2EloChange === null
      ? []
      : [{ match_id: m.id, team1_elo_before: m.team1EloBefore, team2_elo_before: m.team2EloBefore, team1_elo_change: m.team1EloChange, team2_elo_change: m.team2EloChange }],
  );
}
