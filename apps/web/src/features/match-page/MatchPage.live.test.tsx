import { screen, waitFor } from '@testing-library/react';
import { getQueryKey } from '@trpc/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REFRESH_MS } from '../../lib/live-stream';
import { trpc } from '../../lib/trpc';
import { installFakeEventSource } from '../common/fake-event-source';
import { fakeMatch, renderWithProviders } from '../common/testing';
import { MatchPage } from './MatchPage';
import { sampleMaps } from './sample-maps';

const MATCH_ID = '55555555-5555-4555-8555-555555555555';
const page = (overrides: Record<string, unknown>) => ({ ...fakeMatch({ id: MATCH_ID, ...overrides }), stars: 3, preview: null, elo: null });
const meetings = { team1_wins: 0, team2_wins: 0, matches: [] };
const noMaps = () => ({ maps: [], vetoes: [] });

afterEach(() => vi.unstubAllGlobals());

describe('match page, live', () => {
  it('shows the new score when the stream announces a change of this match, without reload', async () => {
    const stream = installFakeEventSource();
    let current = page({ status: 'in_progress', score_team1: 3, score_team2: 2 });
    renderWithProviders(<MatchPage id={MATCH_ID} />, { api: { 'public.match': () => current, 'public.headToHead': () => meetings, 'public.matchMaps': noMaps } });
    await screen.findByRole('heading', { level: 1, name: 'Owls vs Foxes' });
    expect(document.querySelector('[data-side="team1"] [data-tone]')?.textContent).toBe('3');
    stream().open();

    current = page({ status: 'in_progress', score_team1: 7, score_team2: 2 });
    stream().send('match', fakeMatch({ id: MATCH_ID, status: 'in_progress', score_team1: 7, score_team2: 2 }));
    await waitFor(() => expect(document.querySelector('[data-side="team1"] [data-tone]')?.textContent).toBe('7'));
  });

  it('shows a newly finished map when the stream announces a change of this match', async () => {
    const stream = installFakeEventSource();
    let maps = { maps: sampleMaps.maps.slice(0, 1), vetoes: sampleMaps.vetoes };
    renderWithProviders(<MatchPage id={MATCH_ID} />, {
      api: { 'public.match': () => page({ status: 'in_progress', score_team1: 1, score_team2: 0 }), 'public.headToHead': () => meetings, 'public.matchMaps': () => maps },
    });
    expect(await screen.findByRole('tab', { name: 'Mirage 13–9' })).toBeTruthy();
    stream().open();

    maps = { maps: sampleMaps.maps.slice(0, 2), vetoes: sampleMaps.vetoes };
    stream().send('match', fakeMatch({ id: MATCH_ID, status: 'in_progress', score_team1: 1, score_team2: 1 }));
    expect(await screen.findByRole('tab', { name: 'Nuke 11–13' })).toBeTruthy();
    expect(document.querySelector('[data-maps-won]')!.textContent).toBe('Maps won: Owls 1 – 1 Foxes');
  });

  it('polls every 30 s only while the stream is down, and says nothing about it', async () => {
    const stream = installFakeEventSource();
    const { queryClient } = renderWithProviders(<MatchPage id={MATCH_ID} />, {
      api: { 'public.match': () => page({ status: 'in_progress', score_team1: 1, score_team2: 0 }), 'public.headToHead': () => meetings, 'public.matchMaps': noMaps },
    });
    await screen.findByRole('heading', { level: 1, name: 'Owls vs Foxes' });
    const interval = () => queryClient.getQueryCache().find({ queryKey: getQueryKey(trpc.public.match, { id: MATCH_ID }, 'query') })?.observers[0]?.options.refetchInterval;
    // Taken as up until it says otherwise: nothing to poll, and nothing re-rendered when it opens.
    expect(interval()).toBe(false);
    stream().fail();
    await waitFor(() => expect(interval()).toBe(LIVE_REFRESH_MS));
    stream().open();
    await waitFor(() => expect(interval()).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
