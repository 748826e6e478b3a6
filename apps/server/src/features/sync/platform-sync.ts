import { updateMatchesInput, type PlatformSyncResult, type SyncRunResult } from '@campus-elo/api-contract';
import type { Database, PlatformColumn } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config';
import type { JobQueue } from '../jobs/queue';
import { addMapDetails, pendingFaceitMapDetails, refreshFaceitMapDetails } from '../imports/faceit-map-details';
import { updateMatches } from '../imports/update-matches';
import { faceitClient } from '../imports/platforms/faceit-client';
import { PlatformError } from '../imports/platforms/http';
import { pruneChanges } from '../live/match-changes';

/** Any fixed number, distinct from the start-up lock: one sync run at a time across replicas. */
const SYNC_LOCK_KEY = 727_013;

/** The adaptive interval: short while a match is live or about to start, long otherwise. */
export const ACTIVE_SYNC_INTERVAL_SECONDS = 120;
export const IDLE_SYNC_INTERVAL_SECONDS = 1_800;
/** "About to start": a scheduled match dated up to this far ahead (or overdue by up to a day). */
const STARTS_SOON_MS = 60 * 60 * 1000;
const OVERDUE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A replica whose timer fires this much before the shared due time still runs (timers drift). */
const DUE_TOLERANCE_MS = 5_000;
/** A 429 without a Retry-After pauses the sync this long. */
const DEFAULT_RATE_LIMIT_PAUSE_MS = 60_000;
/**
 * A sync job still waiting for a worker holds back the next claim, so runs do not pile up
 * behind a long staff tool; one queued longer than this is taken as lost and holds back nothing.
 */
const QUEUED_SYNC_HOLD_MS = 60 * 60 * 1000;
/** Ended sync jobs are kept this long: a run every two minutes would otherwise fill the Jobs list for good. */
const SYNC_JOB_RETENTION_DAYS = 7;

export interface SyncDeps {
  db: Kysely<Database>;
  config: Config;
  /** PostgreSQL takes an advisory lock; the embedded engine is one process and needs none. */
  kind: 'postgres' | 'pglite';
}

type NotRun = Extract<SyncRunResult, { ran: false }>;

/** A platform is synced only with its key configured: without one, it is not called at all. */
function configuredPlatforms(config: Config): PlatformColumn[] {
  const platforms: PlatformColumn[] = [];
  if (config.faceit.apiKey) platforms.push('faceit');
  if (config.leaguespot.apiKey) platforms.push('leaguespot');
  return platforms;
}

/** The seconds until the next run: the configured number, or by whether a match is live or near. */
export async function syncIntervalSeconds(db: Kysely<Database>, config: Config, now = new Date()): Promise<number | undefined> {
  if (config.syncInterval === 'off') return undefined;
  if (typeof config.syncInterval === 'number') return config.syncInterval;
  const active = await db
    .selectFrom('matches')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('status', '=', 'in_progress'),
        eb.and([
          eb('status', '=', 'scheduled'),
          eb('date', '<=', new Date(now.getTime() + STARTS_SOON_MS)),
          eb('date', '>=', new Date(now.getTime() - OVERDUE_WINDOW_MS)),
        ]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return active ? ACTIVE_SYNC_INTERVAL_SECONDS : IDLE_SYNC_INTERVAL_SECONDS;
}

/** Runs `work` holding the sync lock, or answers undefined when another replica holds it. */
async function withSyncLock<T>(deps: SyncDeps, work: () => Promise<T>): Promise<T | undefined> {
  if (deps.kind === 'pglite') return work();
  // A session lock on one held connection; the work itself uses the pool. A connection that
  // dies releases the lock with it.
  return deps.db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${SYNC_LOCK_KEY}) AS locked`.execute(connection);
    if (!rows[0]?.locked) return undefined;
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${SYNC_LOCK_KEY})`.execute(connection);
    }
  });
}

/**
 * Claims the run that is due, if one is: a single conditional UPDATE of the shared row, so
 * of the replicas whose timers fire together exactly one gets it. Not due while a platform's
 * 429 pause lasts, or while a sync job waits in the queue. Answers why not, or undefined
 * when this caller now owns the run.
 */
async function claimDueRun(deps: SyncDeps, now: Date): Promise<NotRun | undefined> {
  const interval = await syncIntervalSeconds(deps.db, deps.config, now);
  if (interval === undefined) return { ran: false, reason: 'off' };
  const dueSince = new Date(now.getTime() - interval * 1000 + DUE_TOLERANCE_MS);
  const claimed = await deps.db
    .updateTable('platform_sync')
    .set({ last_started_at: now })
    .where((eb) => eb.or([eb('not_before', 'is', null), eb('not_before', '<=', now)]))
    .where((eb) => eb.or([eb('last_started_at', 'is', null), eb('last_started_at', '<=', dueSince)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('jobs')
            .select('jobs.id')
            .where('jobs.kind', '=', 'sync')
            .where('jobs.state', '=', 'queued')
            .where('jobs.created_at', '>', new Date(now.getTime() - QUEUED_SYNC_HOLD_MS)),
        ),
      ),
    )
    .returning('last_started_at')
    .executeTakeFirst();
  if (claimed) return undefined;
  const state = await deps.db.selectFrom('platform_sync').select('not_before').executeTakeFirst();
  return { ran: false, reason: state?.not_before && state.not_before > now ? 'rate_limited' : 'not_due' };
}

