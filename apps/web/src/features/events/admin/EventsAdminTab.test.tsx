import { MantineProvider } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../../admin-shell';
import { paged, renderWithProviders } from '../../common/testing';
import { EVENT_ID, finishedPlayoff, listItem } from '../fixtures';
import { EventsAdminTab } from './EventsAdminTab';

const TEAMS = [
  { id: 'team-low', name: 'Low', elo: 1200 },
  { id: 'team-high', name: 'High', elo: 1800 },
  { id: 'team-mid', name: 'Mid', elo: 1500 },
];

function renderTab(calls: Record<string, unknown[]>) {
  const record = (name: string, answer: (input: any) => unknown) => (input: unknown) => {
    (calls[name] ??= []).push(input);
    return answer(input);
  };
  return renderWithProviders(
    // env="test": no transitions, so a select's list is there as soon as it opens.
    <MantineProvider env="test">
      <ConfirmProvider>
        <EventsAdminTab />
      </ConfirmProvider>
    </MantineProvider>,
    {
      api: {
        'public.events': () => paged([listItem()]),
        'public.event': () => finishedPlayoff,
        'public.seasons': () => paged([{ id: 'season-fall', name: 'Fall 2026', start_date: '2026-01-01', end_date: '2026-06-30' }]),
        'admin.teams.options': () => TEAMS,
        'admin.events.create': record('create', (input) => ({ ...finishedPlayoff, name: input.name, seeding: { method: 'random', seed: 'drawn-42' } })),
        'admin.events.update': record('update', (input) => ({ ...finishedPlayoff, name: input.name })),
        'admin.events.linkMatch': record('link', () => finishedPlayoff),
        'admin.events.seed': record('seed', () => ({ ...finishedPlayoff, seeding: { method: 'random', seed: 'again-7' } })),
      },
    },
  );
}

/** The create form with a name and the dates 1-2 December 2026 filled in. */
async function fillNewEvent(name: string) {
  const form = await screen.findByRole('form', { name: 'Create an event' });
  await userEvent.type(within(form).getByLabelText(/^Name/), name);
  await userEvent.type(within(form).getByLabelText(/^Start date/), '2026-12-01');
  await userEvent.type(within(form).getByLabelText(/^End date/), '2026-12-02');
  return form;
}

/** Opens the demo fixture's finished playoff in the tab's editor. */
async function pickFallPlayoffs() {
  await userEvent.type(await screen.findByRole('combobox', { name: 'Event' }), 'Fall');
  await userEvent.click(await screen.findByRole('option', { name: /Fall Playoffs/ }));
}

