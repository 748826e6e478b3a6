import { MantineProvider } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paged, renderWithProviders } from '../common/testing';
import { GraphicGenerator } from './GraphicGenerator';

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
});
