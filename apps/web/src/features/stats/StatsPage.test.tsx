import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { never, paged, renderWithProviders } from '../common/testing';
import { StatsView } from './StatsPage';
import { statsFilters } from './statsFilters';
import { parseStatsSearch, type StatsSearch } from './statsSearch';

const SEASON = '11111111-1111-4111-8111-111111111111';
const TEAM = '22222222-2222-4222-8222-222222222222';

function row(name: string, rating: number, overrides: Record<string, unknown> = {}) {
  return {
    player: { id: `p-${name.toLowerCase()}`, name, picture: null },
    team: { id: 'team-a', name: 'Owls' },
    maps: 8,
    rounds: 180,
    kills: 150,
    deaths: 120,
    assists: 30,
    kd: 1.25,
    adr: 84.3,
    hs_pct: 48.2,
    kast: null,
    rating,
    plus_minus: 30,
    clutch_wins: 4,
    first_kills: 22,
    ...overrides,
  };
}

function teamRow(name: string, winPct: number | null, overrides: Record<string, unknown> = {}) {
  return { team: { id: `t-${name.toLowerCase()}`, name, picture: null }, played: 10, wins: 6, losses: 4, win_pct: winPct, round_diff: 25, picks: 3, bans: 4, ...overrides };
}

function api(leaderboard: (input: any) => unknown, teamLeaderboard: (input: any) => unknown = () => paged([], 25)) {
  return {
    'public.currentSeason': () => ({ id: SEASON, name: 'Fall 2026', start_date: '2026-09-01', end_date: '2026-12-15' }),
    'public.seasons': () => paged([{ id: SEASON, name: 'Fall 2026', start_date: '2026-09-01', end_date: '2026-12-15' }], 50),
    'public.competitions': () => [{ id: '33333333-3333-4333-8333-333333333333', name: 'NECC' }],
    'public.teams': () => paged([{ id: TEAM, name: 'Owls' }], 100),
    'public.playerLeaderboard': leaderboard,
    'public.teamMapLeaderboard': teamLeaderboard,
  };
}

function renderStats(search: StatsSearch, leaderboard: (input: any) => unknown, path = '/stats', teamLeaderboard?: (input: any) => unknown) {
  const onSearch = vi.fn();
  renderWithProviders(<StatsView search={search} onSearch={onSearch} />, { api: api(leaderboard, teamLeaderboard), path });
  return onSearch;
}

