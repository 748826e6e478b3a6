import {
  importMatchesInput,
  teamEloCalculateInput,
  teamEloRecalculateInput,
  updateMatchesInput,
  updatePlayerEloInput,
  type JobKind,
  type SyncRunResult,
  type UpdateMatchesOutput,
  type UpdatePlayerEloOutput,
} from '@campus-elo/api-contract';
import type { Database, DatabaseHandle } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../config';
import { upstreamFailed } from '../../lib/errors';
import { recalculateAllElo } from '../elo/recalculate';
import { calculateTeamElo } from '../elo/team-elo-calculate';
import { importMatches } from '../imports/import-matches';
import { updateMatches } from '../imports/update-matches';
import { updatePlayerElo } from '../imports/update-player-elo';
import { syncPlatforms } from '../sync/platform-sync';

export interface JobDeps {
  db: Kysely<Database>;
  config: Config;
  /** The scheduled sync's lock depends on the engine (features/sync/platform-sync.ts). */
  kind: DatabaseHandle['kind'];
}

/** A tool that can run as a job: the same input schema and function as its endpoint. */
interface JobKindDefinition<Schema extends z.ZodType> {
  input: Schema;
  /** Who may start it, as its endpoint's guard says; 'server': only the server queues it (admin.jobs.start refuses the kind). */
  access: 'staff' | 'owner' | 'server';
  run(deps: JobDeps, input: z.output<Schema>, user: { id: string } | null): Promise<unknown>;
  /** Failed items the tool's answer reports. */
  errorCount?(result: never): number;
  /** Those items, each named and with its reason: the job's `errors` list. */
  failedItems?(result: never): { item: string; reason: string }[];
  /** Input fields never stored in the jobs table (secrets). */
  secretFields?: readonly string[];
}

const define = <Schema extends z.ZodType>(definition: JobKindDefinition<Schema>) => definition;

export const JOB_KINDS: Record<JobKind, JobKindDefinition<z.ZodType>> = {
  import: define({ input: importMatchesInput, access: 'staff', run: (deps, input, user) => importMatches(deps.db, input, user) }),
  update_matches: define({
    input: updateMatchesInput,
    access: 'staff',
    async run(deps, input, user) {
      const answer = await updateMatches(deps, input, user);
      // Nothing could be fetched (the platform is down): the job fails, so the queue tries again later.
      if (answer.total_processed > 0 && answer.error_count === answer.total_processed) {
        throw upstreamFailed(`None of the ${answer.total_processed} matches could be fetched: ${answer.failures[0]?.reason ?? 'no answer'}`);
      }
      return answer;
    },
    errorCount: (result: { error_count: number }) => result.error_count,
    failedItems: (result: UpdateMatchesOutput) =>
      result.failures.map((failure) => ({ item: `Match ${failure.external_id} (${failure.platform})`, reason: failure.reason })),
  }),
  update_player_elo: define({
    input: updatePlayerEloInput,
    access: 'staff',
    run: (deps, input, user) => updatePlayerElo(deps, input, user),
    errorCount: (result: { failed: number }) => result.failed,
    failedItems: (result: UpdatePlayerEloOutput) => result.failures.map((failure) => ({ item: failure.player_name, reason: failure.reason })),
    secretFields: ['api_key'],
  }),
  calculate_team_elo: define({ input: teamEloCalculateInput, access: 'staff', run: (deps, input, user) => calculateTeamElo(deps.db, input, user) }),
  recalculate_elo: define({ input: teamEloRecalculateInput, access: 'owner', run: (deps, input, user) => recalculateAllElo(deps.db, input, user) }),
  sync: define({
    input: z.object({}),
    access: 'server',
    // The timer claimed this run in platform_sync before queueing it (features/sync/platform-sync.ts).
    run: (deps) => syncPlatforms(deps),
    errorCount: (result: SyncRunResult) => (result.ran ? result.platforms.reduce((sum, p) => sum + ('errors' in p ? p.errors : 0), 0) : 0),
    failedItems: (result: SyncRunResult) =>
      result.ran
        ? result.platforms.flatMap((p) =>
            'errors' in p && p.errors > 0 ? [{ item: p.platform, reason: `${p.errors} of ${p.checked} matches could not be fetched${p.rate_limited ? ' (rate limited)' : ''}` }] : [],
          )
        : [],
  }),
};
