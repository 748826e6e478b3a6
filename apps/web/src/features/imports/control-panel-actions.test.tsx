import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../admin-shell';
import { renderWithProviders, type FakeProcedure } from '../common/testing';
import { withJobs } from '../jobs/testing';
import { UpdateMatchesAction, UpdatePlayerEloAction } from './control-panel-actions';

function renderActions(api: Record<string, FakeProcedure>) {
  return renderWithProviders(
    <ConfirmProvider>
      <UpdatePlayerEloAction />
      <UpdateMatchesAction />
    </ConfirmProvider>,
    { api: withJobs(api) },
  );
}

// Both tools run as jobs: withJobs runs their procedures' fakes; the last job's id is kept in localStorage.
beforeEach(() => localStorage.clear());

describe('Control Panel import tools', () => {
  it('asks before updating matches and shows the counts', async () => {
    const user = userEvent.setup();
    renderActions({ 'admin.imports.updateMatches': () => ({ message: 'ok', updated_count: 3, error_count: 0, total_processed: 3, failures: [] }) });
    await user.click(await screen.findByRole('button', { name: 'Update Matches' }));
    expect(await screen.findByText('Update matches?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const card = screen.getByRole('region', { name: 'Update Matches' });
    expect((await screen.findByText('Updated: 3')).closest('section')).toBe(card);
    expect(card.textContent).toContain('Errors: 0');
    expect(card.textContent).toContain('Total processed: 3');
    // Nothing failed: green.
    expect(screen.getByRole('status').getAttribute('style')).toContain('green');
  });

  it('shows a partial failure in yellow with each failed match and why', async () => {
    const user = userEvent.setup();
    renderActions({
      'admin.imports.updateMatches': () => ({
        message: 'Updated 3 of 4 matches (1 could not be fetched).',
        updated_count: 3,
        error_count: 1,
        total_processed: 4,
        failures: [{ match_id: 'm9', match_name: 'Alpha U vs Beta U', platform: 'faceit', external_id: '1-abc', reason: 'Faceit answered 404 for match 1-abc' }],
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Update Matches' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Errors: 1');
    expect(notice.getAttribute('style') ?? '').toContain('yellow');
    expect(screen.getByRole('list', { name: 'Failed items' }).textContent).toBe('Alpha U vs Beta U (Faceit): Faceit answered 404 for match 1-abc');
  });

  it('Update Player Elo with 0 updated and 358 not found is not green', async () => {
    const user = userEvent.setup();
    renderActions({ 'admin.imports.updatePlayerElo': () => ({ message: 'ok', updated_players: 0, not_found: 358, failed: 0, failures: [] }) });
    await user.click(await screen.findByRole('button', { name: 'Update Player Elo' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Not found on Faceit: 358');
    expect(notice.getAttribute('style') ?? '').toContain('red');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderActions({
      'admin.imports.updatePlayerElo': () => {
        calls += 1;
        return { message: 'ok', updated_players: 1, not_found: 0, failed: 0, failures: [] };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Update Player Elo' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(calls).toBe(0);
  });

  it('shows the error text of docs/product.md when updating player Elo fails', async () => {
    const user = userEvent.setup();
    renderActions({
      'admin.imports.updatePlayerElo': () => {
        throw new Error('Faceit import is not set up: the site owner must add the Faceit API key');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Update Player Elo' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('There was an error updating player Elo values.');
    expect(alert.textContent).toContain('Faceit import is not set up: the site owner must add the Faceit API key');
  });
});