describe('stats page', () => {
  it('ranks players of the current season with at least 5 maps by rating, each row linking to the player and team', async () => {
    const leaderboard = vi.fn(() => paged([row('Ada', 1.31), row('Bo', 1.02, { plus_minus: -4 })], 25));
    renderStats({}, leaderboard);
    const table = await screen.findByRole('table', { name: 'Player leaderboard' });
    expect(leaderboard).toHaveBeenLastCalledWith({ season_id: SEASON, min_maps: 5, sort: 'rating', order: 'desc', page: 1, page_size: 25 });
    expect(screen.getByText(/^Players with at least 5 maps in Fall 2026\./)).toBeTruthy();
    expect((screen.getByLabelText('Minimum maps') as HTMLSelectElement).value).toBe('5');
    expect(within(table).getByRole('link', { name: 'Ada' }).getAttribute('href')).toBe('/players/p-ada');
    expect(within(table).getAllByRole('link', { name: 'Owls' })[0]!.getAttribute('href')).toBe('/teams/team-a');
    expect(within(table).getByRole('columnheader', { name: /Rating/ }).getAttribute('aria-sort')).toBe('descending');
    expect(within(table).getByRole('row', { name: /Bo/ }).querySelector('[data-plus-minus]')!.textContent).toBe('-4');
  });

  it('asks the server for another order from a column header, starting at the first page', async () => {
    const onSearch = renderStats({ page: 3 }, () => paged([row('Ada', 1.31)], 25));
    const table = await screen.findByRole('table', { name: 'Player leaderboard' });
    fireEvent.click(within(within(table).getByRole('columnheader', { name: /ADR/ })).getByRole('button'));
    expect(onSearch).toHaveBeenLastCalledWith({ page: undefined, sort: 'adr', order: 'desc' }, { replace: true });
  });

  it('passes the filters of the URL to the leaderboard and keeps the sorted column shown', async () => {
    const leaderboard = vi.fn(() => paged([row('Ada', 1.31)], 25));
    renderStats({ season: SEASON, team: TEAM, map: 'de_nuke', min_maps: 1, sort: 'clutch_wins', order: 'asc', page: 2 }, leaderboard);
    const table = await screen.findByRole('table', { name: 'Player leaderboard' });
    expect(leaderboard).toHaveBeenLastCalledWith({ season_id: SEASON, team_id: TEAM, map: 'de_nuke', min_maps: 1, sort: 'clutch_wins', order: 'asc', page: 2, page_size: 25 });
    expect(within(table).getByRole('columnheader', { name: /Clutches/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByText(/^Players with at least 1 map in Fall 2026\./)).toBeTruthy();
    expect((screen.getByLabelText('Map') as HTMLSelectElement).value).toBe('de_nuke');
  });

  it('lets the visitor pick the columns', async () => {
    renderStats({}, () => paged([row('Ada', 1.31)], 25));
    const table = await screen.findByRole('table', { name: 'Player leaderboard' });
    expect(within(table).getByRole('columnheader', { name: /Opening kills/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Opening kills/ }));
    expect(within(table).queryByRole('columnheader', { name: /Opening kills/ })).toBeNull();
  });

  it('says so when no player qualifies', async () => {
    renderStats({ min_maps: 10 }, () => paged([], 25));
    expect(await screen.findByText('No player has played 10 maps for these filters yet.')).toBeTruthy();
  });

  it('holds the place while the leaderboard loads', async () => {
    renderStats({}, never);
    expect(await screen.findByRole('status', { name: 'Loading leaderboard' })).toBeTruthy();
  });

  it('ranks the teams by map win rate on the teams tab, each row linking to the team', async () => {
    const teams = vi.fn(() => paged([teamRow('Owls', 60), teamRow('Foxes', 40, { round_diff: -7 })], 25));
    renderStats({}, () => paged([], 25), '/stats#teams', teams);
    const table = await screen.findByRole('table', { name: 'Team map leaderboard' });
    expect(teams).toHaveBeenLastCalledWith({ season_id: SEASON, min_maps: 5, sort: 'win_pct', order: 'desc', page: 1, page_size: 25 });
    expect(screen.getByText(/^Teams with at least 5 maps in Fall 2026\./)).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Owls' }).getAttribute('href')).toBe('/teams/t-owls');
    expect(within(table).getByRole('columnheader', { name: /Win %/ }).getAttribute('aria-sort')).toBe('descending');
    expect([...within(table).getByRole('row', { name: /Foxes/ }).querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['10', '6', '4', '40%', '-7', '3', '4']);
  });

  it('passes the map, season and minimum maps of the URL to the team leaderboard, and sorts on the server', async () => {
    const teams = vi.fn(() => paged([teamRow('Owls', 60)], 25));
    const onSearch = renderStats({ season: SEASON, map: 'de_nuke', min_maps: 1, sort: 'round_diff', order: 'asc', page: 2, team: TEAM }, () => paged([], 25), '/stats#teams', teams);
    const table = await screen.findByRole('table', { name: 'Team map leaderboard' });
    expect(teams).toHaveBeenLastCalledWith({ season_id: SEASON, map: 'de_nuke', min_maps: 1, sort: 'round_diff', order: 'asc', page: 2, page_size: 25 });
    expect(screen.getByText(/^Teams with at least 1 map on Nuke in Fall 2026\./)).toBeTruthy();
    expect(screen.queryByLabelText('Team')).toBeNull();
    fireEvent.click(within(within(table).getByRole('columnheader', { name: /Picked/ })).getByRole('button'));
    expect(onSearch).toHaveBeenLastCalledWith({ page: undefined, sort: 'picks', order: 'desc' }, { replace: true });
  });

  it('says so when no team qualifies', async () => {
    renderStats({ min_maps: 10 }, () => paged([], 25), '/stats#teams', () => paged([], 25));
    expect(await screen.findByText('No team has played 10 maps for these filters yet.')).toBeTruthy();
  });

  it('holds the place while the team leaderboard loads', async () => {
    renderStats({}, () => paged([], 25), '/stats#teams', never);
    expect(await screen.findByRole('status', { name: 'Loading team leaderboard' })).toBeTruthy();
  });
});

describe('stats search', () => {
  it('keeps filters of the right shape and drops malformed ones', () => {
    expect(parseStatsSearch({ season: SEASON, team: 'x', map: 'de_mirage', min_maps: '3', sort: 'adr', order: 'asc', page: 2 })).toEqual({
      season: SEASON,
      competition: undefined,
      team: undefined,
      map: 'de_mirage',
      min_maps: 3,
      sort: 'adr',
      order: 'asc',
      page: 2,
    });
    expect(parseStatsSearch({ season: 'all_seasons', map: 'Mirage!', min_maps: -1, sort: 'elo;', order: 'up', page: 0 })).toEqual({
      season: undefined,
      competition: undefined,
      team: undefined,
      map: undefined,
      min_maps: undefined,
      sort: undefined,
      order: undefined,
      page: undefined,
    });
  });

  it('keeps only a map code and a leaderboard column', () => {
    expect(statsFilters({ map: 'de_nuke', sort: 'first_kills' })).toEqual({ map: 'de_nuke', sort: 'first_kills', teamSort: undefined });
    expect(statsFilters({ sort: 'bans' })).toEqual({ map: undefined, sort: undefined, teamSort: 'bans' });
    expect(statsFilters({ map: 'Nuke', sort: 'elo' })).toEqual({ map: undefined, sort: undefined, teamSort: undefined });
  });
});
