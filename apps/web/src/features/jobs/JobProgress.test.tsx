import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../admin-shell';
import { renderWithProviders, type FakeProcedure } from '../common/testing';
import { useCurrentSeason } from '../common/useCurrentSeason';
import { CalculateTeamEloAction } from '../control-panel/EloActions';
import { UpdateMatchesAction } from '../imports/control-panel-actions';
import type { Job } from './job-results';
import { fakeJob } from './testing';

beforeEach(() => localStorage.clear());

/** A job the test moves along by hand; the card reads it as the server would answer. */
function controlledJob(initial: Partial<Job>) {
  let job = fakeJob({ kind: 'calculate_team_elo', state: 'queued', progress: { done: 0, total: 1, errors: 0 }, finished_at: null, ...initial });
  const cancelled: string[] = [];
  const api: Record<string, FakeProcedure> = {
    'admin.jobs.start': () => ({ job_id: job.id }),
    'admin.jobs.get': () => job,
    // As the server does: a queued job ends at once, a running one is asked to stop.
    'admin.jobs.cancel': ({ id }: { id: string }) => {
      cancelled.push(id);
      job = job.state === 'queued' ? { ...job, state: 'cancelled', finished_at: '2026-11-22T20:01:00.000Z' } : { ...job, cancel_requested_at: '2026-11-22T20:00:30.000Z' };
      return job;
    },
  };
  return { api, cancelled, set: (changes: Partial<Job>) => (job = { ...job, ...changes }) };
}

const renderCard = (api: Record<string, FakeProcedure>) =>
  renderWithProviders(
    <ConfirmProvider>
      <CalculateTeamEloAction />
    </ConfirmProvider>,
    { api },
  );

async function startCalculation() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Calculate Team Elo' }));
  await user.click(await screen.findByRole('button', { name: 'Confirm' }));
  return user;
}

describe('a Control Panel tool run as a job', () => {
  it('shows the progress bar and counts while it runs, then the result, and keeps the button off meanwhile', async () => {
    const job = controlledJob({ state: 'running' });
    renderCard(job.api);
    await startCalculation();
    const panel = await screen.findByRole('group', { name: 'Calculate Team Elo job' });
    expect(panel.querySelector('[data-job-state]')?.textContent).toBe('Running — it goes on if you leave this page');
    expect(within(panel).getByRole('progressbar', { name: 'Calculate Team Elo: 0 of 1 step done' })).toBeTruthy();
    expect(panel.textContent).toContain('0 of 1 step done');
    expect((screen.getByRole('button', { name: 'Calculate Team Elo' }) as HTMLButtonElement).disabled).toBe(true);

    // The card asks again every second until the job ends.
    job.set({ state: 'done', progress: { done: 1, total: 1, errors: 0 }, result: { updated_teams: 5, teams_without_enough_players: 1, total_teams_processed: 6, elo_changes: [], elo_run_id: null } });
    expect(await screen.findByText('Updated teams: 5', {}, { timeout: 5_000 })).toBeTruthy();
    expect(panel.textContent).toContain('1 of 1 step done');
    expect((screen.getByRole('button', { name: 'Calculate Team Elo' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the last job again when the page is opened anew, since the job ran on without it', async () => {
    const job = controlledJob({ state: 'running' });
    const first = renderCard(job.api);
    await startCalculation();
    await screen.findByRole('group', { name: 'Calculate Team Elo job' });
    first.unmount();

    job.set({ state: 'done', progress: { done: 1, total: 1, errors: 0 }, result: { updated_teams: 2, teams_without_enough_players: 0, total_teams_processed: 2, elo_changes: [], elo_run_id: null } });
    renderCard(job.api);
    expect(await screen.findByText('Updated teams: 2')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Calculate Team Elo job' })).toBeNull());
    expect(localStorage.length).toBe(0);
  });

  it('cancels a queued job from the card', async () => {
    const job = controlledJob({ state: 'queued' });
    renderCard(job.api);
    const user = await startCalculation();
    const panel = await screen.findByRole('group', { name: 'Calculate Team Elo job' });
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(panel.querySelector('[data-job-state]')?.textContent).toBe('Cancelled'));
    expect(job.cancelled).toHaveLength(1);
  });

  it('cancels a running job from the keyboard, saying Cancelling… until it has stopped', async () => {
    const job = controlledJob({ state: 'running', progress: { done: 1, total: 3, errors: 0 } });
    renderCard(job.api);
    const user = await startCalculation();
    const panel = await screen.findByRole('group', { name: 'Calculate Team Elo job' });
    const cancel = within(panel).getByRole('button', { name: 'Cancel' });
    cancel.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(cancel.textContent).toBe('Cancelling…'));
    expect(cancel.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(cancel);
    // A second press asks nothing more.
    await user.keyboard('{Enter}');
    expect(job.cancelled).toHaveLength(1);

    job.set({ state: 'cancelled', finished_at: '2026-11-22T20:01:00.000Z', errors: [{ item: null, reason: 'Cancelled while running; nothing was saved.' }] });
    await waitFor(() => expect(panel.querySelector('[data-job-state]')?.textContent).toBe('Cancelled'), { timeout: 5_000 });
    expect(panel.textContent).toContain('Cancelled while running; nothing was saved.');
    expect(within(panel).queryByRole('button', { name: /^Cancel/ })).toBeNull();
  });

  it('lists the failed items with the tool’s error text when the job failed', async () => {
    const job = controlledJob({ state: 'failed', errors: [{ item: null, reason: 'The database is unavailable' }], progress: { done: 1, total: 1, errors: 1 } });
    renderCard(job.api);
    await startCalculation();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('There was an error calculating team Elo values.');
    expect(alert.textContent).toContain('The database is unavailable');
  });

  it('shows what a job cancelled part way saved, says so, and reads the league data again', async () => {
    const job = controlledJob({ kind: 'update_matches', state: 'running', progress: { done: 2, total: 5, errors: 0 } });
    let seasonReads = 0;
    // Stands for any league data on screen, which the saved matches may change.
    function Season() {
      useCurrentSeason();
      return null;
    }
    renderWithProviders(
      <ConfirmProvider>
        <Season />
        <UpdateMatchesAction />
      </ConfirmProvider>,
      {
        api: {
          ...job.api,
          'public.currentSeason': () => {
            seasonReads += 1;
            return null;
          },
        },
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update Matches' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const panel = await screen.findByRole('group', { name: 'Update Matches job' });
    expect(seasonReads).toBe(1);

    job.set({
      state: 'cancelled',
      finished_at: '2026-11-22T20:01:00.000Z',
      result: { message: 'Updated 2 of 2 matches.', updated_count: 2, error_count: 0, total_processed: 2, failures: [] },
      errors: [{ item: null, reason: 'Cancelled after 2 of 5 items: what those brought was saved; the other 3 were not started.' }],
    });
    const notice = await within(panel).findByRole('alert', {}, { timeout: 5_000 });
    expect(notice.textContent).toContain('Cancelled part way: what was done until then was saved');
    expect(notice.textContent).toContain('Updated: 2');
    expect(notice.getAttribute('style') ?? '').toContain('yellow');
    expect(panel.querySelector('[data-job-state]')?.textContent).toBe('Cancelled');
    await waitFor(() => expect(seasonReads).toBe(2));
  });
});
