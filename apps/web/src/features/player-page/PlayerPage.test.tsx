import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeNotFound, never, renderWithProviders, type FakeProcedure } from '../common/testing';
import { PlayerPage } from './PlayerPage';

const PLAYER_ID = '44444444-4444-4444-8444-444444444444';
const player = {
  id: PLAYER_ID,
  name: 'Ace',
  picture: null,
  skill_level: 9,
  elo: 2100,
  team: { id: 'team-a', name: 'Owls', picture: null },
  benched: true,
  visible: true,
  faceit_id: 'f-1',
  seasons: [
    { id: 's-2', name: 'Fall 2025' },
    { id: 's-1', name: 'Spring 2025' },
  ],
};
const history = {
  results: [
    { date: '2025-02-01T10:00:00.000Z', elo: 1900 },
    { date: '2025-06-01T10:00:00.000Z', elo: 2150 },
    { date: '2025-10-01T10:00:00.000Z', elo: 2100 },
  ],
};

const totals = (maps: number, kills: number, deaths: number, rating: number) => ({ maps, rounds: maps * 22, kills, deaths, assists: 10, kd: kills / deaths, adr: 80.5, hs_pct: 45, kast: null, rating });
const byMap = (map: string, map_name: string, rating: number) => ({ ...totals(2, 40, 30, rating), map, map_name });
const career = {
  totals: totals(6, 120, 90, 1.12),
  by_map: [byMap('de_mirage', 'Mirage', 1.3), byMap('de_nuke', 'Nuke', 0.85), byMap('de_ancient', 'Ancient', 1.05)],
  recent: [
    { match_id: 'm-2', date: '2025-10-02T18:00:00.000Z', opponent: { id: 'team-b', name: 'Foxes' }, maps: 3, kills: 60, deaths: 40, adr: 90.2, rating: 1.25 },
    { match_id: 'm-1', date: '2025-09-20T18:00:00.000Z', opponent: { id: 'team-c', name: 'Bears' }, maps: 3, kills: 60, deaths: 50, adr: 75.1, rating: 0.98 },
  ],
  teams: [
    { id: 'team-r', name: 'Ravens', maps: 5, last_season: { id: 's-2', name: 'Fall 2025' } },
    { id: 'team-d', name: 'Crows', maps: 1, last_season: null },
  ],
};
const noStats = { totals: { maps: 0, rounds: 0, kills: 0, deaths: 0, assists: 0, kd: 0, adr: null, hs_pct: null, kast: null, rating: null }, by_map: [], recent: [], teams: [] };

function playerStats(input: { season_id?: string }) {
  if (input.season_id === 's-2') return { ...career, totals: totals(6, 120, 90, 1.12) };
  if (input.season_id === 's-1') return noStats;
  return career;
}

function api(overrides: Record<string, FakeProcedure> = {}): Record<string, FakeProcedure> {
  return { 'public.player': () => player, 'public.playerEloHistory': () => history, 'public.playerStats': playerStats, ...overrides };
}

