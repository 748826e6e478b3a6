import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { never, renderWithProviders } from '../common/testing';
import { EditTeamPlayerTab } from './EditTeamPlayerTab';
import { playerOptionLabel } from './options';

describe('Edit Team/Player', () => {
  it('shows a spinner while the lists load', async () => {
    renderWithProviders(<EditTeamPlayerTab />, { api: { 'admin.teams.options': never, 'admin.players.options': never } });
    expect(await screen.findByRole('status', { name: 'Loading teams and players' })).toBeTruthy();
  });

  it("shows the red 'Failed to load teams and players' banner when a list fails", async () => {
    renderWithProviders(<EditTeamPlayerTab />, {
      api: {
        'admin.teams.options': () => [],
        'admin.players.options': () => {
          throw new Error('down');
        },
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load teams and players');
  });

  it('asks for a choice on each sub-tab, and names players with their team', async () => {
    renderWithProviders(<EditTeamPlayerTab />, {
      api: {
        'admin.teams.options': () => [{ id: 't1', name: 'Owls' }],
        'admin.players.options': () => [{ id: 'p1', name: 'Mira', team_name: 'Owls' }],
      },
    });
    expect(await screen.findByText('Select a team to edit its details')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Players' }));
    expect(await screen.findByText('Select a player to edit their details')).toBeTruthy();
    expect(playerOptionLabel({ id: 'p1', name: 'Mira', team_name: 'Owls' })).toBe('Mira (Owls)');
    expect(playerOptionLabel({ id: 'p2', name: 'Solo', team_name: null })).toBe('Solo');
  });
});
