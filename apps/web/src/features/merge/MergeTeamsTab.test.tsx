import { MantineProvider } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, type FakeProcedure } from '../common/testing';
import { MergeTeamsTab } from './MergeTeamsTab';

const teams = [
  { id: 'a', name: 'Alpha Wolves', elo: 1500 },
  { id: 'b', name: 'Beta Bears', elo: 1200 },
];
const preview = {
  primary: { id: 'a', name: 'Alpha Wolves', picture: null, school_name: 'North', elo: 1500, players: 5 },
  secondary: { id: 'b', name: 'Beta Bears', picture: null, school_name: null, elo: 1200, players: 3 },
  players_to_move: 3,
  participants_to_merge: 2,
  matches_to_update: 7,
  ranking_items_to_move: 4,
  matches_to_remove: [
    { id: 'm1', date: '2026-09-01T18:00:00.000Z', status: 'completed', team1_name: 'Alpha Wolves', team2_name: 'Beta Bears', score_team1: 2, score_team2: 1, competition_name: 'NECC' },
  ],
};

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  // Typing into the searchable select opens its list, filtered to the option.
  await user.type(await screen.findByRole('combobox', { name: label }), option.split(' ')[0]!);
  await user.click(await screen.findByRole('option', { name: option }));
}

function renderTab(api: Record<string, FakeProcedure> = {}) {
  // env="test": no transitions, so the select's list is there as soon as it opens.
  return renderWithProviders(<MantineProvider env="test"><MergeTeamsTab /></MantineProvider>, {
    api: { 'admin.teams.options': () => teams, 'admin.merge.preview': () => preview, ...api },
  });
}

describe('Merge Teams', () => {
  it('enables the button only for two different teams and the typed phrase, then shows the result and clears the form', async () => {
    const user = userEvent.setup();
    renderTab({
      'admin.merge.commit': () => ({
        message: 'Merged Beta Bears into Alpha Wolves',
        merged_data: { players_moved: 3, participants_merged: 2, matches_updated: 7, matches_removed: 1 },
      }),
    });
    const button = () => screen.getByRole('button', { name: 'Merge Teams' }) as HTMLButtonElement;
    expect(await screen.findByText('This cannot be undone. Back up the database first.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back up now on the Backups card' }).getAttribute('href')).toBe('/admin#clear-database');
    await choose(user, 'Primary Team (kept)', 'Alpha Wolves (Elo 1500)');
    await choose(user, 'Secondary Team (deleted)', 'Beta Bears (Elo 1200)');

    expect(await screen.findByText('Players moved: 3 from Beta Bears to Alpha Wolves')).toBeTruthy();
    expect(screen.getByText('Participants merged (history kept): 2')).toBeTruthy();
    expect(screen.getByText('Matches re-pointed: 7')).toBeTruthy();
    expect(screen.getByText('Secondary team deleted: Beta Bears')).toBeTruthy();
    expect(screen.getByText(/Elo and stats kept on the primary/)).toBeTruthy();
    expect(screen.getByText('Matches between the two teams that will be removed: 1')).toBeTruthy();
    expect(screen.getByText(/Alpha Wolves vs Beta Bears \(2-1\)/)).toBeTruthy();

    expect(button().disabled).toBe(true);
    const phrase = screen.getByLabelText("Type 'merge teams' to confirm");
    await user.type(phrase, 'merge team');
    expect(button().disabled).toBe(true);
    await user.type(phrase, 'S');
    expect(button().disabled).toBe(false);
    await user.click(button());

    expect(await screen.findByText('Merged Beta Bears into Alpha Wolves')).toBeTruthy();
    expect(screen.getByText('Players Moved: 3')).toBeTruthy();
    expect(screen.getByText('Participants Merged: 2')).toBeTruthy();
    expect(screen.getByText('Matches Updated: 7')).toBeTruthy();
    await waitFor(() => expect((phrase as HTMLInputElement).value).toBe(''));
    expect((screen.getByRole('combobox', { name: 'Primary Team (kept)' }) as HTMLInputElement).value).toBe('');
  });

  it('shows the server message when the merge fails, else a generic one', async () => {
    const user = userEvent.setup();
    renderTab({
      'admin.merge.commit': () => {
        throw new Error('This action needs a different role');
      },
    });
    await choose(user, 'Primary Team (kept)', 'Alpha Wolves (Elo 1500)');
    await choose(user, 'Secondary Team (deleted)', 'Beta Bears (Elo 1200)');
    await user.type(screen.getByLabelText("Type 'merge teams' to confirm"), 'Merge Teams');
    await user.click(screen.getByRole('button', { name: 'Merge Teams' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This action needs a different role');
  });
});
