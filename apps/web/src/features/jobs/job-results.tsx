import type {
  ImportMatchesOutput,
  JobKind,
  JobState,
  TeamEloCalculateOutput,
  TeamEloRecalculateOutput,
  UpdateMatchesOutput,
  UpdatePlayerEloOutput,
} from '@campus-elo/api-contract';
import { Text } from '@mantine/core';
import type { AppRouter } from '@campus-elo/server';
import type { inferRouterOutputs } from '@trpc/server';
import type { ReactNode } from 'react';
import { MESSAGES } from '../imports/wizard';

/** A job as the web app receives it (docs/contract.md, GET /v1/jobs/{id}/). */
export type Job = inferRouterOutputs<AppRouter>['admin']['jobs']['get'];

export const JOB_KIND_LABELS: Record<JobKind, string> = {
  import: 'Import Matches',
  update_matches: 'Update Matches',
  update_player_elo: 'Update Player ELO',
  calculate_team_elo: 'Calculate Team ELO',
  recalculate_elo: 'Recalculate All ELO',
};

export const JOB_STATE_LABELS: Record<JobState, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Still to end: shown with a moving bar, and polled. */
export const isActiveJob = (job: Pick<Job, 'state'>): boolean => job.state === 'queued' || job.state === 'running';

const lines = (...items: (string | false)[]) => (
  <>
    {items.filter(Boolean).map((line) => (
      <Text key={line as string} size="sm">
        {line}
      </Text>
    ))}
  </>
);

/**
 * What each tool's answer says, in the words its Control Panel card always used: one
 * place for the card's result and the Jobs tab's. `result` is the tool's own answer.
 */
const DESCRIBE: Record<JobKind, (result: never) => ReactNode> = {
  import: (r: ImportMatchesOutput) => lines(MESSAGES.imported(r.matches_imported), `Updated: ${r.matches_updated}`, `Skipped: ${r.matches_skipped}`),
  update_matches: (r: UpdateMatchesOutput) => lines(`Updated: ${r.updated_count}`, `Errors: ${r.error_count}`, `Total processed: ${r.total_processed}`),
  update_player_elo: (r: UpdatePlayerEloOutput) =>
    lines(`Updated players: ${r.updated_players}`, `Not found: ${r.not_found}`, r.failed > 0 && `Lookups failed: ${r.failed}`),
  calculate_team_elo: (r: TeamEloCalculateOutput) =>
    lines(`Updated teams: ${r.updated_teams}`, `Teams without enough players: ${r.teams_without_enough_players}`, `Total teams processed: ${r.total_teams_processed}`),
  recalculate_elo: (r: TeamEloRecalculateOutput) =>
    lines(`Processed: ${r.summary.processed_count}`, `Errors: ${r.summary.error_count}`, `Total ELO changes: ${r.total_elo_changes}`),
};

export function describeJobResult(kind: JobKind, result: unknown): ReactNode {
  return result === null || result === undefined ? null : DESCRIBE[kind](result as never);
}