describe('EventsAdminTab', () => {
  it('creates a double elimination from the top teams by Elo with a random seed, and shows the seed drawn', async () => {
    const calls: Record<string, unknown[]> = {};
    renderTab(calls);
    const form = await fillNewEvent('Winter Cup');
    const format = within(form).getByRole('combobox', { name: 'Format' });
    await userEvent.clear(format);
    await userEvent.type(format, 'Double');
    await userEvent.click(await screen.findByRole('option', { name: 'Double elimination' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: /Grand-final reset/ }));
    await waitFor(() => expect((within(form).getByRole('button', { name: 'Pick the top 8 by Elo' }) as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(within(form).getByRole('button', { name: 'Pick the top 8 by Elo' }));
    await userEvent.click(within(form).getByRole('radio', { name: 'Random' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(calls.create).toHaveLength(1));
    expect(calls.create![0]).toMatchObject({
      name: 'Winter Cup',
      start_date: '2026-12-01',
      end_date: '2026-12-02',
      format: 'double_elimination',
      grand_final_reset: true,
      team_ids: ['team-high', 'team-mid', 'team-low'],
      seeding: { method: 'random' },
    });
    expect((await screen.findByText(/Created Winter Cup with 4 teams\. Random seed: drawn-42\./)).textContent).toContain('drawn-42');
  });

  it('seeds by hand: typing another seed moves the team there, and the create call sends that order', async () => {
    const calls: Record<string, unknown[]> = {};
    renderTab(calls);
    const form = await fillNewEvent('Spring Open');
    await waitFor(() => expect((within(form).getByRole('button', { name: 'Pick the top 8 by Elo' }) as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(within(form).getByRole('button', { name: 'Pick the top 8 by Elo' }));
    await userEvent.click(within(form).getByRole('radio', { name: 'By hand' }));
    const lowSeed = within(form).getByRole('textbox', { name: 'Seed of Low' });
    expect((lowSeed as HTMLInputElement).value).toBe('3');
    await userEvent.clear(lowSeed);
    await userEvent.type(lowSeed, '1');
    await waitFor(() => expect((within(form).getByRole('textbox', { name: 'Seed of High' }) as HTMLInputElement).value).toBe('2'));
    await userEvent.click(within(form).getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(calls.create).toHaveLength(1));
    expect(calls.create![0]).toMatchObject({ team_ids: ['team-low', 'team-high', 'team-mid'], seeding: { method: 'manual' } });
  });

  it('edits the picked event and links a slot to a match', async () => {
    const calls: Record<string, unknown[]> = {};
    renderTab(calls);
    await pickFallPlayoffs();
    const form = await screen.findByRole('form', { name: 'Edit the event' });
    const name = within(form).getByLabelText(/^Name/) as HTMLInputElement;
    expect(name.value).toBe('Fall Playoffs');
    await userEvent.clear(name);
    await userEvent.type(name, 'Fall Finals');
    await userEvent.click(within(form).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(calls.update).toHaveLength(1));
    expect(calls.update![0]).toMatchObject({ id: EVENT_ID, name: 'Fall Finals', links: { stream: 'https://twitch.tv/league', stream2: '' } });
    expect(await screen.findByText('Saved Fall Finals.')).toBeTruthy();

    const link = screen.getByRole('form', { name: 'Link a bracket slot to a match' });
    await userEvent.type(within(link).getByRole('combobox', { name: 'Slot' }), 'Final');
    await userEvent.click(await screen.findByRole('option', { name: 'Final: Owls vs Foxes (linked)' }));
    await userEvent.type(within(link).getByLabelText(/^Match id/), '55555555-5555-4555-8555-555555555555');
    await userEvent.click(within(link).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(calls.link).toEqual([{ id: EVENT_ID, slot: 3, match_id: '55555555-5555-4555-8555-555555555555' }]));
    expect(await screen.findByText('Linked the match to Final: Owls vs Foxes (linked).')).toBeTruthy();
  });

  it('edits the prize pool, entry fee, places, division, registration, rules link and Featured (issue 23)', async () => {
    const calls: Record<string, unknown[]> = {};
    renderTab(calls);
    await pickFallPlayoffs();
    const form = await screen.findByRole('form', { name: 'Edit the event' });
    await userEvent.type(within(form).getByLabelText('Prize pool'), '1500');
    await userEvent.type(within(form).getByLabelText('Entry fee'), '25.50');
    await userEvent.type(within(form).getByLabelText('Maximum teams'), '1x6');
    await userEvent.type(within(form).getByLabelText('Division'), 'honors');
    await userEvent.type(within(form).getByLabelText('Rules document URL'), 'https://league.example/rules.pdf');
    await userEvent.click(within(form).getByLabelText('Registration open'));
    await userEvent.click(within(form).getByLabelText('Featured'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(calls.update).toHaveLength(1));
    expect(calls.update![0]).toMatchObject({
      links: { rules: 'https://league.example/rules.pdf' },
      details: { prize_pool: '1500', prize_currency: 'USD', entry_fee: '25.50', max_teams: 16, division: 'honors', registration_open: true, featured: true, registration_deadline: '' },
    });
  });

  it('seeds the picked event again at random and shows the seed drawn', async () => {
    const calls: Record<string, unknown[]> = {};
    renderTab(calls);
    await pickFallPlayoffs();
    const reseed = await screen.findByRole('form', { name: 'Seed again' });
    await userEvent.click(within(reseed).getByRole('radio', { name: 'Random' }));
    await userEvent.click(within(reseed).getByRole('button', { name: 'Seed again' }));
    await waitFor(() => expect(calls.seed).toEqual([{ id: EVENT_ID, method: 'random' }]));
    expect(await screen.findByText('Seeded Fall Playoffs again. Random seed: again-7.')).toBeTruthy();
  });
});