describe('player page', () => {
  it('reserves the space while loading', async () => {
    renderWithProviders(<PlayerPage id={PLAYER_ID} />, { api: api({ 'public.player': never, 'public.playerEloHistory': never }) });
    expect(await screen.findByRole('status', { name: 'Loading player' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading Elo history' })).toBeTruthy();
  });

  it("shows the player's team, Elo, skill level, status and seasons", async () => {
    renderWithProviders(<PlayerPage id={PLAYER_ID} />, { api: api() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ace' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Owls' }).getAttribute('href')).toBe('/teams/team-a');
    expect(document.querySelector('[data-fact="elo"]')?.textContent).toBe('2100');
    expect(document.querySelector('[data-fact="skill-level"]')?.textContent).toBe('9 of 10');
    expect(document.querySelector('[data-fact="seasons"]')?.textContent).toBe('Fall 2025, Spring 2025');
    expect(screen.getByText('Benched')).toBeTruthy();
  });

  it('charts each recorded Elo with the change, reachable by keyboard', async () => {
    renderWithProviders(<PlayerPage id={PLAYER_ID} />, { api: api() });
    const chart = await screen.findByRole('group', { name: 'Elo history of Ace' });
    const points = within(chart).getAllByRole('img');
    expect(points.map((p) => p.getAttribute('aria-label'))).toEqual(['Feb 1, 2025: Elo 1900', 'Jun 1, 2025: Elo 2150 (+250)', 'Oct 1, 2025: Elo 2100 (-50)']);
    act(() => points[2]!.focus());
    await userEvent.setup().keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(points[1]);
    expect(document.querySelector('[data-chart-tooltip]')?.textContent).toBe('Jun 1, 2025: Elo 2150 (+250)');
    expect(screen.getByText(/3 recorded Elo values from Feb 1, 2025 to Oct 1, 2025/)).toBeTruthy();
  });

  it('says when there is no team, no season and no Elo change yet', async () => {
    renderWithProviders(<PlayerPage id={PLAYER_ID} />, {
      api: api({ 'public.player': () => ({ ...player, team: null, benched: false, seasons: [] }), 'public.playerEloHistory': () => ({ results: [] }) }),
    });
    expect(await screen.findByText('No team')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(document.querySelector('[data-fact="seasons"]')?.textContent).toBe('None yet');
    expect(await screen.findByText('No Elo changes recorded yet')).toBeTruthy();
  });

  it('shows the not-found page for a hidden or unknown player', async () => {
    const missing = () => {
      throw new FakeNotFound('Player not found');
    };
    renderWithProviders(<PlayerPage id={PLAYER_ID} />, { api: api({ 'public.player': missing, 'public.playerEloHistory': missing }) });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('shows the not-found page for a malformed id without asking the server', async () => {
    renderWithProviders(<PlayerPage id="42" />, { api: {} });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('says in plain words when loading failed, and tries again on request', async () => {
    let fail = true;
    renderWithProviders(<PlayerPage id={PLAYER_ID} />, {
      api: api({
        'public.playerEloHistory': () => {
          if (fail) throw new Error('Internal server error');
          return history;
        },
      }),
    });
    expect(await screen.findByText('The Elo history could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Elo history of Ace' })).toBeTruthy();
  });

  it('shows the career and season lines, best and worst maps, a rating chart and the recent matches with links', async () => {
    renderWithProviders(<PlayerPage id={PLAYER_ID} />, { api: api() });
    const lines = await screen.findByRole('table', { name: 'Career and seasons' });
    // Career, then each season with lines (Spring 2025 has none).
    await waitFor(() => expect(within(lines).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Career', 'Fall 2025']));
    const careerRow = within(lines).getByRole('row', { name: /Career/ });
    expect([...careerRow.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['6', '132', '120–90', '+30', '1.33', '80.5', '45%', '1.12']);
    // Career first, then the seasons: an order no header changes.
    expect(within(lines).queryByRole('button')).toBeNull();
    expect(lines.querySelector('[aria-sort]')).toBeNull();
    expect(document.querySelector('[data-best-worst-maps]')!.textContent).toBe('Best map: Mirage (rating 1.30). Worst map: Nuke (rating 0.85).');
    const teamsPlayedFor = document.querySelector<HTMLElement>('[data-teams-played-for]')!;
    expect(teamsPlayedFor.textContent).toBe('Teams played for: Ravens (5 maps, last in Fall 2025)Crows (1 map)');
    expect(within(teamsPlayedFor).getByRole('link', { name: 'Ravens' }).getAttribute('href')).toBe('/teams/team-r');
    expect(screen.getByRole('group', { name: 'Rating over time of Ace' })).toBeTruthy();
    const recent = screen.getByRole('table', { name: 'Recent matches' });
    expect(within(recent).getByRole('link', { name: /vs Foxes/ }).getAttribute('href')).toBe('/matches/m-2');
    expect(screen.getByRole('table', { name: 'By map' })).toBeTruthy();
  });

  it('says so when the player has no match stats', async () => {
    renderWithProviders(<PlayerPage id={PLAYER_ID} />, { api: api({ 'public.playerStats': () => noStats }) });
    expect(await screen.findByText('No match stats recorded for this player yet')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Career and seasons' })).toBeNull();
  });
});
