import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { everythingOnScreen, fakeMatch, never, paged, renderWithProviders } from '../common/testing';
import type { MatchListItem } from '@campus-elo/api-contract';
import { LiveMatchesTab } from './LiveMatchesTab';
import { PastMatchCard } from './PastMatchCard';
import { PastMatchFilters } from './PastMatchFilters';
import { UpcomingMatchesTab } from './UpcomingMatchesTab';

const fail = () => {
  throw new Error('down');
};

describe('LiveMatchesTab', () => {
  it('shows a spinner, then the empty text', async () => {
    renderWithProviders(<LiveMatchesTab />, { api: { 'public.matches': never } });
    expect(await screen.findByRole('status', { name: 'Loading live matches' })).toBeTruthy();
  });

  it("says 'No live matches currently' when nothing is live", async () => {
    renderWithProviders(<LiveMatchesTab />, { api: { 'public.matches': () => paged([]) } });
    expect(await screen.findByText('No live matches currently')).toBeTruthy();
  });

  it('shows the error text', async () => {
    renderWithProviders(<LiveMatchesTab />, { api: { 'public.matches': fail } });
    expect(await screen.findByText('There was an error loading live matches. Please try again later.')).toBeTruthy();
  });

  it("links 'View' to the match page in English, in a new tab without referrer", async () => {
    renderWithProviders(<LiveMatchesTab />, { api: { 'public.matches': () => paged([fakeMatch({ status: 'in_progress', score_team1: 5, score_team2: 7 })]) } });
    const view = await screen.findByRole('link', { name: /^View/ });
    expect(view.getAttribute('href')).toBe('https://www.faceit.com/en/cs2/room/1-abc');
    expect(view.getAttribute('target')).toBe('_blank');
    expect(view.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('7').getAttribute('data-tone')).toBe('higher');
    // The match and its teams have pages of their own on this site.
    expect(screen.getByRole('link', { name: 'Match details: Owls vs Foxes' }).getAttribute('href')).toBe('/matches/match-1');
    expect(screen.getByRole('link', { name: 'Owls' }).getAttribute('href')).toBe('/teams/team-a');
    expect(screen.getByText('5').getAttribute('data-tone')).toBe('lower');
  });
});

describe('UpcomingMatchesTab', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = everythingOnScreen();
  });
  afterEach(() => restore());

  it('holds the place with card outlines until all three windows have answered', async () => {
    renderWithProviders(<UpcomingMatchesTab />, { api: { 'public.matches': never } });
    const loading = await screen.findByRole('status', { name: 'Loading upcoming matches' });
    expect(loading.querySelectorAll('li')).toHaveLength(3);
    expect(screen.queryByRole('heading', { name: 'Today' })).toBeNull();
  });

  it('asks for scheduled matches in three windows that follow one another, so no match shows twice, and shows each empty text', async () => {
    const asked: { date_from: string; date_to: string; page_size: number }[] = [];
    renderWithProviders(<UpcomingMatchesTab />, {
      api: {
        'public.matches': (input) => {
          asked.push(input);
          return paged([]);
        },
      },
    });
    expect(await screen.findByText('No matches scheduled for today')).toBeTruthy();
    expect(await screen.findByText('No more matches scheduled this week')).toBeTruthy();
    expect(await screen.findByText('No more matches scheduled this month')).toBeTruthy();
    expect(asked).toHaveLength(3);
    const windows = asked.map((input) => [Date.parse(input.date_from), Date.parse(input.date_to)] as const).sort((a, b) => a[0] - b[0]);
    const [today, week, month] = windows as [readonly [number, number], readonly [number, number], readonly [number, number]];
    expect(today[1] - today[0]).toBeLessThanOrEqual(86_400_000);
    expect(week[0]).toBe(today[1] + 1);
    expect(month[0]).toBe(week[1] + 1);
    expect((week[1] - today[0]) / 86_400_000).toBeCloseTo(7);
    expect((month[1] - today[0]) / 86_400_000).toBeCloseTo(30);
    expect(asked.every((input) => input.page_size === 100)).toBe(true);
  });

  it('explains the stars and the Win and Loss numbers in a legend', async () => {
    renderWithProviders(<UpcomingMatchesTab />, { api: { 'public.matches': () => paged([]) } });
    const legend = await screen.findByText(/^Stars: how worth watching/);
    expect(legend.textContent).toMatch(/^Stars: how worth watching.*Win and Loss: the Elo each team would gain by winning or lose by losing/);
  });

  it('shows the error text', async () => {
    renderWithProviders(<UpcomingMatchesTab />, { api: { 'public.matches': fail } });
    expect((await screen.findAllByText('There was an error loading upcoming matches. Please try again later.')).length).toBeGreaterThan(0);
  });

  it('lists scheduled matches under their window', async () => {
    renderWithProviders(<UpcomingMatchesTab />, { api: { 'public.matches': () => paged([fakeMatch()]) } });
    await waitFor(() => expect(screen.getAllByText('Owls')).toHaveLength(3));
    for (const heading of ['Today', 'Later this week', 'Later this month']) expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
  });
});

