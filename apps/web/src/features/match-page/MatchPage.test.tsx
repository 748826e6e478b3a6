import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeNotFound, fakeMatch, never, renderWithProviders, type FakeProcedure } from '../common/testing';
import { MatchPage } from './MatchPage';

const MATCH_ID = '55555555-5555-4555-8555-555555555555';
const scheduled = {
  ...fakeMatch({ id: MATCH_ID }),
  stars: 3,
  preview: { team1: { win: 60, loss: -90, expected: 0.6 }, team2: { win: 90, loss: -60, expected: 0.4 } },
  elo: null,
};
const completed = {
  ...fakeMatch({ id: MATCH_ID, status: 'completed', score_team1: 13, score_team2: 16, winner: { id: 'team-b', name: 'Foxes' } }),
  stars: 2,
  preview: null,
  elo: { team1: { before: 1500, after: 1410, change: -90 }, team2: { before: 1400, after: 1490, change: 90 } },
};
const meetings = {
  team1_wins: 1,
  team2_wins: 2,
  matches: [fakeMatch({ id: 'm-old', status: 'completed', score_team1: 16, score_team2: 4, winner: { id: 'team-a', name: 'Owls' }, date: '2025-03-01T18:00:00.000Z' })],
};

function api(overrides: Record<string, FakeProcedure> = {}): Record<string, FakeProcedure> {
  return { 'public.match': () => scheduled, 'public.headToHead': () => meetings, 'public.matchMaps': () => ({ maps: [], vetoes: [] }), ...overrides };
}

describe('match page', () => {
  it('reserves the space while loading', async () => {
    renderWithProviders(<MatchPage id={MATCH_ID} />, { api: api({ 'public.match': never }) });
    expect(await screen.findByRole('status', { name: 'Loading match' })).toBeTruthy();
  });

  it('shows a scheduled match: both teams, when in the visitor zone, stars, each side’s chance and stakes, and the View link', async () => {
    renderWithProviders(<MatchPage id={MATCH_ID} />, { api: api() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Owls vs Foxes' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Owls' }).getAttribute('href')).toBe('/teams/team-a');
    expect(screen.getByRole('link', { name: 'Foxes' }).getAttribute('href')).toBe('/teams/team-b');
    expect(screen.getByText('Scheduled')).toBeTruthy();
    expect(screen.getByText('NECC')).toBeTruthy();
    expect(screen.getByText('Fall 2025')).toBeTruthy();
    expect(screen.getByRole('img', { name: '3 of 5 stars' })).toBeTruthy();
    expect(document.querySelector('time')?.getAttribute('datetime')).toBe('2025-10-04T18:00:00.000Z');
    expect(document.querySelector('time')?.parentElement?.textContent).toMatch(/\(.+\)$/);
    const side1 = document.querySelector('[data-side-facts="team1"]')!;
    expect(side1.textContent).toBe('Elo1500Win chance60%If they win+60If they lose-90');
    expect(document.querySelector('[data-side-facts="team2"]')!.textContent).toContain('Win chance40%');
    const view = screen.getByRole('link', { name: /^View/ });
    expect(view.getAttribute('href')).toBe('https://www.faceit.com/en/cs2/room/1-abc');
    expect(view.getAttribute('target')).toBe('_blank');
  });

  it("shows a result's score and each side's Elo before and after", async () => {
    renderWithProviders(<MatchPage id={MATCH_ID} />, { api: api({ 'public.match': () => completed }) });
    expect(await screen.findByText('Completed')).toBeTruthy();
    expect(screen.getByText('Winner').closest('[data-side]')?.getAttribute('data-side')).toBe('team2');
    expect(document.querySelector('[data-side="team1"] [data-tone]')?.textContent).toBe('13');
    expect(document.querySelector('[data-side-facts="team1"]')!.textContent).toBe('Elo1500 →to 1410 (-90)');
    expect(document.querySelector('[data-side-facts="team2"]')!.textContent).toBe('Elo1400 →to 1490 (+90)');
  });

  it("lists the two teams' head-to-head record with links to each meeting", async () => {
    renderWithProviders(<MatchPage id={MATCH_ID} />, { api: api() });
    const section = await screen.findByRole('region', { name: 'Head to head' });
    expect((await within(section).findByText('Owls 1 – 2 Foxes')).hasAttribute('data-head-to-head')).toBe(true);
    expect(within(section).getByRole('link', { name: 'Mar 1, 2025' }).getAttribute('href')).toBe('/matches/m-old');
  });

  it('says when the teams have not met', async () => {
    renderWithProviders(<MatchPage id={MATCH_ID} />, { api: api({ 'public.headToHead': () => ({ team1_wins: 0, team2_wins: 0, matches: [] }) }) });
    expect(await screen.findByText('These teams have not played each other yet')).toBeTruthy();
  });

  it('shows the not-found page for an unknown match', async () => {
    renderWithProviders(<MatchPage id={MATCH_ID} />, {
      api: api({
        'public.match': () => {
          throw new FakeNotFound('Match not found');
        },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('shows the not-found page for a malformed id without asking the server', async () => {
    renderWithProviders(<MatchPage id="latest" />, { api: {} });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('says in plain words when loading failed, and tries again on request', async () => {
    let fail = true;
    renderWithProviders(<MatchPage id={MATCH_ID} />, {
      api: api({
        'public.match': () => {
          if (fail) throw new Error('Internal server error');
          return scheduled;
        },
      }),
    });
    expect(await screen.findByText('This match could not be loaded. Check your connection and try again.')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Owls vs Foxes' })).toBeTruthy();
  });
});
