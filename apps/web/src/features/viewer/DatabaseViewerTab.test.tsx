import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paged, renderWithProviders } from '../common/testing';
import { DatabaseViewerTab } from './DatabaseViewerTab';
import { FETCH_FAILED_MESSAGE, playerStatus } from './tables';

const fail = () => {
  throw new Error('down');
};

describe('Database Viewer', () => {
  it("shows players as Benched or Active, with '(Hidden)' when not visible", () => {
    expect(playerStatus({ benched: false, visible: true })).toBe('Active');
    expect(playerStatus({ benched: true, visible: true })).toBe('Benched');
    expect(playerStatus({ benched: true, visible: false })).toBe('Benched (Hidden)');
    expect(playerStatus({ benched: false, visible: false })).toBe('Active (Hidden)');
  });

  it('lists teams and sends the search to the server', async () => {
    const searches: unknown[] = [];
    renderWithProviders(<DatabaseViewerTab />, {
      api: {
        'admin.viewer.teams': (input: { search?: string }) => {
          searches.push(input.search);
          return paged([{ id: 't1', name: input.search ? 'Owls' : 'Alpha', school_name: null, elo: 1000, picture: null, player_count: 3 }]);
        },
      },
    });
    expect(await screen.findByRole('cell', { name: 'Alpha' })).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search teams' }), 'owl');
    expect(await screen.findByRole('cell', { name: 'Owls' }, { timeout: 3000 })).toBeTruthy();
    expect(searches).toContain('owl');
  });

  it('says so when the data cannot be fetched', async () => {
    renderWithProviders(<DatabaseViewerTab />, { api: { 'admin.viewer.teams': fail, 'admin.viewer.matches': fail } });
    expect((await screen.findByRole('alert')).textContent).toBe(FETCH_FAILED_MESSAGE);
    await userEvent.click(screen.getByRole('tab', { name: 'Matches' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to fetch data. Please try again.'));
  });
});
