import { MantineProvider } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

// An admin in New York: the week's date must not move a day back (set before the formatters are made).
vi.hoisted(() => {
  process.env.TZ = 'America/New_York';
});

const { paged, renderWithProviders } = await import('../common/testing');
const { GraphicGenerator } = await import('./GraphicGenerator');

const FALL = '44444444-4444-4444-8444-444444444444';
const WEEK = '77777777-7777-4777-8777-777777777777';
const fall = { id: FALL, name: 'Fall 2026', start_date: '2026-08-20', end_date: '2026-12-20' };

describe('Graphic Generator ranking week', () => {
  it("draws a saved ranking week's top ten when one is chosen, and today's Elo by default", async () => {
    const asked: string[] = [];
    renderWithProviders(
      <MantineProvider env="test">
        <GraphicGenerator />
      </MantineProvider>,
      {
        api: {
          'public.currentSeason': () => fall,
          'public.seasons': () => paged([fall]),
          'public.teams': () => {
            asked.push('current');
            return paged([]);
          },
          'public.rankings': () => paged([{ id: WEEK, date: '2026-11-16T12:00:00Z', season: { id: FALL, name: 'Fall 2026' } }]),
          'public.rankingItems': (input: { ranking_id: string }) => {
            asked.push(input.ranking_id);
            return paged([]);
          },
        },
      },
    );
    const user = userEvent.setup();
    const week = await screen.findByLabelText('Ranking Week', { selector: 'input' });
    expect((week as HTMLInputElement).value).toBe('Current Rankings');
    await waitFor(() => expect(asked).toEqual(['current']));
    await user.click(week);
    await user.click(await screen.findByRole('option', { name: 'Week of Nov 16, 2026' }));
    await waitFor(() => expect(asked).toEqual(['current', WEEK]));
  });

  it('names the ranking week drawn, as its calendar date even west of UTC', async () => {
    renderWithProviders(
      <MantineProvider env="test">
        <GraphicGenerator />
      </MantineProvider>,
      {
        api: {
          'public.currentSeason': () => fall,
          'public.seasons': () => paged([fall]),
          'public.teams': () => paged([]),
          'public.rankings': () => paged([{ id: WEEK, date: '2026-11-23T00:00:00.000Z', season: { id: FALL, name: 'Fall 2026' } }]),
          'public.rankingItems': () => paged([]),
        },
      },
    );
    const user = userEvent.setup();
    expect((await screen.findByRole('img', { name: /graphic preview/ })).getAttribute('aria-label')).toMatch(/^TOP 10 TEAMS, Rankings of \w{3} \d+, \d{4}: graphic preview$/);
    await user.click(await screen.findByLabelText('Ranking Week', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Week of Nov 23, 2026' }));
    expect(screen.getByRole('img', { name: 'TOP 10 TEAMS, Week of Nov 23, 2026: graphic preview' })).toBeTruthy();
  });
});
