import type {
  ImportMatchesOutput,
  JobKind,
  JobState,
  PlatformSyncResult,
  RatingEvaluateOutput,
  StandingsChancesResult,
  SyncRunResult,
  TeamEloCalculateOutput,
  TeamEloRecalculateOutput,
  UpdateMatchesOutput,
  UpdatePlayerEloOutput,
} from '@campus-elo/api-contract';
import { Text } from '@mantine/core';
import type { AppRouter } from '@campus-elo/server';
import type { inferRouterOutputs } from '@trpc/server';
import type { ReactNode } from 'react';
import { formatDateTime, browserTimeZone } from '../common/format';
import { outcomeColour } from '../admin-shell/outcome';
import { importSummary, mapDetailsLines, PLATFORM_NAMES } from '../imports/wizard';

/** A job as the web app receives it (docs/contract.md, GET /v1/jobs/{id}/). */
export type Job = inferRouterOutputs<AppRouter>['admin']['jobs']['get'];

export const JOB_KIND_LABELS: Record<JobKind, string> = {
  import: 'Import Matches',
  update_matches: 'Update Matches',
  update_player_elo: 'Update Player Elo',
  calculate_team_elo: 'Calculate Team Elo',
  recalculate_elo: 'Recalculate All Elo',
  evaluate_ratings: 'Evaluate Ratings',
  sync: 'Scheduled Sync',
  standings_chances: 'Playoff Chances',
};

/** Who started a job: a staff member, the sync's schedule, or the server itself (a FACEIT webhook's refresh). */
export const startedBy = (job: Pick<Job, 'kind' | 'created_by'>): string => job.created_by?.email ?? (job.kind === 'sync' ? 'Schedule' : 'The server');

export const JOB_STATE_LABELS: Record<JobState, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** What a job's progress counts, so '4 of 4' says of what. */
export const JOB_PROGRESS_UNITS: Record<JobKind, string> = {
  import: 'step',
  update_matches: 'match',
  update_player_elo: 'player',
  calculate_team_elo: 'step',
  recalculate_elo: 'step',
  evaluate_ratings: 'step',
  sync: 'platform',
  standings_chances: 'season',
};

/** A job's state as the Jobs tab shows it: a done job with failed items says so, and is not green (outcomeColour). */
export function jobStateBadge(job: Pick<Job, 'state' | 'progress'>): { label: string; color: string } {
  const { done, errors } = job.progress;
  if (job.state === 'done') return { label: errors > 0 ? `Done, ${errors} failed` : 'Done', color: outcomeColour({ failed: errors, succeeded: done - errors }) };
  return { label: JOB_STATE_LABELS[job.state], color: STATE_COLORS[job.state] };
}

const STATE_COLORS: Record<Exclude<JobState, 'done'>, string> = { queued: 'gray', running: 'blue', failed: 'red', cancelled: 'gray' };

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

const SYNC_NOT_RUN: Record<Extract<SyncRunResult, { ran: false }>['reason'], string> = {
  off: 'Not run: the sync is turned off',
  not_due: 'Not run: not due yet',
  running_elsewhere: 'Not run: another run was still going',
  rate_limited: 'Not run: a platform asked us to wait (429)',
};

const describeSyncPlatform = (p: PlatformSyncResult) =>
  'skipped' in p
    ? `${PLATFORM_NAMES[p.platform]}: skipped (no API key)`
    : [
        `${PLATFORM_NAMES[p.platform]}: updated ${p.updated} of ${p.checked} checked, ${p.errors} errors${p.rate_limited ? ', rate limited' : ''}${p.map_details ? '.' : ''}`,
        ...mapDetailsLines(p.map_details),
      ].join(' ');

/**
 * What each tool's answer says, in the words its Control Panel card always used: one
 * place for the card's result and the Jobs tab's. `result` is the tool's own answer.
 */
const DESCRIBE: Record<JobKind, (result: never) => ReactNode> = {
  import: (r: ImportMatchesOutput) => lines(...importSummary(r)),
  update_matches: (r: UpdateMatchesOutput) =>
    lines(`Updated: ${r.updated_count}`, `Errors: ${r.error_count}`, `Total processed: ${r.total_processed}`, ...mapDetailsLines(r.map_details)),
  update_player_elo: (r: UpdatePlayerEloOutput) =>
    lines(`Updated players: ${r.updated_players}`, `Not found on Faceit: ${r.not_found}`, r.failed > 0 && `Lookups failed: ${r.failed}`),
  calculate_team_elo: (r: TeamEloCalculateOutput) =>
    lines(`Updated teams: ${r.updated_teams}`, `Teams without enough players: ${r.teams_without_enough_players}`, `Total teams processed: ${r.total_teams_processed}`),
  recalculate_elo: (r: TeamEloRecalculateOutput) =>
    lines(`Processed: ${r.summary.processed_count}`, `Errors: ${r.summary.error_count}`, `Total Elo changes: ${r.total_elo_changes}`),
  evaluate_ratings: (r: RatingEvaluateOutput) =>
    lines(
      `Rated matches: ${r.scopes[0]?.matches ?? 0}`,
      ...r.settings.map((s, i) => `${s.system === 'elo' ? `Elo K ${s.k}, scale ${s.scale}` : `Glicko-2 tau ${s.tau}`}: Brier ${r.scopes[0]?.results[i]?.brier?.toFixed(4) ?? '-'}`),
    ),
  sync: (r: SyncRunResult) =>
    r.ran ? lines(...r.platforms.map(describeSyncPlatform), r.not_before !== null && `Paused until ${formatDateTime(r.not_before, browserTimeZone())}`) : lines(SYNC_NOT_RUN[r.reason]),
  standings_chances: (r: StandingsChancesResult) => lines(`Divisions simulated: ${r.simulated} of ${r.divisions}`),
};

export function describeJobResult(kind: JobKind, result: unknown): ReactNode {
  return result === null || result === undefined ? null : DESCRIBE[kind](result as never);
}
