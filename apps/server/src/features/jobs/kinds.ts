import {
  importMatchesInput,
  teamEloCalculateInput,
  teamEloRecalculateInput,
  updateMatchesInput,
  updatePlayerEloInput,
  type JobKind,
} from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { ToolProgress } from '../../lib/tool-progress';
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
  /** Runs the tool, telling `progress` of each item (or step) and each failed item as it goes. */
  run(deps: JobDeps, input: z.output<Schema>, user: { id: string } | null, progress: ToolProgress): Promise<unknown>;
  /** Input fields never stored in the jobs table (secrets). */
  secretFields?: readonly string[];
}

const define = <Schema extends z.ZodType>(definition: JobKindDefinition<Schema>) => definition;

export const JOB_KINDS: Record<JobKind, JobKindDefinition<z.ZodType>> = {
  import: define({ input: importMatchesInput, access: 'staff', run: (deps, input, user, progress) => importMatches(deps.db, input, user, progress) }),
  update_matches: define({ input: updateMatchesInput, access: 'staff', run: (deps, input, user, progress) => updateMatches(deps, input, user, progress) }),
  update_player_elo: define({
    input: updatePlayerEloInput,
    access: 'staff',
    run: (deps, input, user, progress) => updatePlayerElo(deps, input, user, progress),
    secretFields: ['api_key'],
  }),
  calculate_team_elo: define({ input: teamEloCalculateInput, access: 'staff', run: (deps, input, user, progress) => calculateTeamElo(deps.db, input, user, progress) }),
  recalculate_elo: define({ input: teamEloRecalculateInput, access: 'owner', run: (deps, input, user, progress) => recalculateAllElo(deps.db, input, user, progress) }),
};
