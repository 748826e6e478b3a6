import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeNotFound, never, renderWithProviders } from '../common/testing';
import { EventPage } from './EventPage';
import { EVENT_ID, finishedPlayoff, roundRobin, runningInvitational } from './fixtures';

const render = (event: unknown) => renderWithProviders(<EventPage id={EVENT_ID} />, { api: { 'public.event': () => event } });

describe('EventPage', () => {
  it('shows the details, links and the champion at the top', async () => {
    render(finishedPlayoff);
    expect((await screen.findByRole('heading', { level: 1, name: 'Fall Playoffs' })).textContent).toBe('Fall Playoffs');
    expect(screen.getByText('The top four by Elo.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Stream' }).getAttribute('href')).toBe('https://twitch.tv/league');
    expect(screen.getByRole('link', { name: 'Discord' }).getAttribute('href')).toBe('https://discord.gg/league');
    expect(screen.queryByRole('link', { name: 'Second stream' })).toBeNull();
    const champion = screen.getByRole('region', { name: 'Champion' });
    expect(within(champion).getByRole('link', { name: 'Owls' }).getAttribute('href')).toBe('/teams/team-owls');
    expect(document.title).toContain('Fall Playoffs');
  });

  it('shows the prize pool, entry fee, places, division, registration, the rules link and Featured (issue 23)', async () => {
    render({
      ...finishedPlayoff,
      links: { ...finishedPlayoff.links, rules: 'https://league.example/rules.pdf' },
      details: {
        prize_pool: '1500.00',
        prize_currency: 'USD',
        entry_fee: '25.00',
        max_teams: 16,
        registration_open: true,
        registration_deadline: '2026-12-01T18:00:00.000Z',
        featured: true,
        division: 'honors',
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Fall Playoffs' });
    expect(screen.getByText('Prize pool $1,500.00 · Entry fee $25.00 · Up to 16 teams · Division: honors · Registration open until Dec 1, 2026, 6:00 PM UTC')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Rules' }).getAttribute('href')).toBe('https://league.example/rules.pdf');
    expect(screen.getByText('Featured')).toBeTruthy();
  });

  it('shows no details line for an event without them', async () => {
    render(finishedPlayoff);
    await screen.findByRole('heading', { level: 1, name: 'Fall Playoffs' });
    expect(screen.queryByText(/Prize pool|Entry fee|Registration open/)).toBeNull();
    expect(screen.queryByText('Featured')).toBeNull();
  });

  it('draws the bracket in a sideways-scrolling region, each played match linking to its match page', async () => {
    render(finishedPlayoff);
    const region = await screen.findByRole('region', { name: 'Bracket, scrolls sideways' });
    expect(region.tabIndex).toBe(0);
    const final = within(region).getByRole('link', { name: 'Final: Owls 13 Foxes 9 , Owls won' });
    expect(final.getAttribute('href')).toBe('/matches/match-3');
    expect(within(region).getAllByRole('link')).toHaveLength(3);
    expect(region.querySelectorAll('svg path')).toHaveLength(2);
  });

  it("highlights the winner's path on focus and clears it on blur", async () => {
    render(finishedPlayoff);
    const region = await screen.findByRole('region', { name: 'Bracket, scrolls sideways' });
    const semifinal = within(region).getByRole('link', { name: /^Semifinals: Owls 13 Bears 4/ });
    fireEvent.focus(semifinal);
    const highlighted = () => [...region.querySelectorAll('[data-highlighted]')].map((element) => element.getAttribute('data-slot') ?? element.tagName.toLowerCase());
    // Owls' two matches and the connector from their semifinal to the final.
    expect(highlighted().sort()).toEqual(['1', '3', 'path']);
    fireEvent.blur(semifinal);
    expect(highlighted()).toEqual([]);
  });

  it('draws double elimination in upper, lower and grand final parts, with byes and live matches marked', async () => {
    render(runningInvitational);
    for (const part of ['Upper bracket', 'Lower bracket', 'Grand final']) expect(await screen.findByRole('region', { name: `${part}, scrolls sideways` })).toBeTruthy();
    const upper = screen.getByRole('region', { name: 'Upper bracket, scrolls sideways' });
    const bye = within(upper).getByRole('group', { name: 'Upper round 1: Owls, Bye, Owls goes through' });
    expect(bye.textContent).toContain('Bye');
    const live = within(upper).getByRole('link', { name: 'Upper final: Live Owls 5 Foxes 3' });
    expect(live.textContent).toContain('Live');
    const grandFinal = screen.getByRole('region', { name: 'Grand final, scrolls sideways' });
    expect(within(grandFinal).getByRole('group', { name: 'Grand final: To be decided, To be decided' }).tabIndex).toBe(0);
    expect(screen.queryByRole('region', { name: 'Champion' })).toBeNull();
    expect(screen.getByText('Double elimination, grand-final reset · 3 teams')).toBeTruthy();
  });

  it('shows the standings of a round robin, naming the tie-break', async () => {
    render(roundRobin);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['#TeamPlayedWinsLossesRound difference', '1Owls110+9', '2Foxes110+2', '3Wolves101-2', '4Bears101-9']);
    expect(screen.getByText(/Ordered by wins, then round difference/)).toBeTruthy();
  });

  it('shows loading while the event loads', async () => {
    renderWithProviders(<EventPage id={EVENT_ID} />, { api: { 'public.event': never } });
    expect(await screen.findByRole('status', { name: 'Loading event' })).toBeTruthy();
  });

  it('shows the not-found page for an unknown id', async () => {
    renderWithProviders(<EventPage id={EVENT_ID} />, {
      api: {
        'public.event': () => {
          throw new FakeNotFound('No event has this id');
        },
      },
    });
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeTruthy();
  });

  it('offers to try again when the event cannot be loaded', async () => {
    renderWithProviders(<EventPage id={EVENT_ID} />, {
      api: {
        'public.event': () => {
          throw new Error('Internal server error');
        },
      },
    });
    expect(await screen.findByText('This event could not be loaded. Check your connection and try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
