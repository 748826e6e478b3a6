import {
  importMatchesInput,
  teamEloCalculateInput,
  teamEloRecalculateInput,
  updateMatchesInput,
  updatePlayerEloInput,
  type JobKind,
  type UpdateMatchesOutput,
  type UpdatePlayerEloOutput,
} from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config';
import { recalculateAllElo } from '../elo/recalculate';
import { calculateTeamElo } from '../elo/team-elo-calculate';
import { importMatches } from '../imports/import-matches';
import { updateMatches } from '../imports/update-matches';
import { updatePlayerElo } from '../imports/update-player-elo';

export interface JobDeps {
  db: Kysely<Database>;
  config: Config;
}

/** A tool that can run as a job: the same input schema and function as its endpoint. */
interface JobKindDefinition<Schema extends z.ZodType> {
  input: Schema;
  /** Who may start it, as its endpoint's guard says. */
  access: 'staff' | 'owner';
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
    run: (deps, input, user) => updateMatches(deps, input, user),
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
};
