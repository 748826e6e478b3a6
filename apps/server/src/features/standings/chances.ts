import type { StandingsChancesResult } from '@campus-elo/api-contract';
import { DATA_CHANGED_CHANNEL, type Database, type DatabaseHandle } from '@campus-elo/db';
import { chancesInputKey, DEFAULT_SIMULATION_RUNS, simulateChances } from '@campus-elo/domain';
import { sql, type Kysely } from 'kysely';
import type { ToolProgress } from '../../lib/tool-progress';
import type { JobQueue } from '../jobs/queue';
import { chancesInput, loadDivisions } from './queries';

type Db = Kysely<Database>;


/**
 * Simulates again the chances of every division whose inputs (teams and their Elo, results,
 * remaining matches, rule, lines) changed since its stored chances, and stores them; the
 * others are left as they are, so a run after an unrelated change writes nothing. The seed
 * is the inputs' key: the same inputs always give the same chances
 * (docs/decisions/0098-standings-chances-stored-by-a-job.md).
 */
export async function refreshDivisionChances(db: Db, progress: ToolProgress = {}, runs: number = DEFAULT_SIMULATION_RUNS): Promise<StandingsChancesResult> {
  const seasons = await db.selectFrom('divisions').select('season_id').distinct().execute();
  let divisions = 0;
  let simulated = 0;
  for (const [index, { season_id }] of seasons.entries()) {
    for (const division of await loadDivisions(db, season_id, null)) {
      divisions += 1;
      const input = chancesInput(division);
      const key = chancesInputKey(input);
      if (division.stored?.inputKey === key) continue;
      const chances = simulateChances(input, { runs, seed: key });
      const row = {
        input_key: key,
        runs: chances.runs,
        teams: JSON.stringify(chances.teams.map((t) => ({ team_id: t.teamId, lines: t.lines, places: t.places }))),
        stakes_line: chances.stakesLine,
        stakes: JSON.stringify(
          chances.stakes.map((s) => ({
            match_id: s.matchId,
            team1: { now: s.team1.now, win: s.team1.win, loss: s.team1.loss },
            team2: { now: s.team2.now, win: s.team2.win, loss: s.team2.loss },
          })),
        ),
        computed_at: new Date(),
      };
      // The division may have gone meanwhile: its row then goes nowhere.
      const exists = await db.selectFrom('divisions').select('id').where('id', '=', division.id).executeTakeFirst();
      if (!exists) continue;
      await db
        .insertInto('division_chances')
        .values({ division_id: division.id, ...row })
        .onConflict((oc) => oc.column('division_id').doUpdateSet(row))
        .execute();
      simulated += 1;
    }
    progress.onProgress?.(index + 1, seasons.length);
  }
  // Its own ended runs are kept a day only: one follows every burst of writes.
  await db
    .deleteFrom('jobs')
    .where('kind', '=', 'standings_chances')
    .where('state', 'in', ['done', 'failed', 'cancelled'])
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${JOB_RETENTION_HOURS})`)
    .execute();
  return { divisions, simulated };
}

const JOB_RETENTION_HOURS = 24;
/** Changes closer together than this share one queued refresh. */
const REFRESH_DELAY_MS = 2_000;
export const STANDINGS_CHANCES_COALESCE_KEY = 'standings-chances';

/**
 * Queues the chances refresh after data changes (a result, a schedule, a division edit: every
 * write notices `data_changed`): at most one waits at a time across replicas (its coalesce
 * key), and changes within REFRESH_DELAY_MS share it. A refresh that finds nothing changed
 * writes nothing, so its own write's notice ends there.
 */
export async function scheduleStandingsChances(
  db: Db,
  listen: DatabaseHandle['listen'],
  jobs: Pick<JobQueue, 'enqueue'>,
  log: { warn: (details: object, message: string) => void },
): Promise<{ stop: () => Promise<void> }> {
  let timer: NodeJS.Timeout | undefined;
  const queue = () => {
    timer = undefined;
    // A league without divisions has no chances to keep: no job.
    void (async () => {
      if (!(await db.selectFrom('divisions').select('id').limit(1).executeTakeFirst())) return;
      await jobs.enqueue('standings_chances', {}, null, { coalesceKey: STANDINGS_CHANCES_COALESCE_KEY });
    })().catch((error: unknown) => log.warn({ err: error }, 'standings chances not queued'));
  };
  const stopListening = await listen(DATA_CHANGED_CHANNEL, {
    onNotification: () => {
      timer ??= setTimeout(queue, REFRESH_DELAY_MS);
      timer.unref();
    },
    onListening: () => undefined,
    onError: (err) => log.warn({ err }, 'standings chances: lost the data change listener'),
  });
  // Chances missing or stale from before this start (a deploy, a seed) are brought up to date once.
  queue();
  return {
    stop: async () => {
      clearTimeout(timer);
      await stopListening();
    },
  };
}
