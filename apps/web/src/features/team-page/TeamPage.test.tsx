import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeNotFound, fakeMatch, never, paged, renderWithProviders, type FakeProcedure } from '../common/testing';
import { TeamPage } from './TeamPage';

const TEAM_ID = '11111111-1111-4111-8111-111111111111';
const FOXES = { id: '22222222-2222-4222-8222-222222222222', name: 'Foxes', picture: null };
const BEARS = { id: '33333333-3333-4333-8333-333333333333', name: 'Bears', picture: null };

const team = {
  id: TEAM_ID,
  name: 'Owls',
  picture: null,
  school_name: 'Owl College',
  elo: 1540,
  captain: { id: 'p-1', name: 'Ace', picture: null },
  rank: 3,
  previous_rank: 5,
  wins: 12,
  losses: 7,
  season_wins: 4,
  season_losses: 1,
  form: ['W', 'L', 'W'],
};

const history = {
  results: [
    { match_id: 'm-1', date: '2025-09-06T18:00:00.000Z', opponent: FOXES, result: 'L', score: 9, opponent_score: 13, elo_before: 1500, elo_after: 1482, change: -18, expected: 0.62 },
    { match_id: 'm-2', date: '2025-09-13T18:00:00.000Z', opponent: BEARS, result: 'W', score: 2, opponent_score: 1, elo_before: 1482, elo_after: 1560, change: 78, expected: 0.48 },
    { match_id: 'm-3', date: '2025-09-27T18:00:00.000Z', opponent: FOXES, result: 'W', score: null, opponent_score: null, elo_before: 1520, elo_after: 1540, change: 20, expected: 0.7 },
  ],
  adjustments: [{ date: '2025-09-20T12:00:00.000Z', elo_before: 1560, elo_after: 1520, reason: 'edit' }],
};
const rankHistory = { results: [{ ranking_id: 'r-1', date: '2025-09-15T00:00:00.000Z', rank: 5, elo: 1560 }] };
const players = [
  { id: 'p-1', name: 'Ace', picture: null, skill_level: 9, elo: 2100, team: { id: TEAM_ID, name: 'Owls', picture: null }, benched: false, visible: true },
  { id: 'p-2', name: 'Bench Bob', picture: null, skill_level: 4, elo: 1200, team: { id: TEAM_ID, name: 'Owls', picture: null }, benched: true, visible: true },
];
const upcoming = fakeMatch({ id: 'm-9', team1: { ...FOXES, elo: 1400 }, team2: { id: TEAM_ID, name: 'Owls', picture: null, elo: 1540 } });

const SEASON_ID = '99999999-9999-4999-8999-999999999999';
const seasonLine = {
  player: { id: 'p-ada', name: 'Ada', picture: null },
  team: { id: TEAM_ID, name: 'Owls' },
  maps: 5,
  rounds: 110,
  kills: 90,
  deaths: 70,
  assists: 20,
  kd: 90 / 70,
  adr: 88.1,
  hs_pct: 51,
  kast: null,
  rating: 1.21,
  plus_minus: 20,
  clutch_wins: 2,
  first_kills: 12,
};

function api(overrides: Record<string, FakeProcedure> = {}): Record<string, FakeProcedure> {
  return {
    'public.team': () => team,
    'public.teamEloHistory': () => history,
    'public.teamRankHistory': () => rankHistory,
    'public.players': () => paged(players),
    'public.matches': () => paged([upcoming]),
    'public.teamEvents': () => ({ results: [] }),
    'public.currentSeason': () => ({ id: SEASON_ID, name: 'Fall 2026', start_date: '2026-09-01', end_date: '2026-12-15' }),
    'public.seasons': () => paged([{ id: SEASON_ID, name: 'Fall 2026', start_date: '2026-09-01', end_date: '2026-12-15' }], 50),
    'public.teamMaps': () => ({ results: [{ map: 'de_nuke', map_name: 'Nuke', played: 5, wins: 2, losses: 3, round_diff: -6, picks: 1, bans: 2, first_bans: 1 }] }),
    'public.playerLeaderboard': () => paged([seasonLine], 25),
    ...overrides,
  };
}

