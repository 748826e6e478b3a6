import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { never, renderWithProviders } from '../common/testing';
import { SearchPage } from './SearchPage';

const answer = {
  teams: [{ id: 'team-owls', name: 'Owls', school_name: 'Owl College', picture: null, elo: 1700 }],
  players: [{ id: 'player-owen', name: 'Owen', picture: null, team: null }],
};

describe('SearchPage', () => {
  it('links every team and player found to its page, asking for the most the server gives', async () => {
    const asked: unknown[] = [];
    renderWithProviders(<SearchPage q="owl" />, {
      api: {
        'public.search': (input) => {
          asked.push(input);
          return answer;
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for "owl"' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: /Owls/ })).getAttribute('href')).toBe('/teams/team-owls');
    expect(screen.getByRole('link', { name: /Owen/ }).getAttribute('href')).toBe('/players/player-owen');
    expect(screen.getByRole('heading', { name: 'Teams (1)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Players (1)' })).toBeTruthy();
    expect(asked).toEqual([{ q: 'owl', limit: 50 }]);
  });

  it('asks nothing for a query under 2 characters', async () => {
    const asked: unknown[] = [];
    renderWithProviders(<SearchPage q=" o " />, { api: { 'public.search': (input) => asked.push(input) } });
    expect(await screen.findByText('Type at least 2 characters in the search box to find teams and players.')).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it('shows a spinner while searching', async () => {
    renderWithProviders(<SearchPage q="owl" />, { api: { 'public.search': never } });
    expect(await screen.findByRole('status', { name: 'Searching' })).toBeTruthy();
  });

  it('says when nothing matches', async () => {
    renderWithProviders(<SearchPage q="zzz" />, { api: { 'public.search': () => ({ teams: [], players: [] }) } });
    expect(await screen.findByText('No teams or players match "zzz"')).toBeTruthy();
  });

  it("shows the server's reason when the search fails", async () => {
    renderWithProviders(<SearchPage q="zzz" />, {
      api: {
        'public.search': () => {
          throw new Error('Must not contain a NUL character');
        },
      },
    });
    expect(await screen.findByText('Must not contain a NUL character')).toBeTruthy();
  });
});
