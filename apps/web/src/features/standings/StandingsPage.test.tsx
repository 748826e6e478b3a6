import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { never, paged, renderWithProviders } from '../common/testing';
import { StandingsView } from './StandingsPage';
import { formatChance } from './standings-wording';
import type { StandingsSearch } from './standingsSearch';

const SEASON = '11111111-1111-4111-8111-111111111111';
const CHALLENGERS = '22222222-2222-4222-8222-222222222222';
const ELITES = '33333333-3333-4333-8333-333333333333';

function row(place: number, name: string, points: number, tiebreak: string | null, playoffs: number | null) {
  return {
    place,
    team: { id: `t-${name.toLowerCase()}`, name, picture: null },
    played: 4,
    wins: points,
    losses: 4 - points,
    points,
    map_diff: points * 2 - 4,
    round_diff: points * 10 - 20,
    form: ['W', 'L'],
    elo: 1500 + points * 10,
    tiebreak,
    chances: playoffs === null ? null : { lines: { Playoffs: playoffs, Relegation: 1 - playoffs }, places: [] },
  };
}

function division(id: string, name: string, rows: ReturnType<typeof row>[]) {
  return {
    id,
    name,
    order: 0,
    lines: [
      { place: 2, label: 'Playoffs', kind: 'qualify' },
      { place: 4, label: 'Relegation', kind: 'relegate' },
    ],
    tiebreakers: ['head_to_head', 'map_diff'],
    points_win: 1,
    points_loss: 0,
    remaining: 6,
    chances_updated_at: '2026-11-01T00:00:00Z',
    chances_current: true,
    rows,
  };
}

const challengers = division(CHALLENGERS, 'Challengers', [
  row(1, 'Owls', 3, null, 0.93),
  row(2, 'Hawks', 2, 'head_to_head', 0.63),
  row(3, 'Bats', 2, 'head_to_head', 0.41),
  row(4, 'Moles', 1, null, 0.003),
]);
const elites = division(ELITES, 'Elites', [row(1, 'Lions', 4, null, 1)]);

function renderStandings(search: StandingsSearch, standings: (input: any) => unknown) {
  const onSearch = vi.fn();
  const api = {
    'public.seasons': () => paged([{ id: SEASON, name: 'Fall 2026', start_date: '2026-09-01', end_date: '2026-12-15' }], 50),
    'public.standings': standings,
  };
  renderWithProviders(<StandingsView search={search} onSearch={onSearch} />, { api, path: '/standings' });
  return onSearch;
}

describe('StandingsView', () => {
  it('shows a tab per division and the first division’s table with its bands, labels, tie note and chances', async () => {
    renderStandings({}, () => ({ season: { id: SEASON, name: 'Fall 2026' }, divisions: [challengers, elites] }));
    const table = await screen.findByRole('table', { name: 'Challengers standings' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Challengers', 'Elites']);
    expect(screen.getByRole('tab', { name: 'Challengers' }).getAttribute('aria-selected')).toBe('true');

    const rows = within(table).getAllByRole('row').filter((tr) => tr.hasAttribute('data-team-id'));
    expect(rows.map((tr) => [tr.getAttribute('data-band'), within(tr).getByRole('rowheader').textContent])).toEqual([
      ['Playoffs', 'Owls'],
      ['Playoffs', 'Hawks'],
      [null, 'Bats'],
      ['Relegation', 'Moles'],
    ]);
    // The lines are written out, not only coloured.
    expect(within(table).getByText(/Playoffs: places 1–2/)).toBeTruthy();
    expect(within(table).getByText(/Relegation: places 4 and below/)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Lines' }).textContent).toContain('Playoffs: places 1–2');
    // Hawks and Bats are level on 2 points: a note mark beside each, and the note says what separated them.
    expect(within(rows[1]!).getByText(', tied: see note 1')).toBeTruthy();
    expect(within(rows[2]!).getByText(', tied: see note 1')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Ties' }).textContent).toBe('Tied on 2 points: Hawks, Bats. Separated by head-to-head.');
    expect(within(rows[1]!).getAllByText('63%').length).toBe(1);
    expect(within(rows[3]!).getByText('<1%')).toBeTruthy();
    expect(screen.getByText(/A win gives 1 point, a loss 0 points\. Teams level on points are separated by head-to-head, then map difference, then name\./)).toBeTruthy();
  });

  it('opens the division of the URL, and a tab keeps the chosen division in the URL', async () => {
    const onSearch = renderStandings({ division: ELITES }, () => ({ season: { id: SEASON, name: 'Fall 2026' }, divisions: [challengers, elites] }));
    expect(await screen.findByRole('table', { name: 'Elites standings' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Challengers' }));
    expect(onSearch).toHaveBeenCalledWith({ division: CHALLENGERS });
  });

  it('asks for the season of the URL and starts the divisions again when another is picked', async () => {
    const standings = vi.fn(() => ({ season: { id: SEASON, name: 'Fall 2026' }, divisions: [challengers] }));
    const onSearch = renderStandings({ season: SEASON }, standings);
    await screen.findByRole('table', { name: 'Challengers standings' });
    expect(standings).toHaveBeenCalledWith({ season_id: SEASON });
    fireEvent.change(screen.getByRole('combobox', { name: 'Season' }), { target: { value: SEASON } });
    expect(onSearch).toHaveBeenCalledWith({ season: SEASON, division: undefined });
  });

  it('says when a season has no divisions', async () => {
    renderStandings({}, () => ({ season: { id: SEASON, name: 'Fall 2026' }, divisions: [] }));
    expect(await screen.findByText('No divisions for this season yet')).toBeTruthy();
  });

  it('holds the place of the table while it loads', async () => {
    renderStandings({}, never);
    expect(await screen.findByRole('status', { name: 'Loading standings' })).toBeTruthy();
  });

  it('says a failed load in words and offers to try again', async () => {
    renderStandings({}, () => {
      throw new Error('database down');
    });
    expect(await screen.findByText('The standings could not be loaded. Check your connection and try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('formatChance', () => {
  it('reads whole percents, and never rounds a possibility to a certainty', () => {
    expect([0, 0.004, 0.41, 0.996, 1].map(formatChance)).toEqual(['0%', '<1%', '41%', '>99%', '100%']);
  });
});