/**
 * A claimed sync run (a `sync` job's body): every scheduled and in-progress match (Update
 * Matches' auto-detect: dated up to a week ahead, overdue ones included) of each platform
 * with a key is refreshed through Update Matches, which settles the Elo ledger (a result
 * moves Elo once) and keeps whatever rules it has about which results it may overwrite. Only
 * matches that changed are written. Completed FACEIT matches of the last two weeks still
 * without player lines (FACEIT's stats were not ready) are asked for their maps again. Runs
 * under the sync lock, so never beside another replica's run; a 429 pauses every replica's
 * sync until the Retry-After has passed.
 */
export async function syncPlatforms(deps: SyncDeps, now = new Date()): Promise<SyncRunResult> {
  const result = await withSyncLock(deps, async (): Promise<SyncRunResult> => {
    const state = await deps.db.selectFrom('platform_sync').select('not_before').executeTakeFirst();
    if (state?.not_before && state.not_before > now) return { ran: false, reason: 'rate_limited' };

    let pauseMs = 0;
    const platforms: PlatformSyncResult[] = [];
    for (const platform of ['faceit', 'leaguespot'] as const) {
      if (!configuredPlatforms(deps.config).includes(platform)) {
        platforms.push({ platform, skipped: 'no_api_key' });
        continue;
      }
      let rateLimited = false;
      const onFetchFailure = (error: unknown) => {
        if (!(error instanceof PlatformError) || error.failure !== 'rate_limited') return;
        rateLimited = true;
        pauseMs = Math.max(pauseMs, error.retryAfterMs ?? DEFAULT_RATE_LIMIT_PAUSE_MS);
      };
      // Finished FACEIT matches whose stats were not ready last time are asked again first
      // (those finishing in this run get theirs through Update Matches just below).
      const pending = platform === 'faceit' ? await pendingFaceitMapDetails(deps.db, now) : [];
      const earlier = pending.length > 0 ? await refreshFaceitMapDetails(deps.db, faceitClient(deps.config), pending, { onFetchFailure }) : undefined;
      const answer = await updateMatches(deps, updateMatchesInput.parse({ platform, only_changed: true }), null, { now, onFetchFailure });
      const mapDetails = earlier && answer.map_details ? addMapDetails(earlier, answer.map_details) : (earlier ?? answer.map_details);
      platforms.push({
        platform,
        updated: answer.updated_count,
        checked: answer.total_processed,
        errors: answer.error_count,
        rate_limited: rateLimited,
        ...(mapDetails ? { map_details: mapDetails } : {}),
      });
    }

    const notBefore = pauseMs > 0 ? new Date(Date.now() + pauseMs) : null;
    await deps.db
      .updateTable('platform_sync')
      .set({ last_finished_at: new Date(), not_before: notBefore, last_result: JSON.stringify(platforms) })
      .execute();
    // The live stream's change log is pruned here too, so it stays short with no stream open.
    await pruneChanges(deps.db);
    await deps.db
      .deleteFrom('jobs')
      .where('kind', '=', 'sync')
      .where('state', 'in', ['done', 'failed', 'cancelled'])
      .where('created_at', '<', sql<Date>`now() - make_interval(days => ${SYNC_JOB_RETENTION_DAYS})`)
      .execute();
    return { ran: true, platforms, not_before: notBefore?.toISOString() ?? null };
  });
  return result ?? { ran: false, reason: 'running_elsewhere' };
}

/** One sync run in this process, if due (a process without a job queue, and the tests). */
export async function runPlatformSync(deps: SyncDeps, now = new Date()): Promise<SyncRunResult> {
  return (await claimDueRun(deps, now)) ?? syncPlatforms(deps, now);
}

interface Logger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface PlatformSyncSchedule {
  stop(): Promise<void>;
}

/**
 * The sync's timer in this process (every replica has one; the claim in the shared row makes
 * one of them run per interval). With a job queue, the claimed run is queued as a `sync` job
 * (created by nobody: the Jobs list shows it as scheduled) and runs on whichever replica's
 * worker takes it; without one, or with no platform key set, it runs here. A failed run
 * (database away, a platform down) is logged and the timer goes on: nothing ends the process.
 */
export function schedulePlatformSync(deps: SyncDeps & { jobs?: Pick<JobQueue, 'enqueue'> }, log: Logger): PlatformSyncSchedule {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = (seconds: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(() => (running = undefined));
    }, seconds * 1000);
    timer.unref();
  };

  const tick = async () => {
    try {
      // With no platform key a run fetches nothing (it only records and prunes): no job for the Jobs list.
      if (deps.jobs && configuredPlatforms(deps.config).length > 0) {
        // A queueing that fails after the claim loses this interval's run; the next tick claims again.
        if (!(await claimDueRun(deps, new Date()))) log.info({ jobId: await deps.jobs.enqueue('sync', {}, null) }, 'platform sync queued');
      } else {
        const result = await runPlatformSync(deps);
        if (result.ran) log.info({ platforms: result.platforms, notBefore: result.not_before }, 'platform sync ran');
      }
    } catch (error) {
      log.warn({ err: error }, 'platform sync failed; trying again later');
    }
    let next: number | undefined = ACTIVE_SYNC_INTERVAL_SECONDS;
    try {
      next = await syncIntervalSeconds(deps.db, deps.config);
    } catch {
      // Database away: look again after the short interval.
    }
    if (next !== undefined) schedule(next);
  };

  if (deps.config.syncInterval !== 'off') {
    // The first run soon after start: a replica that was down may have missed results.
    schedule(typeof deps.config.syncInterval === 'number' ? Math.min(deps.config.syncInterval, 10) : 10);
  }
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
