import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getQueryKey } from '@trpc/react-query';
import { describe, expect, it } from 'vitest';
import { trpc } from '../../lib/trpc';
import { never, paged, renderWithProviders } from '../common/testing';
import { JOBS_LIST_POLL_MS, JobsTab } from './JobsTab';
import { fakeJob } from './testing';

const done = fakeJob({
  kind: 'update_matches',
  result: { message: 'ok', updated_count: 3, error_count: 1, total_processed: 4 },
  progress: { done: 1, total: 1, errors: 1 },
});
const failed = fakeJob({
  kind: 'import',
  state: 'failed',
  errors: [{ item: 'match m-7', reason: 'Team not found' }],
  progress: { done: 1, total: 1, errors: 1 },
  created_by: null,
});
const queued = fakeJob({ kind: 'recalculate_elo', state: 'queued', progress: { done: 0, total: 1, errors: 0 }, finished_at: null });

/** The list query's refetch interval as React Query works it out now. */
function listInterval(queryClient: ReturnType<typeof renderWithProviders>['queryClient']) {
  const query = queryClient.getQueryCache().find({ queryKey: getQueryKey(trpc.admin.jobs.list, undefined, 'query'), exact: false });
  const interval = query?.observers[0]?.options.refetchInterval;
  return typeof interval === 'function' ? interval(query as never) : interval;
}

