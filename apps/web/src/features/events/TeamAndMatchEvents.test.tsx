import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../common/testing';
import { EVENT_ID } from './fixtures';
import { MatchEventLine } from './MatchEventLine';
import { TeamEventsSection } from './TeamEventsSection';

const teamEvent = (overrides: Record<string, unknown>) => ({
  id: EVENT_ID,
  name: 'Fall Playoffs',
  start_date: '2026-03-03',
  end_date: '2026-03-05',
  season: null,
  picture: null,
  format: 'single_elimination',
  status: 'past',
  seed: 1,
  placement: 'Champion',
  ...overrides,
});

describe('TeamEventsSection', () => {
  it("lists the team's events with its seed and placement, or that it is still in", async () => {
    renderWithProviders(<TeamEventsSection teamId="team-owls" refetchInterval={false} />, {
      api: { 'public.teamEvents': () => ({ results: [teamEvent({ id: 'ev-2', name: 'Invitational', placement: null, seed: 3, status: 'ongoing' }), teamEvent({})] }) },
    });
    const section = await screen.findByRole('region', { name: 'Events' });
    await screen.findByRole('link', { name: 'Fall Playoffs' });
    const items = [...section.querySelectorAll('[data-team-event]')].map((li) => li.textContent);
    expect(items).toEqual(['InvitationalMar 3, 2026 – Mar 5, 2026 · seed 3Still in', 'Fall PlayoffsMar 3, 2026 – Mar 5, 2026 · seed 1Champion']);
    expect(screen.getByRole('link', { name: 'Fall Playoffs' }).getAttribute('href')).toBe(`/events/${EVENT_ID}`);
  });

  it('shows nothing for a team without events', async () => {
    const { container, queryClient } = renderWithProviders(<TeamEventsSection teamId="team-owls" refetchInterval={false} />, { api: { 'public.teamEvents': () => ({ results: [] }) } });
    await waitFor(() => expect(queryClient.getQueryCache().getAll().map((query) => query.state.status)).toEqual(['success']));
    expect(container.querySelector('section')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('MatchEventLine', () => {
  it('names the event and round, linking to the event', async () => {
    renderWithProviders(<MatchEventLine matchId="match-3" />, {
      api: { 'public.matchEvent': () => ({ event: { id: EVENT_ID, name: 'Fall Playoffs', format: 'single_elimination' }, slot: 3, stage: 'single_elimination', round: { number: 2, name: 'Final' } }) },
    });
    const link = await screen.findByRole('link', { name: 'Fall Playoffs' });
    expect(link.getAttribute('href')).toBe(`/events/${EVENT_ID}`);
    expect(link.parentElement!.textContent).toBe('Played in Fall Playoffs, Final');
  });
});
