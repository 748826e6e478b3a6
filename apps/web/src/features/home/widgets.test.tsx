import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { everythingOnScreen, fakeMatch, never, paged, renderWithProviders } from '../common/testing';
import { LiveMatchesWidget } from './LiveMatchesWidget';
import { PastMatchesWidget } from './PastMatchesWidget';
import { PlayerRankingsWidget } from './PlayerRankingsWidget';
import { TeamRankingsWidget } from './TeamRankingsWidget';
import { UpcomingMatchesWidget } from './UpcomingMatchesWidget';

const fail = () => {
  throw new Error('down');
};
const PLAYER_WORDING = 'There was an error loading the player rankings. Please try again later.';

// The rankings widgets' lists mount when their place comes near the screen.
let restore: () => void;
beforeEach(() => {
  restore = everythingOnScreen();
});
afterEach(() => restore());

interface WidgetCase {
  name: string;
  ui: ReactNode;
  procedure: string;
  loadingLabel: string;
  errorText: string;
  emptyText: string;
  loaded: unknown[];
  loadedText: string;
  headingHref: string;
}

const team = { id: 'team-a', name: 'Owls', picture: null, school_name: 'Owl College', elo: 1712, captain: null };
const player = { id: 'p1', name: 'Ace', picture: null, skill_level: 8, elo: 2100, team: { id: 'team-a', name: 'Owls', picture: null }, benched: false, visible: true };

const cases: WidgetCase[] = [
  {
    name: 'team rankings',
    ui: <TeamRankingsWidget seasonId="season-1" seasonReady />,
    procedure: 'public.teams',
    loadingLabel: 'Loading team rankings',
    errorText: 'There was an error loading the team rankings. Please try again later.',
    emptyText: 'No teams ranked yet',
    loaded: [team],
    loadedText: 'Owls',
    headingHref: '/rankings#team',
  },
  {
    name: 'player rankings',
    ui: <PlayerRankingsWidget seasonId="season-1" seasonReady />,
    procedure: 'public.players',
    loadingLabel: 'Loading player rankings',
    errorText: PLAYER_WORDING,
    emptyText: 'No players ranked yet',
    loaded: [player],
    loadedText: 'Ace',
    headingHref: '/rankings#player',
  },
  {
    name: 'upcoming matches',
    ui: <UpcomingMatchesWidget />,
    procedure: 'public.matches',
    loadingLabel: 'Loading upcoming matches',
    errorText: PLAYER_WORDING,
    emptyText: 'No upcoming matches',
    loaded: [fakeMatch()],
    loadedText: 'Owls',
    headingHref: '/matches',
  },
  {
    name: 'past matches',
    ui: <PastMatchesWidget />,
    procedure: 'public.matches',
    loadingLabel: 'Loading past matches',
    errorText: PLAYER_WORDING,
    emptyText: 'No past matches',
    loaded: [fakeMatch({ status: 'completed', score_team1: 16, score_team2: 12, winner: { id: 'team-a', name: 'Owls' } })],
    loadedText: 'Owls',
    headingHref: '/matches#past',
  },
];

describe.each(cases)('home $name widget', (widget) => {
  it('shows a spinner while loading', async () => {
    renderWithProviders(widget.ui, { api: { [widget.procedure]: never } });
    expect(await screen.findByRole('status', { name: widget.loadingLabel })).toBeTruthy();
  });

  it('shows the error text when the call fails', async () => {
    renderWithProviders(widget.ui, { api: { [widget.procedure]: fail } });
    expect(await screen.findByText(widget.errorText)).toBeTruthy();
  });

  it('says when there is nothing to show', async () => {
    renderWithProviders(widget.ui, { api: { [widget.procedure]: () => paged([]) } });
    expect(await screen.findByText(widget.emptyText)).toBeTruthy();
  });

  it('lists the loaded rows under a heading that links on', async () => {
    renderWithProviders(widget.ui, { api: { [widget.procedure]: () => paged(widget.loaded) } });
    expect(await screen.findByText(widget.loadedText)).toBeTruthy();
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading.querySelector('a')?.getAttribute('href')).toBe(widget.headingHref);
  });
});

