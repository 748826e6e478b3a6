import type { Insertable } from 'kysely';
import type {
  Competitions,
  MatchElo,
  Matches,
  Media,
  Participants,
  PlayerEloHistory,
  PlayerSeasons,
  Players,
  RankingItems,
  Rankings,
  Seasons,
  Teams,
} from '../schema';
import { recentSemesters } from './calendar';
import { competitionRows, createCompetitions, createSeasons, participantRows, seasonRows, type SeasonPlan } from './competitions';
import { matchDetails, type MatchDetailsRows } from './match-details';
import { playerEloHistory } from './player-history';
import { completeDemoPictures } from './pictures';
import { createRosters } from './players';
import { createRandom } from './random';
import { rateMatches, weeklySnapshots } from './ratings';
import { cancelPlayedMatches, matchEloRows, matchRows, scheduleCurrentExtras, schedulePlayoffs, scheduleRegularSeason, scheduleYesterdaysResults } from './schedule';
import { createTeams, type LogoMode } from './teams';

export interface LeagueSize {
  teams: number;
  freeAgents: number;
  /** Regular rounds per competition and season; in a round most teams play once. */
  roundsPerCompetition: number;
  /** How many of the newest seasons get weekly ranking snapshots. */
  snapshotSeasons: number;
  /** Points of each player's Elo history per season played. */
  playerHistoryPerSeason: number;
  logos: LogoMode;
}

/** The current semester and the three before it. */
const SEASON_COUNT = 4;
const CANCELLED_MIN = 3;
const CANCELLED_MAX = 4;
/** At most this many cancellations are taken from played matches; the rest are future ones. */
const CANCELLED_PLAYED = 2;

export interface LeagueRows {
  seasons: Insertable<Seasons>[];
  competitions: Insertable<Competitions>[];
  media: Insertable<Media>[];
  /** Teams are written before their players, so captains follow in a second step. */
  teams: Insertable<Teams>[];
  captains: { teamId: string; captainId: string }[];
  players: Insertable<Players>[];
  playerSeasons: Insertable<PlayerSeasons>[];
  playerEloHistory: Insertable<PlayerEloHistory>[];
  participants: Insertable<Participants>[];
  matches: Insertable<Matches>[];
  /** The Elo each played match moved (the Elo ledger). */
  matchElo: Insertable<MatchElo>[];
  /** The maps, vetoes and player lines of the played matches, built a batch at a time as they are written (matchDetails). */
  matchDetails: Iterable<MatchDetailsRows>;
  rankings: Insertable<Rankings>[];
  rankingItems: Insertable<RankingItems>[];
}

/**
 * One part of a league built part by part (a scale league past factor 100, which would not fit
 * in memory at once). Every part has the same seasons and competitions, and its own teams,
 * players and matches (teams play within their part).
 */
export interface LeaguePart {
  /** 0 for the first part, which is the league `seed` builds alone; later ones draw from random streams of their own. */
  index: number;
  /** Team names and Steam ids of the parts built before, which stay unique across the league; each part adds its own. */
  takenNames: Set<string>;
  takenSteamIds: Set<string>;
}

/**
 * Builds a whole league in memory, relative to `today`: the same seed and `today` always
 * give the same rows, ids included. Each part draws from its own named random stream, so
 * teams and players stay the same from one day to the next even though the schedule moves.
 */
export function buildLeague(options: { seed: string; today: Date; size: LeagueSize; part?: LeaguePart }): LeagueRows {
  const { seed, today, size, part } = options;
  const now = today.getTime();
  if (Number.isNaN(now)) throw new RangeError('buildLeague: invalid today');
  const createdAt = today.toISOString();
  // Seasons and competitions come from `seed` in every part; the rest from the part's own streams.
  const streams = part && part.index > 0 ? `${seed}:part:${part.index}` : seed;

  const seasons = createSeasons(seed, recentSemesters(today, SEASON_COUNT - 1));
  const current = seasons[seasons.length - 1] as SeasonPlan;
  const { teams, media } = createTeams(createRandom(`${streams}:teams`), {
    count: size.teams,
    seasonCount: seasons.length,
    logos: size.logos,
    createdAt,
    takenNames: part?.takenNames,
  });
  const rosters = createRosters(createRandom(`${streams}:players`), {
    teams,
    freeAgents: size.freeAgents,
    seasonIds: seasons.map((s) => s.id),
    createdAt,
    takenSteamIds: part?.takenSteamIds,
  });
  if (size.logos === 'per-team') media.push(...completeDemoPictures(createRandom(`${streams}:pictures`), teams, rosters.players, createdAt));
  const competitions = createCompetitions(seed, createRandom(`${streams}:participants`), seasons, teams);

  const random = createRandom(`${streams}:matches:${now}`);
  const strength = rosters.startElo;
  const matches = competitions.flatMap((competition) => [
    ...scheduleRegularSeason(random, competition, { rounds: size.roundsPerCompetition, now, strength }),
    ...(competition.season !== current && competition.platform === 'faceit' ? schedulePlayoffs(random, competition, strength) : []),
  ]);
  matches.push(...scheduleYesterdaysResults(random, competitions, { now, strength }));
  const cancelledTarget = random.int(CANCELLED_MIN, CANCELLED_MAX);
  const cancelledPlayed = cancelPlayedMatches(random, matches, current.id, CANCELLED_PLAYED);
  const ratings = rateMatches(teams, rosters.startElo, matches);
  matches.push(
    ...scheduleCurrentExtras(random, {
      now,
      competitions: competitions.filter((c) => c.season === current),
      elo: ratings.elo,
      cancelled: cancelledTarget - cancelledPlayed,
    }),
  );
  // Stored oldest first, which keeps date-ordered scans of a big league close to the disk order.
  matches.sort((a, b) => a.date - b.date);

  const snapshots = weeklySnapshots(createRandom(`${streams}:rankings:${now}`), {
    seasons: seasons.slice(-size.snapshotSeasons),
    teams,
    competitions,
    startElo: rosters.startElo,
    ratings,
    matches,
    now,
    createdAt,
  });

  return {
    seasons: seasonRows(seasons, createdAt),
    competitions: competitionRows(competitions, createdAt),
    media,
    teams: teams.map((t) => ({
      id: t.id,
      name: t.name,
      picture: t.picture,
      school_name: t.schoolName,
      elo: ratings.elo.get(t.id) as number,
      // The ledger starts each team at its roster's Elo; its matches take it from there.
      starting_elo: rosters.startElo.get(t.id) as number,
      starting_elo_calculation: rosters.startCalculation.has(t.id) ? JSON.stringify(rosters.startCalculation.get(t.id)) : null,
      captain_id: null,
      created_at: createdAt,
      updated_at: createdAt,
    })),
    captains: rosters.captains,
    players: rosters.players,
    playerSeasons: rosters.playerSeasons,
    playerEloHistory: playerEloHistory(createRandom(`${streams}:player-history:${now}`), {
      players: rosters.players,
      playerSeasons: rosters.playerSeasons,
      seasons,
      perSeason: size.playerHistoryPerSeason,
      now,
    }),
    participants: participantRows(createRandom(`${streams}:participant-ids`), competitions, createdAt),
    matches: matchRows(matches, createdAt),
    matchElo: matchEloRows(matches),
    matchDetails: matchDetails({ seed: streams, matches, players: rosters.players, playerSeasons: rosters.playerSeasons }),
    rankings: snapshots.rankings,
    rankingItems: snapshots.rankingItems,
  };
}
