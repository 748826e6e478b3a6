import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { buildLeague, type LeagueSize } from './league';
import { writeLeague, type SeedSummary } from './write';

export type DemoSummary = SeedSummary;

export const DEMO_SEED = 'campus-elo-demo';

/** About 60 teams, 350 players and 600 matches over four seasons, with results every week. */
export const DEMO_SIZE: LeagueSize = {
  teams: 60,
  freeAgents: 8,
  roundsPerCompetition: 4,
  snapshotSeasons: 2,
  playerHistoryPerSeason: 12,
  logos: 'per-team',
};

/**
 * Fills the database with the demo league, relative to `today` (default: now) so that
 * matches are always live, upcoming and past. The same `today` gives the same rows.
 */
export async function seedDemo(db: Kysely<Database>, options: { today?: Date } = {}): Promise<DemoSummary> {
  const league = buildLeague({ seed: DEMO_SEED, today: options.today ?? new Date(), size: DEMO_SIZE });
  return writeLeague(db, league);
}

/** True when the database holds no league yet (no teams and no seasons): only then is seeding safe. */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const team = await db.selectFrom('teams').select('id').limit(1).executeTakeFirst();
  const season = await db.selectFrom('seasons').select('id').limit(1).executeTakeFirst();
  return team === undefined && season === undefined;
}