describe.each([
  { name: 'upcoming', ui: <UpcomingMatchesWidget />, match: fakeMatch() },
  { name: 'past', ui: <PastMatchesWidget />, match: fakeMatch({ status: 'completed', score_team1: 16, score_team2: 12, winner: { id: 'team-a', name: 'Owls' } }) },
  { name: 'live', ui: <LiveMatchesWidget />, match: fakeMatch({ status: 'in_progress', score_team1: 3, score_team2: 1 }) },
])('home $name matches widget', ({ ui, match }) => {
  it('links both teams and the match to their pages', async () => {
    renderWithProviders(ui, { api: { 'public.matches': () => paged([match]) } });
    expect((await screen.findByRole('link', { name: 'Owls' })).getAttribute('href')).toBe('/teams/team-a');
    expect(screen.getByRole('link', { name: 'Foxes' }).getAttribute('href')).toBe('/teams/team-b');
    expect(screen.getByRole('link', { name: 'Match details: Owls vs Foxes' }).getAttribute('href')).toBe('/matches/match-1');
  });
});

describe('home rankings widgets', () => {
  it('ask for the top 10 by Elo in the home season', async () => {
    const asked: unknown[] = [];
    renderWithProviders(<TeamRankingsWidget seasonId="season-1" seasonReady />, {
      api: {
        'public.teams': (input) => {
          asked.push(input);
          return paged([team]);
        },
      },
    });
    await screen.findByText('Owls');
    expect(asked).toEqual([{ sort: 'elo', order: 'desc', page: 1, page_size: 10, season_id: 'season-1' }]);
  });

  it('wait for the home season before asking', async () => {
    const asked: unknown[] = [];
    renderWithProviders(<PlayerRankingsWidget seasonId={undefined} seasonReady={false} />, { api: { 'public.players': (input) => asked.push(input) } });
    expect(await screen.findByRole('status', { name: 'Loading player rankings' })).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it('link each team and player to its page', async () => {
    renderWithProviders(<TeamRankingsWidget seasonId="season-1" seasonReady />, { api: { 'public.teams': () => paged([team]) } });
    expect((await screen.findByRole('link', { name: 'Owls' })).getAttribute('href')).toBe('/teams/team-a');
  });

  it('link a ranked player to their page and their team to its page', async () => {
    renderWithProviders(<PlayerRankingsWidget seasonId="season-1" seasonReady />, { api: { 'public.players': () => paged([player]) } });
    expect((await screen.findByRole('link', { name: 'Ace' })).getAttribute('href')).toBe('/players/p1');
    expect(screen.getByRole('link', { name: 'Owls' }).getAttribute('href')).toBe('/teams/team-a');
  });

  it('show the winner of a past match in bold', async () => {
    renderWithProviders(<PastMatchesWidget />, { api: { 'public.matches': () => paged(cases[3]!.loaded) } });
    expect((await screen.findByText('Owls')).hasAttribute('data-winner')).toBe(true);
    expect(screen.getByText('Foxes').hasAttribute('data-winner')).toBe(false);
  });
});

describe('home rankings widgets off screen', () => {
  // happy-dom's own observer, which never reports: the lists stay off screen.
  beforeEach(() => restore());

  it('show their headings at once and load their lists when the keyboard reaches them', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <a href="/before">Before</a>
        <TeamRankingsWidget seasonId="season-1" seasonReady />
      </>,
      { api: { 'public.teams': () => paged([team]) } },
    );
    const card = await screen.findByRole('region', { name: 'Team Rankings' });
    expect(within(card).queryByRole('link', { name: 'Owls' })).toBeNull();

    screen.getByRole('link', { name: 'Before' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(within(card).getByRole('link', { name: 'Team Rankings' }));
    await user.tab();
    const owls = await within(card).findByRole('link', { name: 'Owls' });
    await user.tab();
    expect(document.activeElement).toBe(owls);
  });
});
