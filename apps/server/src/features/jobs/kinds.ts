import {
  importMatchesInput,
  ratingEvaluateInput,
  teamEloCalculateInput,
  teamEloRecalculateInput,
  updateMatchesInput,
  updatePlayerEloInput,
  type JobKind,
  type SyncRunResult,
} from '@campus-elo/api-contract';
import type { Database, DatabaseHandle } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../config';
import { upstreamFailed } from '../../lib/errors';
import type { ToolProgress } from '../../lib/tool-progress';
import { recalculateAllElo } from '../elo/recalculate';
import { calculateTeamElo } from '../elo/team-elo-calculate';
import { importMatches } from '../imports/import-matches';
import { updateMatches } from '../imports/update-matches';
import { updatePlayerElo } from '../imports/update-player-elo';
import { evaluateRatings } from '../ratings/figures';
import { refreshDivisionChances } from '../standings/chances';
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
  /** Runs the tool, telling `progress` of each item (or step) and each failed item as it goes. */
  run(deps: JobDeps, input: z.output<Schema>, user: { id: string } | null, progress: ToolProgress): Promise<unknown>;
  /** Input fields never stored in the jobs table (secrets). */
  secretFields?: readonly string[];
}

const define = <Schema extends z.ZodType>(definition: JobKindDefinition<Schema>) => definition;

export const JOB_KINDS: Record<JobKind, JobKindDefinition<z.ZodType>> = {
  import: define({ input: importMatchesInput, access: 'staff', run: (deps, input, user, progress) => importMatches(deps, input, user, progress) }),
  update_matches: define({
    input: updateMatchesInput,
    access: 'staff',
    async run(deps, input, user, progress) {
      const answer = await updateMatches(deps, input, user, progress);
      // The server's own refresh (a webhook's) that could fetch nothing (the platform is down)
      // fails, so the queue tries again later; staff see their run's failed items instead.
      if (user === null && answer.total_processed > 0 && answer.error_count === answer.total_processed) {
        throw upstreamFailed(`None of the ${answer.total_processed} matches could be fetched: ${answer.failures[0]?.reason ?? 'no answer'}`);
      }
      return answer;
    },
  }),
  update_player_elo: define({
    input: updatePlayerEloInput,
    access: 'staff',
    run: (deps, input, user, progress) => updatePlayerElo(deps, input, user, progress),
    secretFields: ['api_key'],
  }),
  calculate_team_elo: define({ input: teamEloCalculateInput, access: 'staff', run: (deps, input, user, progress) => calculateTeamElo(deps.db, input, user, progress) }),
  recalculate_elo: define({ input: teamEloRecalculateInput, access: 'owner', run: (deps, input, user, progress) => recalculateAllElo(deps.db, input, user, progress) }),
  evaluate_ratings: define({ input: ratingEvaluateInput, access: 'owner', run: (deps, input, _user, progress) => evaluateRatings(deps.db, input, progress) }),
  sync: define({
    input: z.object({}),
    access: 'server',
    // The timer claimed this run in platform_sync before queueing it (features/sync/platform-sync.ts).
    async run(deps, _input, _user, progress) {
      const result: SyncRunResult = await syncPlatforms(deps);
      const platforms = result.ran ? result.platforms : [];
      progress.onProgress?.(platforms.length, platforms.length);
      for (const p of platforms) {
        if ('errors' in p && p.errors > 0) {
          progress.onItemFailed?.(p.platform, `${p.errors} of ${p.checked} matches could not be fetched${p.rate_limited ? ' (rate limited)' : ''}`);
        }
      }
      return result;
    },
  }),
  // Queued by the server after data changes (features/standings/chances.ts).
  standings_chances: define({ input: z.object({}), access: 'server', run: (deps, _input, _user, progress) => refreshDivisionChances(deps.db, progress) }),
};
