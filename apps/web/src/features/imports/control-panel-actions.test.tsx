import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../admin-shell';
import { renderWithProviders, type FakeProcedure } from '../common/testing';
import { fakeJobsApi } from '../jobs/testing';
import { UpdateMatchesAction, UpdatePlayerEloAction } from './control-panel-actions';

function renderActions(api: Record<string, FakeProcedure>) {
  return renderWithProviders(
    <ConfirmProvider>
      <UpdatePlayerEloAction />
      <UpdateMatchesAction />
    </ConfirmProvider>,
    { api },
  );
}

beforeEach(() => localStorage.clear());

describe('Control Panel import tools', () => {
  it('asks before updating matches and shows the counts', async () => {
    const user = userEvent.setup();
    const jobs = fakeJobsApi({ update_matches: () => ({ message: 'ok', updated_count: 3, error_count: 1, total_processed: 4 }) });
    renderActions(jobs.api);
    await user.click(await screen.findByRole('button', { name: 'Update Matches' }));
    expect(await screen.findByText('Update matches?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const card = screen.getByRole('region', { name: 'Update Matches' });
    expect((await screen.findByText('Updated: 3')).closest('section')).toBe(card);
    expect(card.textContent).toContain('Errors: 1');
    expect(card.textContent).toContain('Total processed: 4');
    expect(card.textContent).toContain('1 of 1 done');
    expect(jobs.started).toEqual([{ kind: 'update_matches', input: { auto_detect: true } }]);
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const jobs = fakeJobsApi({ update_player_elo: () => ({ message: 'ok', updated_players: 1, not_found: 0, failed: 0 }) });
    renderActions(jobs.api);
    await user.click(await screen.findByRole('button', { name: 'Update Player ELO' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(jobs.started).toEqual([]);
  });

  it('shows the error text of docs/product.md when updating player ELO fails', async () => {
    const user = userEvent.setup();
    renderActions(
      fakeJobsApi({
        update_player_elo: () => {
          throw new Error('FACEIT_API_KEY is not set on the server');
        },
      }).api,
    );
    await user.click(await screen.findByRole('button', { name: 'Update Player ELO' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('There was an error updating player ELO values.');
    expect(alert.textContent).toContain('FACEIT_API_KEY is not set on the server');
  });
});
