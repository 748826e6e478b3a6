import { screen, waitFor } from '@testing-library/react';
import { getQueryKey } from '@trpc/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REFRESH_MS } from '../../lib/live-stream';
import { trpc } from '../../lib/trpc';
import { installFakeEventSource } from '../common/fake-event-source';
import { fakeMatch, paged, renderWithProviders } from '../common/testing';
import { TeamPage } from './TeamPage';

const TEAM_ID = '11111111-1111-4111-8111-111111111111';
const FOXES = { id: '22222222-2222-4222-8222-222222222222', name: 'Foxes', picture: null };
const team = (elo: number) => ({
  id: TEAM_ID,
  name: 'Owls',
  picture: null,
  school_name: 'Owl College',
  elo,
  captain: null,
  rank: 3,
  previous_rank: 3,
  wins: 1,
  losses: 0,
  season_wins: 1,
  season_losses: 0,
  form: ['W'],
});
const finished = fakeMatch({
  id: 'm-1',
  status: 'completed',
  score_team1: 13,
  score_team2: 7,
  team1: { id: TEAM_ID, name: 'Owls', picture: null, elo: 1525 },
  team2: { ...FOXES, elo: 1475 },
});

afterEach(() => vi.unstubAllGlobals());

function api(current: () => number) {
  return {
    'public.team': () => team(current()),
    'public.teamEloHistory': () => ({ results: [], adjustments: [] }),
    'public.teamRankHistory': () => ({ results: [] }),
    'public.players': () => paged([]),
    'public.matches': () => paged([]),
    'public.teamEvents': () => ({ results: [] }),
    'public.currentSeason': () => null,
    'public.seasons': () => paged([], 50),
    'public.teamMaps': () => ({ results: [] }),
    'public.playerLeaderboard': () => paged([], 25),
  };
}

describe('team page, live', () => {
  it('fetches the team again when one of its matches changes, showing the new Elo without reload', async () => {
    const stream = installFakeEventSource();
    let elo = 1500;
    renderWithProviders(<TeamPage id={TEAM_ID} />, { api: api(() => elo) });
    await screen.findByRole('heading', { level: 1, name: 'Owls' });
    expect(document.querySelector('[data-fact="elo"]')?.textContent).toBe('1500');
    stream().open();

    elo = 1525;
    stream().send('match', finished);
    await waitFor(() => expect(document.querySelector('[data-fact="elo"]')?.textContent).toBe('1525'));
  });

  it('leaves the team alone when another pair of teams plays', async () => {
    const stream = installFakeEventSource();
    let calls = 0;
    renderWithProviders(<TeamPage id={TEAM_ID} />, {
      api: {
        ...api(() => 1500),
        'public.team': () => {
          calls += 1;
          return team(1500);
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Owls' });
    stream().open();
    stream().send('match', fakeMatch({ id: 'm-2', status: 'in_progress', team1: { ...FOXES, elo: 1475 }, team2: { id: 'team-z', name: 'Zebras', picture: null, elo: 1400 } }));
    // Then one of its own: exactly one more fetch means the first event asked for none.
    stream().send('match', finished);
    await waitFor(() => expect(calls).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toBe(2);
  });

  it('fetches where the team stands in its events again when one of its matches changes', async () => {
    const stream = installFakeEventSource();
    let calls = 0;
    renderWithProviders(<TeamPage id={TEAM_ID} />, {
      api: {
        ...api(() => 1500),
        'public.teamEvents': () => {
          calls += 1;
          return { results: [] };
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Owls' });
    await waitFor(() => expect(calls).toBe(1));
    stream().open();
    stream().send('match', finished);
    await waitFor(() => expect(calls).toBe(2));
  });

  it('polls everything a result can change every 30 s only while the stream is down, without a warning', async () => {
    const stream = installFakeEventSource();
    const { queryClient } = renderWithProviders(<TeamPage id={TEAM_ID} />, { api: api(() => 1500) });
    await screen.findByRole('heading', { level: 1, name: 'Owls' });
    // The header, history and results, upcoming matches, roster, and the events section.
    const live = [trpc.public.team, trpc.public.teamEloHistory, trpc.public.matches, trpc.public.players, trpc.public.teamEvents];
    const intervals = () =>
      live.map((procedure) => queryClient.getQueryCache().findAll({ queryKey: getQueryKey(procedure) }).map((query) => query.observers[0]?.options.refetchInterval));
    const everyOne = (interval: number | false) => live.map(() => [interval]);
    // Taken as up until it says otherwise.
    await waitFor(() => expect(intervals()).toEqual(everyOne(false)));
    stream().fail();
    await waitFor(() => expect(intervals()).toEqual(everyOne(LIVE_REFRESH_MS)));
    stream().open();
    await waitFor(() => expect(intervals()).toEqual(everyOne(false)));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
