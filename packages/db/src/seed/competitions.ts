import type { SemesterBounds } from '@campus-elo/domain';
import type { Insertable } from 'kysely';
import type { Competitions, Participants, PlatformColumn, Seasons } from '../schema';
import { DAY_MS, dayStart } from './calendar';
import { createRandom, type Random } from './random';
import type { TeamPlan } from './teams';

export interface SeasonPlan {
  index: number;
  id: string;
  name: string;
  start: string;
  end: string;
  startMs: number;
  /** Midnight after the season's last day. */
  endMs: number;
}

export interface CompetitionPlan {
  id: string;
  name: string;
  platform: PlatformColumn;
  externalId: string;
  season: SeasonPlan;
  /** Days after the season's start of the first regular round (the two leagues alternate). */
  firstRoundDay: number;
  participants: TeamPlan[];
}

/** The two leagues the demo teams play in, each on its own platform. */
const LEAGUES = [
  { name: 'NECC', platform: 'faceit', firstRoundDay: 10 },
  { name: 'Playfly', platform: 'leaguespot', firstRoundDay: 13 },
] as const satisfies readonly { name: string; platform: PlatformColumn; firstRoundDay: number }[];

/** Season ids come from the season's name, so the same semester keeps its id from day to day. */
export function createSeasons(seed: string, semesters: readonly SemesterBounds[]): SeasonPlan[] {
  return semesters.map((semester, index) => ({
    index,
    id: createRandom(`${seed}:season:${semester.name}`).uuid(),
    name: semester.name,
    start: semester.start,
    end: semester.end,
    startMs: dayStart(semester.start),
    endMs: dayStart(semester.end) + DAY_MS,
  }));
}

/** Which leagues a team enters in one season: both, or only one of them. */
function drawLeagues(random: Random): readonly boolean[] {
  const roll = random.next();
  return roll < 0.55 ? [true, true] : roll < 0.8 ? [true, false] : [false, true];
}

/** NECC (Faceit) and Playfly (Leaguespot) in every season, with the teams that entered each. */
export function createCompetitions(
  seed: string,
  random: Random,
  seasons: readonly SeasonPlan[],
  teams: readonly TeamPlan[],
): CompetitionPlan[] {
  return seasons.flatMap((season) => {
    const ids = createRandom(`${seed}:competitions:${season.name}`);
    const competitions = LEAGUES.map(
      (league): CompetitionPlan => ({
        id: ids.uuid(),
        name: league.name,
        platform: league.platform,
        externalId: ids.uuid(),
        season,
        firstRoundDay: league.firstRoundDay,
        participants: [],
      }),
    );
    for (const team of teams) {
      if (season.index < team.firstSeason || season.index > team.lastSeason) continue;
      drawLeagues(random).forEach((entered, league) => {
        if (entered) competitions[league]?.participants.push(team);
      });
    }
    return competitions;
  });
}

export function seasonRows(seasons: readonly SeasonPlan[], createdAt: string): Insertable<Seasons>[] {
  return seasons.map((s) => ({
    id: s.id,
    name: s.name,
    start_date: s.start,
    end_date: s.end,
    leaguespot_season_id: null,
    leaguespot_stage_id: null,
    created_at: createdAt,
  }));
}

export function competitionRows(competitions: readonly CompetitionPlan[], createdAt: string): Insertable<Competitions>[] {
  return competitions.map((c) => ({
    id: c.id,
    name: c.name,
    platform: c.platform,
    external_id: c.externalId,
    season_id: c.season.id,
    type: 'league',
    created_at: createdAt,
  }));
}

/** One participant row per team per competition, under the team's name and platform id. */
export function participantRows(
  random: Random,
  competitions: readonly CompetitionPlan[],
  createdAt: string,
): Insertable<Participants>[] {
  return competitions.flatMap((c) =>
    c.participants.map((team) => ({
      id: random.uuid(),
      team_id: team.id,
      competition_id: c.id,
      season_id: c.season.id,
      platform: c.platform,
      platform_team_id: c.platform === 'faceit' ? team.faceitTeamId : team.leaguespotTeamId,
      platform_name: team.name,
      created_at: createdAt,
    })),
  );
}