describe('Jobs tab', () => {
  it('lists recent jobs with their state, progress, who started them and when, and their details on request', async () => {
    const user = userEvent.setup();
    renderWithProviders(<JobsTab />, { api: { 'admin.jobs.list': () => paged([queued, done, failed]) } });
    const table = await screen.findByRole('table', { name: 'Recent jobs' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Recalculate All Elo', 'Update Matches', 'Import Matches']);
    // Done with a failed item: said so, and not green (one rule: outcomeColour).
    const state = within(rows[1]!).getByText('Done, 1 failed');
    expect(state.closest('.mantine-Badge-root')?.getAttribute('style') ?? '').not.toContain('green');
    expect(rows[1]?.textContent).toContain('1 of 1 match done, 1 failed');
    expect(rows[1]?.textContent).toContain('admin@example.test');
    expect(rows[2]?.textContent).toContain('The server');

    await user.click(within(rows[1]!).getByRole('button', { name: /^Show details of Update Matches/ }));
    expect(await screen.findByText('Updated: 3')).toBeTruthy();
    expect(screen.getByText('Errors: 1')).toBeTruthy();
    await user.click(within(rows[2]!).getByRole('button', { name: /^Show details of Import Matches/ }));
    expect(await screen.findByText('match m-7: Team not found')).toBeTruthy();
  });

  it("shows a run of the scheduled sync as started by the schedule, with each platform's part", async () => {
    const user = userEvent.setup();
    const sync = fakeJob({
      kind: 'sync',
      created_by: null,
      progress: { done: 1, total: 1, errors: 2 },
      errors: [{ item: 'faceit', reason: '2 of 5 matches could not be fetched' }],
      result: {
        ran: true,
        platforms: [
          { platform: 'faceit', updated: 1, checked: 5, errors: 2, rate_limited: false, map_details: { saved: 1, not_yet: 2, failed: 0 } },
          { platform: 'leaguespot', skipped: 'no_api_key' },
        ],
        not_before: null,
      },
    });
    const skipped = fakeJob({ kind: 'sync', created_by: null, result: { ran: false, reason: 'running_elsewhere' } });
    renderWithProviders(<JobsTab />, { api: { 'admin.jobs.list': () => paged([sync, skipped]) } });
    const table = await screen.findByRole('table', { name: 'Recent jobs' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell')[0]?.textContent).toBe('Scheduled Sync');
    expect(within(rows[0]!).getAllByRole('cell')[3]?.textContent).toBe('Schedule');
    await user.click(within(rows[0]!).getByRole('button', { name: /^Show details of Scheduled Sync/ }));
    expect(
      await screen.findByText(
        'Faceit: updated 1 of 5 checked, 2 errors. Map details saved for 1 match. Map stats not yet available for 2 matches; the next sync tries again.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Leaguespot: skipped (no API key)')).toBeTruthy();
    expect(screen.getByText('faceit: 2 of 5 matches could not be fetched')).toBeTruthy();
    await user.click(within(rows[1]!).getByRole('button', { name: /^Show details of Scheduled Sync/ }));
    expect(await screen.findByText('Not run: another run was still going')).toBeTruthy();
  });

  it('cancels a queued job and reads the list again; only jobs that have not ended offer it', async () => {
    const user = userEvent.setup();
    let current = queued;
    const cancelled: string[] = [];
    renderWithProviders(<JobsTab />, {
      api: {
        'admin.jobs.list': () => paged([current, done]),
        'admin.jobs.cancel': ({ id }: { id: string }) => {
          cancelled.push(id);
          current = { ...queued, state: 'cancelled', finished_at: '2026-11-22T20:01:00.000Z' };
          return current;
        },
      },
    });
    const cancel = await screen.findByRole('button', { name: /^Cancel Recalculate All Elo/ });
    expect(screen.getAllByRole('button', { name: /^Cancel/ })).toHaveLength(1);
    await user.click(cancel);
    await screen.findByText('Cancelled');
    expect(cancelled).toEqual([queued.id]);
    expect(screen.queryByRole('button', { name: /^Cancel/ })).toBeNull();
  });

  it('asks a running job to stop, showing Cancelling… until it has', async () => {
    const user = userEvent.setup();
    const running = fakeJob({ kind: 'update_player_elo', state: 'running', progress: { done: 4, total: 40, errors: 0 }, finished_at: null });
    let current = running;
    renderWithProviders(<JobsTab />, {
      api: {
        'admin.jobs.list': () => paged([current]),
        'admin.jobs.cancel': () => (current = { ...running, cancel_requested_at: '2026-11-22T20:00:30.000Z' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Cancel Update Player Elo/ }));
    const cancelling = await screen.findByRole('button', { name: /^Cancelling Update Player Elo/ });
    expect(cancelling.textContent).toBe('Cancelling…');
    expect(screen.getByText('Running')).toBeTruthy();
  });

  it('reads the list again every 2 s while a job has not ended, and stops when all have', async () => {
    let jobs = [queued, done];
    const { queryClient } = renderWithProviders(<JobsTab />, { api: { 'admin.jobs.list': () => paged(jobs) } });
    await screen.findByRole('table', { name: 'Recent jobs' });
    await waitFor(() => expect(listInterval(queryClient)).toBe(JOBS_LIST_POLL_MS));
    jobs = [{ ...queued, state: 'done', result: { summary: { processed_count: 1, error_count: 0 }, total_elo_changes: 1 } }, done];
    await queryClient.invalidateQueries();
    await waitFor(() => expect(screen.queryByText('Queued')).toBeNull());
    expect(listInterval(queryClient)).toBe(false);
  });

  it('says so when there are no jobs, and when they cannot be loaded', async () => {
    const first = renderWithProviders(<JobsTab />, { api: { 'admin.jobs.list': () => paged([]) } });
    expect(await screen.findByText('No jobs yet. Long Control Panel tools, imports and the scheduled sync run here.')).toBeTruthy();
    first.unmount();
    renderWithProviders(<JobsTab />, {
      api: {
        'admin.jobs.list': () => {
          throw new Error('Internal server error');
        },
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Unable to load the jobs.');
  });

  it('shows a spinner while loading', async () => {
    renderWithProviders(<JobsTab />, { api: { 'admin.jobs.list': never } });
    expect(await screen.findByRole('status', { name: 'Loading jobs' })).toBeTruthy();
  });
});
