import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paged, renderWithProviders } from '../common/testing';
import { PastMatchFilters } from './PastMatchFilters';
import { parsePastMatchSearch } from './pastMatchSearch';

describe('the past matches by team', () => {
  const OWLS = '3f9a3a8e-8a36-4d0e-9a57-0f4b6b4a1d11';

  it('finds a team by the search as its name is typed, and puts the chosen team in the URL', async () => {
    const user = userEvent.setup();
    const changes: unknown[] = [];
    const asked: { q: string }[] = [];
    renderWithProviders(<PastMatchFilters filters={{}} open onToggle={() => {}} onChange={(patch) => changes.push(patch)} onReset={() => {}} />, {
      api: {
        'public.seasons': () => paged([]),
        'public.competitions': () => [],
        'public.search': (input) => {
          asked.push(input);
          return { teams: [{ id: OWLS, name: 'Owls', school_name: null, picture: null, elo: 1500 }], players: [] };
        },
      },
    });
    await user.type((await screen.findAllByLabelText('Team'))[0]!, 'ow');
    await user.click(await screen.findByRole('option', { name: 'Owls', hidden: true }, { timeout: 4000 }));
    expect(asked.at(-1)).toMatchObject({ q: 'ow' });
    expect(changes).toEqual([{ team: OWLS }]);
    expect(parsePastMatchSearch({ team: OWLS, competition: 'NECC' })).toMatchObject({ team: OWLS, competition: 'NECC' });
    expect(parsePastMatchSearch({ team: 'not-an-id' }).team).toBeUndefined();
  });
});
