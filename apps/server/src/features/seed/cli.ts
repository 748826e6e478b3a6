import { isDatabaseEmpty, seedDemo, seedScale, type Database } from '@campus-elo/db';
import { seedDemoEvents } from '../events/demo';
import { seedDemoDivisions } from '../standings/demo';
import { sql, type Kysely } from 'kysely';
import { withDatabase, type CliCommand } from '../../cli-commands';
import { describeDemoSummary } from './startup';

const USAGE = 'seed demo | seed scale --factor N';
/**
 * Factor 100 is the benchmark size; bigger leagues are built in parts of that size, so memory
 * stays under 3 GB. 1000 (about 3 million matches and 56 million player lines, tens of GB of
 * database) is plenty.
 */
const MAX_FACTOR = 1000;

export type SeedRequest = { kind: 'demo' } | { kind: 'scale'; factor: number };

export function parseSeedRequest(positionals: readonly string[], factor: unknown): SeedRequest {
  const kind = positionals[0];
  if (kind === 'demo' && positionals.length === 1) return { kind };
  if (kind === 'scale' && positionals.length === 1) {
    const value = typeof factor === 'string' && /^\d+$/.test(factor) ? Number(factor) : NaN;
    if (!(value >= 1 && value <= MAX_FACTOR)) throw new Error(`--factor must be a whole number from 1 to ${MAX_FACTOR}. Usage: pnpm cli ${USAGE}`);
    return { kind, factor: value };
  }
  throw new Error(`Usage: pnpm cli ${USAGE}`);
}

/** Seeds only an empty database: seeding next to existing teams would mix two leagues. */
export async function seedDatabase(db: Kysely<Database>, request: SeedRequest, log: (line: string) => void): Promise<void> {
  if (!(await isDatabaseEmpty(db))) {
    throw new Error(
      'The database already holds a league (teams or seasons), so nothing was seeded. ' +
        'Seed an empty database: clear this one first (admin Clear Database) or point DATABASE_URL or DATA_DIR elsewhere.',
    );
  }
  if (request.kind === 'demo') {
    const summary = await seedDemo(db);
    await seedDemoEvents(db);
    await seedDemoDivisions(db);
    log(`Seeded the demo league: ${describeDemoSummary(summary)}`);
    return;
  }
  const summary = await seedScale(db, { factor: request.factor, log });
  // Planner statistics now, not when autovacuum next passes: the benches read this database at once.
  await sql`ANALYZE`.execute(db);
  log(
    `Seeded a league at scale ${request.factor}: ${summary.teams} teams, ${summary.players} players, ` +
      `${summary.matches} matches, ${summary.rankings} ranking snapshots (${summary.rankingItems} rows)`,
  );
}

/** `pnpm cli seed demo` and `pnpm cli seed scale --factor N`, both into an empty database. */
export const seedCommand: CliCommand = {
  name: 'seed',
  usage: USAGE,
  summary: 'Fill an empty database with the demo league, or one N times its size for benchmarks',
  options: { factor: { type: 'string' } },
  async run({ config, values, positionals, log }) {
    const request = parseSeedRequest(positionals, values.factor);
    await withDatabase(config, (db) => seedDatabase(db, request, log));
  },
};
