import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paged, renderWithProviders } from '../common/testing';
import { TeamRankingRow } from './TeamRankingRow';

const team = { id: '3f9a3a8e-8a36-4d0e-9a57-0f4b6b4a1d11', name: 'Owls', picture: null };
const players = [
  { id: 'p1', name: 'Ace', picture: null, skill_level: 9, elo: 2300, team: null, benched: false, visible: true },
  { id: 'p2', name: 'Bolt', picture: '/media/bolt.png', skill_level: 7, elo: 1900, team: null, benched: false, visible: true },
];

function renderRow(playersAnswer: () => unknown) {
  const asked: unknown[] = [];
  renderWithProviders(
    <ol>
      <TeamRankingRow rank={1} team={team} elo={1712} />
    </ol>,
    {
      api: {
        'public.players': (input) => {
          asked.push(input);
          return playersAnswer();
        },
      },
    },
  );
  return asked;
}

afterEach(() => vi.restoreAllMocks());

describe('TeamRankingRow', () => {
  it("gives a cut name's full text on hover (its title), on wide screens and phones alike", async () => {
    renderWithProviders(
      <ol>
        <TeamRankingRow rank={1} team={{ ...team, name: 'Foxborough Technical Institute Titans' }} elo={1712} />
      </ol>,
    );
    expect((await screen.findByRole('link', { name: 'Foxborough Technical Institute Titans' })).getAttribute('title')).toBe('Foxborough Technical Institute Titans');
  });

  it('fetches the top 5 visible, active players only once expanded, and collapses again', async () => {
    const asked = renderRow(() => paged(players, 5));
    const row = await screen.findByRole('button', { name: 'Top players of Owls' });
    // The name is a link of its own, beside the button, never inside it.
    const name = screen.getByRole('link', { name: 'Owls' });
    expect(name.getAttribute('href')).toBe(`/teams/${team.id}`);
    expect(row.contains(name)).toBe(false);
    expect(row.getAttribute('aria-expanded')).toBe('false');
    expect(asked).toEqual([]);

    await userEvent.click(row);
    expect(await screen.findByText('Ace')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bolt' }).getAttribute('href')).toBe('/players/p2');
    expect(row.getAttribute('aria-expanded')).toBe('true');
    expect(asked).toEqual([{ team_id: team.id, sort: 'elo', order: 'desc', visible: true, benched: false, page: 1, page_size: 5 }]);

    await userEvent.click(row);
    await waitFor(() => expect(screen.queryByText('Ace')).toBeNull());
    expect(row.getAttribute('aria-expanded')).toBe('false');
  });

  it("says 'Error loading players' when the roster fails", async () => {
    renderRow(() => {
      throw new Error('down');
    });
    await userEvent.click(await screen.findByRole('button', { name: /Owls/ }));
    expect(await screen.findByText('Error loading players')).toBeTruthy();
  });

  it("is the team's link on small screens and expandable from 'sm' up, which CSS decides (the server renders one row for every width)", async () => {
    const asked = renderRow(() => paged(players, 5));
    const link = await screen.findByRole('link', { name: 'Owls' });
    expect(link.getAttribute('href')).toBe(`/teams/${team.id}`);
    // The link covers the whole row on a phone; from 'sm' up (RankingRow.module.css) the button does.
    expect(link.className).toMatch(/stretched/);
    expect(link.className).toMatch(/expandableName/);
    expect(screen.getByRole('button', { name: 'Top players of Owls' }).className).toMatch(/expandButton/);
    expect(asked).toEqual([]);
  });
});
