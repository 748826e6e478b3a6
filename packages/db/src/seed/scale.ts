import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { DEMO_SIZE } from './demo';
import { buildLeague, type LeaguePart, type LeagueRows, type LeagueSize } from './league';
import { writeLeagueInParts, type SeedSummary } from './write';

const SCALE_SEED = 'campus-elo-scale';

/**
 * Benchmarks need 300,000+ matches for 6,000 teams (factor 100), so teams play 22 rounds per
 * competition instead of the demo's 4: about 3,150 matches per factor.
 */
const SCALE_ROUNDS_PER_COMPETITION = 22;
/** The three newest seasons: two whole past ones alone hold 50+ Mondays. */
const SCALE_SNAPSHOT_SEASONS = 3;
/** Two points a season: enough for the player page's chart, cheap at 35,000 players. */
const SCALE_PLAYER_HISTORY_PER_SEASON = 2;

/**
 * The demo league `factor` times over, for benchmarks, with more matches per team and weekly
 * snapshots over more seasons. Logos are a few shared files instead of one per team.
 */
export function scaleSize(factor: number): LeagueSize {
  if (!Number.isInteger(factor) || factor < 1) throw new RangeError(`Scale factor must be a whole number of at least 1, got ${factor}`);
  return {
    teams: DEMO_SIZE.teams * factor,
    freeAgents: DEMO_SIZE.freeAgents * factor,
    roundsPerCompetition: SCALE_ROUNDS_PER_COMPETITION,
    snapshotSeasons: SCALE_SNAPSHOT_SEASONS,
    playerHistoryPerSeason: SCALE_PLAYER_HISTORY_PER_SEASON,
    logos: 'shared',
  };
}

/**
 * The largest part built in memory at once (about 1.4 GB while building). A bigger league is
 * built and written in parts of this factor (the last one smaller), so memory stays that of
 * about two parts (the last one not yet collected) however big the league.
 */
const SCALE_PART_FACTOR = 100;

/** The parts of a league of `factor`, built one at a time as they are taken. */
function* scaleParts(factor: number, partFactor: number, today: Date, log: ((line: string) => void) | undefined): Generator<LeagueRows> {
  const taken = { takenNames: new Set<string>(), takenSteamIds: new Set<string>() };
  for (let index = 0, left = factor; left > 0; index++, left -= partFactor) {
    const size = scaleSize(Math.min(partFactor, left));
    const part: LeaguePart | undefined = factor > partFactor ? { index, ...taken } : undefined;
    const started = Date.now();
    const league = buildLeague({ seed: SCALE_SEED, today, size, part });
    log?.(`Built ${part ? `part ${index + 1} (${size.teams.toLocaleString('en-US')} teams) ` : ''}in ${((Date.now() - started) / 1000).toFixed(1)} s; writing`);
    yield league;
  }
}

/**
 * Fills an empty database with a scale league in one transaction: multi-row inserts of up to
 * 1,000 rows, the big tables' indexes and foreign keys rebuilt once at the end. Past
 * `partFactor` (default SCALE_PART_FACTOR), the league is built and written in parts.
 */
export async function seedScale(
  db: Kysely<Database>,
  options: { factor: number; today?: Date; log?: (line: string) => void; partFactor?: number },
): Promise<SeedSummary> {
  const { factor, log, partFactor = SCALE_PART_FACTOR } = options;
  const size = scaleSize(factor);
  const started = Date.now();
  log?.(`Building a league of ${size.teams.toLocaleString('en-US')} teams (factor ${factor})`);
  const summary = await writeLeagueInParts(db, scaleParts(factor, partFactor, options.today ?? new Date(), log), { log, bulk: true });
  log?.(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return summary;
}
