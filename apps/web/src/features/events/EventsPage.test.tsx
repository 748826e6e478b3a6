import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { never, paged, renderWithProviders } from '../common/testing';
import { EventsPage } from './EventsPage';
import { listItem } from './fixtures';

describe('EventsPage', () => {
  it('lists ongoing, upcoming and past events with their dates, season, format, teams and winner', async () => {
    const asked: string[] = [];
    renderWithProviders(<EventsPage />, {
      api: {
        'public.events': (input: { status: string }) => {
          asked.push(input.status);
          if (input.status === 'past') return paged([listItem()]);
          if (input.status === 'ongoing') return paged([listItem({ id: 'ev-2', name: 'Campus Invitational', format: 'double_elimination', status: 'ongoing', winner: null, team_count: 6 })]);
          return paged([]);
        },
      },
    });
    const past = await screen.findByRole('region', { name: 'Past' });
    const playoff = await within(past).findByRole('link', { name: /Fall Playoffs/ });
    expect(playoff.getAttribute('href')).toBe('/events/44444444-4444-4444-8444-444444444444');
    expect(playoff.textContent).toContain('Mar 3, 2026 – Mar 5, 2026 · Fall 2026');
    expect(playoff.textContent).toContain('Single elimination · 8 teams');
    expect(playoff.textContent).toContain('Champion Owls');

    const ongoing = screen.getByRole('region', { name: 'Ongoing' });
    const invitational = await within(ongoing).findByRole('link', { name: /Campus Invitational/ });
    expect(invitational.textContent).toContain('Double elimination · 6 teams');
    expect(invitational.textContent).not.toContain('Champion');

    expect(await within(screen.getByRole('region', { name: 'Upcoming' })).findByText('No event is planned yet.')).toBeTruthy();
    expect(asked.sort()).toEqual(['ongoing', 'past', 'upcoming']);
  });

  it('shows loading while the lists load', async () => {
    renderWithProviders(<EventsPage />, { api: { 'public.events': never } });
    expect(await screen.findByRole('status', { name: 'Loading past events' })).toBeTruthy();
  });

  it('says so when the events cannot be loaded', async () => {
    renderWithProviders(<EventsPage />, {
      api: {
        'public.events': () => {
          throw new Error('Internal server error');
        },
      },
    });
    await waitFor(() => expect(screen.getAllByText('Events could not be loaded. Check your connection and reload the page.')).toHaveLength(3));
  });
});