describe("UpcomingMatchesTab's 30-day list off screen", () => {
  // happy-dom's own observer never reports: the Later this month list stays off screen.
  it('names the Later this month section at once, for headings lists', async () => {
    renderWithProviders(<UpcomingMatchesTab />, { api: { 'public.matches': () => paged([fakeMatch()]) } });
    await waitFor(() => expect(screen.getAllByText('Owls')).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Later this month' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Later this month' })).queryByText('Owls')).toBeNull();
  });

  it('mounts its cards when the keyboard reaches them, and Tab goes on into them', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UpcomingMatchesTab />, { api: { 'public.matches': () => paged([fakeMatch()]) } });
    await waitFor(() => expect(screen.getAllByText('Owls')).toHaveLength(2));
    within(screen.getByRole('region', { name: 'Later this week' })).getAllByRole('link').at(-1)!.focus();

    await user.tab();
    const month = screen.getByRole('region', { name: 'Later this month' });
    expect(within(month).getByText('Owls')).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(within(month).getAllByRole('link')[0]);
  });
});

describe('PastMatchCard', () => {
  it('says whether its score counts rounds (16-9) or maps (2-0)', async () => {
    const rounds = fakeMatch({ id: 'r', status: 'completed', score_team1: 9, score_team2: 16, winner: { id: 'team-b', name: 'Foxes' } }) as MatchListItem;
    const maps = fakeMatch({ id: 'm', status: 'completed', score_team1: 2, score_team2: 0, winner: { id: 'team-a', name: 'Owls' } }) as MatchListItem;
    renderWithProviders(
      <ul>
        <PastMatchCard match={rounds} />
        <PastMatchCard match={maps} />
      </ul>,
    );
    expect((await screen.findByText('score in rounds')).closest('[data-match-id]')?.getAttribute('data-match-id')).toBe('r');
    expect(screen.getByText('score in maps').closest('[data-match-id]')?.getAttribute('data-match-id')).toBe('m');
  });

  it('links the winner, the loser and the match to their pages', async () => {
    const match = fakeMatch({ status: 'completed', score_team1: 9, score_team2: 16, winner: { id: 'team-b', name: 'Foxes' } }) as MatchListItem;
    renderWithProviders(
      <ul>
        <PastMatchCard match={match} />
      </ul>,
    );
    const teamLinks = await screen.findAllByRole('link', { name: /^(Owls|Foxes)$/ });
    expect(teamLinks.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Foxes', '/teams/team-b'],
      ['Owls', '/teams/team-a'],
    ]);
    expect(screen.getByRole('link', { name: 'Match details: Owls vs Foxes' }).getAttribute('href')).toBe('/matches/match-1');
  });
});

describe('PastMatchFilters', () => {
  it('offers the competitions the database holds, one option per name', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PastMatchFilters filters={{}} open onToggle={() => {}} onChange={() => {}} onReset={() => {}} />, {
      api: {
        'public.seasons': () => paged([]),
        'public.competitions': () => [
          { id: 'c1', name: 'NECC' },
          { id: 'c2', name: 'Spring Invitational' },
          { id: 'c3', name: 'NECC' },
        ],
      },
    });
    await user.click((await screen.findAllByLabelText('Competition'))[0]!);
    // Every select's options are in the document: the competitions' run from 'All Competitions'.
    await waitFor(() => {
      const options = screen.getAllByRole('option', { hidden: true }).map((option) => option.textContent);
      const first = options.indexOf('All Competitions');
      expect(options.slice(first, first + 3)).toEqual(['All Competitions', 'NECC', 'Spring Invitational']);
      expect(options.filter((name) => name === 'NECC')).toHaveLength(1);
    });
  });
});
