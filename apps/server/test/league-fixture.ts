import type { Database, NewMatch } from '@campus-elo/db';
import type { Kysely } from 'kysely';

/** Readable fixed ids: the last digits say what the row is (s = season, t = team, ...). */
const uuid = (kind: number, n: number) => `${String(kind).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const ids = {
  spring: uuid(1, 1),
  fall: uuid(1, 2),
  necc: uuid(2, 1),
  playfly: uuid(2, 2),
  neccSpring: uuid(2, 3),
  alpha: uuid(3, 1),
  beta: uuid(3, 2),
  gamma: uuid(3, 3),
  delta: uuid(3, 4),
  epsilon: uuid(3, 5),
  ace: uuid(4, 1),
  blaze: uuid(4, 2),
  cobra: uuid(4, 3),
  dusk: uuid(4, 4),
  echo: uuid(4, 5),
  ghost: uuid(4, 6),
  fallFinal: uuid(5, 1),
  liveToday: uuid(5, 2),
  lateTonight: uuid(5, 3),
  tomorrowMidnight: uuid(5, 4),
  cancelled: uuid(5, 5),
  undated: uuid(5, 6),
  springOpener: uuid(5, 7),
  fallOpener: uuid(5, 8),
  weekOne: uuid(6, 1),
  weekTwo: uuid(6, 2),
  springEmpty: uuid(6, 3),
  unknown: uuid(9, 9),
};

/** 'today' for this league: the in-progress match is on this day. */
export const LEAGUE_TODAY = new Date('2026-11-22T12:00:00Z');

/**
 * A small hand-made league covering every filter: two seasons, ties in Elo, a hidden and a
 * benched player, a player with no team, one match per status, an undated match, a match at
 * the last second of a day, LIKE wildcards in a name, and an empty ranking snapshot.
 */
export async function insertLeague(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('seasons')
    .values([
      { id: ids.spring, name: 'Spring 2026', start_date: '2026-01-10', end_date: '2026-05-20' },
      { id: ids.fall, name: 'Fall 2026', start_date: '2026-08-20', end_date: '2026-12-20' },
    ])
    .execute();
  await db
    .insertInto('competitions')
    .values([
      { id: ids.necc, name: 'NECC', platform: 'faceit', external_id: 'necc-fall', season_id: ids.fall },
      { id: ids.playfly, name: 'Playfly', platform: 'leaguespot', external_id: 'playfly-fall', season_id: ids.fall },
      { id: ids.neccSpring, name: 'NECC Spring', platform: 'faceit', external_id: 'necc-spring', season_id: ids.spring },
    ])
    .execute();
  await db
    .insertInto('teams')
    .values([
      { id: ids.alpha, name: 'Alpha Wolves', school_name: 'North University', elo: 1500, picture: '/media/alpha.png' },
      { id: ids.beta, name: 'Beta Bears', school_name: 'South College', elo: 1400, picture: null },
      { id: ids.gamma, name: 'Gamma Rays', school_name: null, elo: 1400, picture: null },
      { id: ids.delta, name: 'Delta_50%', school_name: 'East Tech', elo: 900, picture: null },
      { id: ids.epsilon, name: 'Epsilon', school_name: 'West State', elo: 1000, picture: null },
    ])
    .execute();
  await db
    .insertInto('players')
    .values([
      { id: ids.ace, name: 'Ace', team_id: ids.alpha, elo: 2000, skill_level: 10, picture: '/media/ace.png' },
      { id: ids.blaze, name: 'Blaze', team_id: ids.alpha, elo: 1800, skill_level: 8, benched: true },
      { id: ids.cobra, name: 'Cobra', team_id: ids.beta, elo: 1500, skill_level: 6 },
      { id: ids.dusk, name: 'Dusk', team_id: ids.beta, elo: 1500, skill_level: 7 },
      { id: ids.echo, name: 'Echo', team_id: null, elo: 1200, skill_level: 5 },
      { id: ids.ghost, name: 'Ghost', team_id: ids.gamma, elo: 2500, skill_level: 9, visible: false },
    ])
    .execute();
  await db.updateTable('teams').set({ captain_id: ids.ace }).where('id', '=', ids.alpha).execute();
  await db
    .insertInto('player_seasons')
    .values([
      { player_id: ids.ace, season_id: ids.fall, team_id: ids.alpha },
      { player_id: ids.blaze, season_id: ids.fall, team_id: ids.alpha },
      { player_id: ids.cobra, season_id: ids.fall, team_id: ids.beta },
      { player_id: ids.ghost, season_id: ids.fall, team_id: ids.gamma },
      { player_id: ids.dusk, season_id: ids.spring, team_id: ids.beta },
      { player_id: ids.echo, season_id: ids.spring, team_id: null },
    ])
    .execute();
  await db
    .insertInto('participants')
    .values([
      { team_id: ids.alpha, competition_id: ids.necc, season_id: ids.fall, platform: 'faceit', platform_name: 'Alpha Wolves' },
      { team_id: ids.beta, competition_id: ids.necc, season_id: ids.fall, platform: 'faceit', platform_name: 'Beta Bears' },
      { team_id: ids.gamma, competition_id: ids.playfly, season_id: ids.fall, platform: 'leaguespot', platform_name: 'Gamma Rays' },
      { team_id: ids.delta, competition_id: ids.playfly, season_id: ids.fall, platform: 'leaguespot', platform_name: 'Delta_50%' },
      { team_id: ids.alpha, competition_id: ids.neccSpring, season_id: ids.spring, platform: 'faceit', platform_name: 'Alpha Wolves' },
      { team_id: ids.epsilon, competition_id: ids.neccSpring, season_id: ids.spring, platform: 'faceit', platform_name: 'Epsilon' },
    ])
    .execute();
  const faceit = (id: string, externalId: string, fields: Omit<NewMatch, 'id' | 'external_id' | 'platform'>): NewMatch => ({
    id,
    external_id: externalId,
    platform: 'faceit',
    ...fields,
  });
  await db
    .insertInto('matches')
    .values([
      faceit(ids.springOpener, 'm-spring-1', {
        competition_id: ids.neccSpring, season_id: ids.spring, team1_id: ids.epsilon, team2_id: ids.alpha,
        score_team1: 2, score_team2: 1, winner_id: ids.epsilon, status: 'completed', date: '2026-03-01T18:00:00Z',
      }),
      faceit(ids.fallOpener, 'm-fall-1', {
        competition_id: ids.necc, season_id: ids.fall, team1_id: ids.alpha, team2_id: ids.beta,
        score_team1: 16, score_team2: 10, winner_id: ids.alpha, status: 'completed', date: '2026-09-05T18:00:00Z',
        url: 'https://www.faceit.com/en/cs2/room/m-fall-1',
      }),
      {
        id: ids.fallFinal, external_id: 'ls-fall-2', platform: 'leaguespot', competition_id: ids.playfly, season_id: ids.fall,
        team1_id: ids.beta, team2_id: ids.gamma, score_team1: 0, score_team2: 2, winner_id: ids.gamma, status: 'completed',
        date: '2026-09-12T18:00:00Z',
      },
      faceit(ids.cancelled, 'm-fall-cancelled', {
        competition_id: ids.necc, season_id: ids.fall, team1_id: ids.alpha, team2_id: ids.delta, status: 'cancelled', date: '2026-10-01T18:00:00Z',
      }),
      faceit(ids.liveToday, 'm-fall-live', {
        competition_id: ids.necc, season_id: ids.fall, team1_id: ids.alpha, team2_id: ids.gamma,
        score_team1: 1, score_team2: 0, status: 'in_progress', date: '2026-11-22T11:00:00Z',
      }),
      faceit(ids.lateTonight, 'm-fall-late', {
        competition_id: ids.necc, season_id: ids.fall, team1_id: ids.beta, team2_id: ids.delta, status: 'scheduled', date: '2026-11-22T23:59:59Z',
      }),
      faceit(ids.tomorrowMidnight, 'm-fall-next', {
        competition_id: ids.necc, season_id: ids.fall, team1_id: ids.gamma, team2_id: ids.delta, status: 'scheduled', date: '2026-11-23T00:00:00Z',
      }),
      faceit(ids.undated, 'm-undated', { team1_id: ids.alpha, team2_id: ids.beta, status: 'scheduled', date: null }),
    ])
    .execute();
  await db
    .insertInto('rankings')
    .values([
      { id: ids.weekOne, season_id: ids.fall, date: '2026-09-07T00:00:00Z' },
      { id: ids.weekTwo, season_id: ids.fall, date: '2026-09-14T00:00:00Z' },
      { id: ids.springEmpty, season_id: ids.spring, date: '2026-03-02T00:00:00Z' },
    ])
    .execute();
  await db
    .insertInto('ranking_items')
    .values([
      { ranking_id: ids.weekOne, team_id: ids.alpha, rank: 1, elo: 1480 },
      { ranking_id: ids.weekOne, team_id: ids.beta, rank: 2, elo: 1420 },
      { ranking_id: ids.weekOne, team_id: ids.gamma, rank: 3, elo: 1380 },
      { ranking_id: ids.weekTwo, team_id: ids.alpha, rank: 1, elo: 1500 },
      { ranking_id: ids.weekTwo, team_id: ids.gamma, rank: 2, elo: 1400 },
      { ranking_id: ids.weekTwo, team_id: ids.beta, rank: 3, elo: 1400 },
      { ranking_id: ids.weekTwo, team_id: ids.delta, rank: 4, elo: 900 },
    ])
    .execute();
}
