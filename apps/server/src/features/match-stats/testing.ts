import type { MatchDetailsInput } from '@campus-elo/api-contract';
import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createUser } from '../auth/users';
import { replacePlatformMatchDetails } from './write-details';

/*
 * A small league for the match stats tests: two seasons (the current one contains today), two
 * competitions, three teams of five players (Owls, Foxes, Crows) and a substitute, and the
 * real app over it with the public reads on readDb, as main.ts wires them.
 */

export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const ids = {
  current: id(1),
  old: id(2),
  cup: id(11),
  league: id(12),
  owls: id(21),
  foxes: id(22),
  crows: id(23),
  /** Matches: a best-of-three in the cup, a best-of-three in the league, a best-of-one last season. */
  cupFinal: id(51),
  leagueGame: id(52),
  oldGame: id(53),
  unplayed: id(54),
  unknown: id(99),
};
/** Owls 101..105 (+106 a substitute), Foxes 111..115, Crows 121..125. */
export const player = (team: 'owls' | 'foxes' | 'crows', n: number) => id({ owls: 100, foxes: 110, crows: 120 }[team] + n);

export interface StatsTestApp {
  app: FastifyInstance;
  database: TestDatabase;
  adminToken: string;
  close(): Promise<void>;
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

export async function startStatsApp(): Promise<StatsTestApp> {
  const database = await createTestDatabase();
  const db = database.db;
  await db
    .insertInto('seasons')
    .values([
      { id: ids.current, name: 'This season', start_date: day(-60), end_date: day(60) },
      { id: ids.old, name: 'Last season', start_date: day(-400), end_date: day(-200) },
    ])
    .execute();
  await db
    .insertInto('competitions')
    .values([
      { id: ids.cup, name: 'Cup', platform: 'faceit', season_id: ids.current },
      { id: ids.league, name: 'League', platform: 'faceit', season_id: ids.current },
    ])
    .execute();
  await db
    .insertInto('teams')
    .values([
      { id: ids.owls, name: 'Owls', elo: 1000 },
      { id: ids.foxes, name: 'Foxes', elo: 1000 },
      { id: ids.crows, name: 'Crows', elo: 1000 },
    ])
    .execute();
  const roster = (team: 'owls' | 'foxes' | 'crows', teamId: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({ id: player(team, i + 1), name: `${team}${i + 1}`, team_id: teamId, faceit_id: `fc-${team}${i + 1}` }));
  await db
    .insertInto('players')
    .values([...roster('owls', ids.owls, 6), ...roster('foxes', ids.foxes, 5), ...roster('crows', ids.crows, 5)])
    .execute();
  const match = (matchId: string, team2: string, score: [number, number], seasonId: string, competitionId: string | null, daysAgo: number) => ({
    id: matchId,
    platform: 'faceit' as const,
    external_id: matchId,
    team1_id: ids.owls,
    team2_id: team2,
    score_team1: score[0],
    score_team2: score[1],
    winner_id: score[0] > score[1] ? ids.owls : team2,
    status: 'completed' as const,
    season_id: seasonId,
    competition_id: competitionId,
    date: new Date(Date.now() - daysAgo * 86_400_000),
  });
  await db
    .insertInto('matches')
    .values([
      match(ids.cupFinal, ids.foxes, [2, 1], ids.current, ids.cup, 3),
      match(ids.leagueGame, ids.foxes, [2, 0], ids.current, ids.league, 1),
      match(ids.oldGame, ids.crows, [13, 5], ids.old, null, 300),
      { ...match(ids.unplayed, ids.crows, [0, 0], ids.current, ids.league, -2), score_team1: null, score_team2: null, winner_id: null, status: 'scheduled' as const },
    ])
    .execute();
  await replacePlatformMatchDetails(db, ids.cupFinal, cupFinalDetails(), 'faceit');
  await replacePlatformMatchDetails(db, ids.leagueGame, leagueGameDetails(), 'faceit');
  await replacePlatformMatchDetails(db, ids.oldGame, oldGameDetails(), 'faceit');

  const app = await buildApp({ db, readDb: database.readDb, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false, listen: database.listen });
  await createUser(db, { email: 'admin@stats.test', password: 'a long enough password', role: 'admin' });
  const token = await app.inject({ method: 'POST', url: '/v1/auth/token', payload: { email: 'admin@stats.test', password: 'a long enough password' } });
  return {
    app,
    database,
    adminToken: (token.json() as { token: string }).token,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

type Line = MatchDetailsInput['maps'][number]['players'][number];

/**
 * Five lines a side on a map of `rounds` rounds. `skill` spreads the kills (player n of a
 * side gets skill + n kills); Owls link by player_id, the others by their FACEIT id.
 */
export function scoreboard(rounds: number, sides: { owls: number; opponent: 'foxes' | 'crows'; theirs: number }, extra: Partial<Line> = {}): Line[] {
  const lines: Line[] = [];
  for (let n = 1; n <= 5; n++) {
    const owlKills = sides.owls + n;
    lines.push({ side: 1, player_id: player('owls', n), nickname: `owls${n}`, kills: owlKills, deaths: Math.min(rounds, 10 + n), assists: 3, headshots: Math.floor(owlKills / 2), damage: owlKills * 95, kills_2k: 2, kills_3k: 1, kills_4k: 0, kills_5k: 0, first_kills: n, clutch_wins: n % 2, clutch_attempts: 2, ...extra });
    const theirKills = sides.theirs + n;
    lines.push({ side: 2, player_id: null, platform_player_id: `fc-${sides.opponent}${n}`, nickname: `${sides.opponent}${n}`, kills: theirKills, deaths: Math.min(rounds, 12 + n), assists: 2, headshots: null, damage: theirKills * 80, kills_2k: 1, kills_3k: 0, kills_4k: 0, kills_5k: 0, ...extra });
  }
  return lines;
}

export function cupFinalDetails(): MatchDetailsInput {
  return {
    maps: [
      { map: 'de_mirage', score_team1: 13, score_team2: 9, picked_by_side: 1, halves: { team1: [8, 5], team2: [4, 5] }, players: scoreboard(22, { owls: 14, opponent: 'foxes', theirs: 10 }) },
      { map: 'de_inferno', score_team1: 10, score_team2: 13, picked_by_side: 2, players: scoreboard(23, { owls: 12, opponent: 'foxes', theirs: 14 }) },
      { map: 'de_nuke', score_team1: 16, score_team2: 14, overtime: { team1: 3, team2: 1 }, halves: { team1: [7, 6], team2: [5, 8] }, players: scoreboard(30, { owls: 20, opponent: 'foxes', theirs: 18 }) },
    ],
    vetoes: [
      { side: 1, action: 'ban', map: 'de_ancient' },
      { side: 2, action: 'ban', map: 'de_anubis' },
      { side: 1, action: 'pick', map: 'de_mirage' },
      { side: 2, action: 'pick', map: 'de_inferno' },
      { side: 1, action: 'ban', map: 'de_dust2' },
      { side: 2, action: 'ban', map: 'de_train' },
      { side: null, action: 'decider', map: 'de_nuke' },
    ],
  };
}

export function leagueGameDetails(): MatchDetailsInput {
  const owls = scoreboard(20, { owls: 15, opponent: 'foxes', theirs: 8 });
  // The substitute plays the second map instead of owls5.
  const withSubstitute = scoreboard(21, { owls: 13, opponent: 'foxes', theirs: 9 }).map((line) =>
    line.nickname === 'owls5' ? { ...line, player_id: player('owls', 6), nickname: 'owls6' } : line,
  );
  return {
    maps: [
      { map: 'de_mirage', score_team1: 13, score_team2: 7, players: owls },
      { map: 'de_overpass', score_team1: 13, score_team2: 8, players: withSubstitute },
    ],
    vetoes: [],
  };
}

export function oldGameDetails(): MatchDetailsInput {
  return { maps: [{ map: 'de_mirage', score_team1: 13, score_team2: 5, players: scoreboard(18, { owls: 10, opponent: 'crows', theirs: 4 }) }], vetoes: [] };
}