describe('team page', () => {
  it('reserves the space while loading', async () => {
    renderWithProviders(<TeamPage id={TEAM_ID} />, { api: api(Object.fromEntries(Object.keys(api()).map((key) => [key, never]))) });
    expect(await screen.findByRole('status', { name: 'Loading team' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading roster' })).toBeTruthy();
  });

  it("shows the team's standing, record, form and calendar feed", async () => {
    renderWithProviders(<TeamPage id={TEAM_ID} />, { api: api() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Owls' })).toBeTruthy();
    expect(screen.getByText('Owl College')).toBeTruthy();
    expect(document.querySelector('[data-fact="elo"]')?.textContent).toBe('1540');
    expect(document.querySelector('[data-fact="rank"]')?.textContent).toContain('#3');
    expect(screen.getByText('up 2 since the last weekly ranking')).toBeTruthy();
    expect(document.querySelector('[data-fact="season-record"]')?.textContent).toBe('4 W – 1 L');
    expect(document.querySelector('[data-fact="record"]')?.textContent).toBe('12 W – 7 L');
    const form = screen.getByRole('list', { name: 'Latest results, newest first' });
    expect(within(form).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['WWin', 'LLoss', 'WWin']);
    expect(screen.getByRole('link', { name: /Calendar feed/ }).getAttribute('href')).toBe(`/feeds/teams/${TEAM_ID}.ics`);
    await waitFor(() => expect(document.title).toContain('Owls'));
  });

  it('draws one focusable chart point per result and Elo change, with the details on focus and arrow keys between them', async () => {
    renderWithProviders(<TeamPage id={TEAM_ID} />, { api: api() });
    const chart = await screen.findByRole('group', { name: 'Elo history of Owls' });
    const points = within(chart).getAllByRole('img');
    expect(points.map((p) => p.getAttribute('aria-label'))).toEqual([
      'Sep 6, 2025: Loss against Foxes, -18 (Elo 1500 to 1482)',
      'Sep 13, 2025: Win against Bears, +78 (Elo 1482 to 1560)',
      'Sep 20, 2025: Elo set by the league staff (Elo 1560 to 1520)',
      'Sep 27, 2025: Win against Foxes, +20 (Elo 1520 to 1540)',
    ]);
    // One Tab stop: the latest point.
    expect(points.map((p) => p.getAttribute('tabindex'))).toEqual(['-1', '-1', '-1', '0']);
    expect(chart.querySelectorAll('[data-marker]')).toHaveLength(1);
    expect(screen.getByText(/3 matches from Sep 6, 2025: Elo went from 1500 to 1540/)).toBeTruthy();

    const user = userEvent.setup();
    act(() => points[3]!.focus());
    expect(document.activeElement).toBe(points[3]);
    expect(document.querySelector('[data-chart-tooltip]')?.textContent).toBe('Sep 27, 2025: Win against Foxes, +20 (Elo 1520 to 1540)');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(points[2]);
    expect(document.querySelector('[data-chart-tooltip]')?.textContent).toBe('Sep 20, 2025: Elo set by the league staff (Elo 1560 to 1520)');
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(points[0]);
    expect(points[0]!.getAttribute('tabindex')).toBe('0');
    fireEvent.mouseEnter(points[1]!);
    expect(document.querySelector('[data-chart-tooltip]')?.textContent).toBe('Sep 13, 2025: Win against Bears, +78 (Elo 1482 to 1560)');
  });

  it('lists results newest first with the score and what it counts (maps or rounds), the Elo change with the win chance under it, and a link to the match', async () => {
    renderWithProviders(<TeamPage id={TEAM_ID} />, { api: api() });
    const results = await screen.findByRole('region', { name: 'Results' });
    const rows = (await within(results).findAllByRole('row')).slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['Sep 27, 2025: match details', 'Foxes', 'Win', '+2070% win chance'],
      ['Sep 13, 2025: match details', 'Bears', 'Win2–1 maps', '+7848% win chance'],
      ['Sep 6, 2025: match details', 'Foxes', 'Loss9–13 rounds', '-1862% win chance'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: /Sep 27, 2025/ }).getAttribute('href')).toBe('/matches/m-3');
    expect(within(rows[0]!).getByRole('link', { name: 'Foxes' }).getAttribute('href')).toBe(`/teams/${FOXES.id}`);
  });

  it('shows the record against each opponent, the rank history, the roster and the upcoming matches', async () => {
    renderWithProviders(<TeamPage id={TEAM_ID} />, { api: api() });
    const h2h = await screen.findByRole('region', { name: 'Head to head' });
    expect((await within(h2h).findAllByRole('row')).slice(1).map((row) => row.textContent)).toEqual(['Foxes11', 'Bears10']);

    const ranks = screen.getByRole('region', { name: 'Rank history' });
    expect((await within(ranks).findAllByRole('row'))[1]!.textContent).toBe('Sep 15, 2025#51560');

    const roster = await screen.findByRole('list', { name: 'Active players' });
    expect(within(roster).getByRole('link', { name: 'Ace' }).getAttribute('href')).toBe('/players/p-1');
    expect(within(screen.getByRole('list', { name: 'Benched players' })).getByRole('link', { name: 'Bench Bob' })).toBeTruthy();

    const next = screen.getByRole('region', { name: 'Upcoming matches' });
    const row = await within(next).findByText('Foxes');
    expect(row.getAttribute('href')).toBe(`/teams/${FOXES.id}`);
    // Owls 1540 against Foxes 1400: the domain's preview and star rating.
    expect(within(next).getByText('+60')).toBeTruthy();
    expect(within(next).getByText('-90')).toBeTruthy();
    expect(within(next).getByRole('img', { name: /of 5 stars/ })).toBeTruthy();
  });

  it('asks for the visible roster, and for scheduled matches soonest first', async () => {
    const asked: Record<string, unknown> = {};
    renderWithProviders(<TeamPage id={TEAM_ID} />, {
      api: api({
        'public.players': (input) => {
          asked.players = input;
          return paged(players);
        },
        'public.matches': (input) => {
          asked.matches = input;
          return paged([]);
        },
      }),
    });
    await screen.findByText('No upcoming matches');
    expect(asked.players).toMatchObject({ team_id: TEAM_ID, page: 1 });
    expect(asked.players).not.toHaveProperty('visible');
    expect(asked.matches).toMatchObject({ team_id: TEAM_ID, status: ['scheduled'], order: 'asc' });
  });

  it("shows the team's map pool and each player's line for the current season", async () => {
    const asked: unknown[] = [];
    renderWithProviders(<TeamPage id={TEAM_ID} />, {
      api: api({
        'public.playerLeaderboard': (input) => {
          asked.push(input);
          return paged([seasonLine], 25);
        },
      }),
    });
    const pool = await screen.findByRole('table', { name: 'Map pool of Owls, Fall 2026' });
    const nuke = within(pool).getByRole('row', { name: /Nuke/ });
    expect([...nuke.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['5', '2', '3', '40%', '-6', '1', '2', '1']);
    const lines = await screen.findByRole('table', { name: 'Players of Owls, Fall 2026' });
    expect(within(lines).getByRole('link', { name: 'Ada' }).getAttribute('href')).toBe('/players/p-ada');
    expect(within(lines).getByRole('row', { name: /Ada/ }).textContent).toContain('1.21');
    // Every player of the team, however few maps they played.
    expect(asked).toEqual([{ team_id: TEAM_ID, season_id: SEASON_ID, min_maps: 0, sort: 'rating', order: 'desc', page: 1, page_size: 25 }]);
  });

  it('says so when the team has played nothing and has nobody', async () => {
    renderWithProviders(<TeamPage id={TEAM_ID} />, {
      api: api({
        'public.team': () => ({ ...team, previous_rank: null, wins: 0, losses: 0, season_wins: 0, season_losses: 0, form: [] }),
        'public.teamEloHistory': () => ({ results: [], adjustments: [] }),
        'public.teamRankHistory': () => ({ results: [] }),
        'public.players': () => paged([]),
        'public.matches': () => paged([]),
      }),
    });
    expect(await screen.findByText('No results yet')).toBeTruthy();
    expect(screen.getByText('(not in the last weekly ranking)')).toBeTruthy();
    expect(await screen.findAllByText('No matches yet')).toHaveLength(3);
    expect(screen.getByText('Not in any weekly ranking yet')).toBeTruthy();
    expect(screen.getByText('No players listed')).toBeTruthy();
    expect(screen.getByText('No upcoming matches')).toBeTruthy();
  });

  it('shows the not-found page for an unknown team, having asked only for the team (no batch of failing requests)', async () => {
    const asked: string[] = [];
    const record = (name: string, answer: () => unknown) => () => {
      asked.push(name);
      return answer();
    };
    renderWithProviders(<TeamPage id={TEAM_ID} />, {
      api: {
        ...Object.fromEntries(Object.entries(api()).map(([name, answer]) => [name, record(name, answer as () => unknown)])),
        'public.team': record('public.team', () => {
          throw new FakeNotFound('Team not found');
        }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(asked).toEqual(['public.team']);
  });

  it('shows the not-found page for a malformed id without asking the server', async () => {
    renderWithProviders(<TeamPage id="not-a-uuid" />, { api: {} });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('says in plain words when loading failed, and tries again on request', async () => {
    let fail = true;
    renderWithProviders(<TeamPage id={TEAM_ID} />, {
      api: api({
        'public.team': () => {
          if (fail) throw new Error('Internal server error');
          return team;
        },
      }),
    });
    expect(await screen.findByText('This team could not be loaded. Check your connection and try again.')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Owls' })).toBeTruthy();
  });
});
