import { DEFAULT_ELO, teamEloCalculation, teamEloCalculationNumbers, type TeamEloCalculationNumbers } from '@campus-elo/domain';
import type { Insertable } from 'kysely';
import type { PlayerSeasons, Players } from '../schema';
import { createGamerTags } from './names';
import type { Random } from './random';
import type { TeamPlan } from './teams';

/** Faceit's CS2 skill level bands: the lowest Elo of levels 2 to 10. */
const SKILL_LEVEL_FLOORS = [501, 751, 901, 1051, 1201, 1351, 1531, 1751, 2001] as const;
const PLAYER_ELO_MIN = 500;
const PLAYER_ELO_MAX = 3000;

function skillLevelForElo(elo: number): number {
  return 1 + SKILL_LEVEL_FLOORS.filter((floor) => elo >= floor).length;
}

type PlayerRow = Insertable<Players> & { id: string; elo: number; benched: boolean; visible: boolean };

export interface Rosters {
  players: PlayerRow[];
  playerSeasons: Insertable<PlayerSeasons>[];
  captains: { teamId: string; captainId: string }[];
  /** Each team's Elo from its roster: where its match history starts. */
  startElo: Map<string, number>;
  /** The numbers behind each roster-given start (teams.starting_elo_calculation, migration 0101). */
  startCalculation: Map<string, TeamEloCalculationNumbers>;
}

function clampElo(elo: number): number {
  return Math.round(Math.min(PLAYER_ELO_MAX, Math.max(PLAYER_ELO_MIN, elo)));
}

/** 5 to 7 players a team, averaging about 5.7. */
function drawRosterSize(random: Random): number {
  const roll = random.next();
  return roll < 0.45 ? 5 : roll < 0.85 ? 6 : 7;
}

/** A 17-digit SteamID64 (they all start with 7656119), unique within `taken`. */
function drawSteamId(random: Random, taken: Set<string>): string {
  for (;;) {
    const id = `7656119${String(random.int(0, 99_999)).padStart(5, '0')}${String(random.int(0, 99_999)).padStart(5, '0')}`;
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

/**
 * Players for every team (plus free agents), drawn around the team's target Elo, with the
 * seasons each played, one captain per team and the team Elo their roster gives. Steam ids
 * are unique within `takenSteamIds` too (the other parts of a league built in parts).
 */
export function createRosters(
  random: Random,
  options: { teams: readonly TeamPlan[]; freeAgents: number; seasonIds: readonly string[]; createdAt: string; takenSteamIds?: Set<string> },
): Rosters {
  const { teams, freeAgents, seasonIds, createdAt, takenSteamIds: steamIds = new Set<string>() } = options;
  const sizes = teams.map(() => drawRosterSize(random));
  const tags = createGamerTags(random, sizes.reduce((sum, n) => sum + n, 0) + freeAgents);
  const rosters: Rosters = { players: [], playerSeasons: [], captains: [], startElo: new Map(), startCalculation: new Map() };
  const lastSeason = seasonIds.length - 1;

  const addPlayer = (team: TeamPlan | null, elo: number, benched: boolean, seasons: number[]): PlayerRow => {
    const id = random.uuid();
    const row: PlayerRow = {
      id,
      name: tags[rosters.players.length] as string,
      picture: null,
      steam_id: random.chance(0.92) ? drawSteamId(random, steamIds) : null,
      faceit_id: random.chance(0.88) ? random.uuid() : null,
      elo,
      skill_level: skillLevelForElo(elo),
      team_id: team?.id ?? null,
      benched,
      visible: !random.chance(0.05),
      created_at: createdAt,
      updated_at: createdAt,
    };
    rosters.players.push(row);
    for (const season of seasons) {
      rosters.playerSeasons.push({ player_id: id, season_id: seasonIds[season] as string, team_id: team?.id ?? null });
    }
    return row;
  };

  teams.forEach((team, teamIndex) => {
    const size = sizes[teamIndex] as number;
    const roster: PlayerRow[] = [];
    for (let slot = 0; slot < size; slot++) {
      // Substitutes (beyond the five starters) are the ones usually on the bench.
      const benched = random.chance(slot < 5 ? 0.03 : 0.45);
      const star = random.chance(0.03) ? 400 : 0;
      const elo = clampElo(team.targetElo + random.normal() * 160 + star - (benched ? 150 : 0));
      const joined = random.chance(0.7) ? team.firstSeason : random.int(team.firstSeason, team.lastSeason);
      const seasons = [];
      for (let season = joined; season <= team.lastSeason; season++) seasons.push(season);
      roster.push(addPlayer(team, elo, benched, seasons));
    }
    const eligible = roster.filter((p) => !p.benched && p.visible);
    const captain = eligible.length > 0 ? random.pick(eligible) : (roster[0] as PlayerRow);
    rosters.captains.push({ teamId: team.id, captainId: captain.id });
    const calculation = teamEloCalculation(roster);
    rosters.startElo.set(team.id, calculation?.elo ?? DEFAULT_ELO);
    if (calculation) rosters.startCalculation.set(team.id, teamEloCalculationNumbers(calculation));
  });

  for (let i = 0; i < freeAgents; i++) {
    const seasons = random.chance(0.5) ? [lastSeason - 1, lastSeason] : [lastSeason];
    addPlayer(null, clampElo(600 + random.next() * 1800), false, seasons.filter((s) => s >= 0));
  }
  return rosters;
}
