import { isDatabaseEmpty, seedDemo, type Database, type DemoSummary } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { seedDemoEvents } from '../events/demo';
import { seedDemoDivisions } from '../standings/demo';

export function describeDemoSummary(summary: DemoSummary): string {
  return `${summary.teams} teams, ${summary.players} players, ${summary.matches} matches`;
}

/**
 * SEED=demo fills an empty database with the demo league, dated around today. A database
 * that already holds a league (teams or seasons) is never touched.
 */
export async function seedDemoIfEmpty(db: Kysely<Database>, config: Config, log: (line: string) => void): Promise<DemoSummary | null> {
  if (config.seed !== 'demo' || !(await isDatabaseEmpty(db))) return null;
  const summary = await seedDemo(db);
  await seedDemoEvents(db);
  await seedDemoDivisions(db);
  log(`Seeded the demo league: ${describeDemoSummary(summary)}`);
  return summary;
}
