import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../admin-shell';
import { FakeServerError, paged, renderWithProviders, type FakeProcedure } from '../common/testing';
import { DivisionsCard } from './DivisionsCard';

const FALL = '44444444-4444-4444-8444-444444444444';
const CHALLENGERS = '77777777-7777-4777-8777-777777777777';
const ELITES = '88888888-8888-4888-8888-888888888888';
const OWLS = '99999999-9999-4999-8999-999999999999';
const fall = { id: FALL, name: 'Fall 2026', start_date: '2026-08-20', end_date: '2026-12-20' };

function division(id: string, name: string, order: number, teams: { id: string; name: string; picture: null; elo: number }[] = []) {
  return {
    id,
    season_id: FALL,
    name,
    order,
    points_win: 1,
    points_loss: 0,
    tiebreakers: ['head_to_head', 'map_diff', 'round_diff', 'elo'],
    forfeits: 'count',
    lines: [{ place: 4, label: 'Playoffs', kind: 'qualify' }],
    source_competition: null,
    teams,
  };
}

function renderCard(api: Record<string, FakeProcedure>) {
  return renderWithProviders(
    <ConfirmProvider>
      <DivisionsCard />
    </ConfirmProvider>,
    { api: { 'admin.seasons.list': () => paged([fall]), 'admin.competitions.list': () => ({ results: [] }), ...api } },
  );
}

describe('Divisions card', () => {
  it('creates a division with its tiebreak order and a line; a refused save keeps everything typed', async () => {
    const sent: Record<string, unknown>[] = [];
    let refuse = true;
    renderCard({
      'admin.divisions.list': () => ({ results: [] }),
      'admin.divisions.create': (input: Record<string, unknown>) => {
        sent.push(input);
        if (refuse) throw new FakeServerError("A division named 'Challengers' already exists in Fall 2026", 'CONFLICT');
        return division(CHALLENGERS, 'Challengers', 0);
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('No divisions in this season yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New division' }));
    const form = screen.getByRole('form', { name: 'New division' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Challengers');
    // Elo first: moved up three times with the keyboard-reachable buttons.
    for (let step = 0; step < 3; step++) await user.click(within(form).getByRole('button', { name: 'Move Elo up' }));
    await user.click(within(form).getByRole('button', { name: 'Remove round difference' }));
    await user.click(within(form).getByRole('button', { name: 'Add line' }));
    await user.click(within(form).getByRole('button', { name: 'Save division' }));

    expect((await within(form).findByRole('alert')).textContent).toBe("A division named 'Challengers' already exists in Fall 2026");
    expect((within(form).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Challengers');
    expect(within(form).getByRole('list', { name: 'Tiebreak order' }).textContent).toMatch(/^Elo.*head-to-head.*map difference/);

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Save division' }));
    expect((await screen.findByRole('status')).textContent).toBe('Challengers was saved.');
    expect(sent.at(-1)).toEqual({
      season_id: FALL,
      name: 'Challengers',
      points_win: 1,
      points_loss: 0,
      tiebreakers: ['elo', 'head_to_head', 'map_diff'],
      forfeits: 'count',
      lines: [{ place: 4, label: 'Playoffs', kind: 'qualify' }],
      source_competition_id: null,
    });
  });

  it('says what is wrong with a line before sending anything', async () => {
    const sent: unknown[] = [];
    renderCard({ 'admin.divisions.list': () => ({ results: [] }), 'admin.divisions.create': (input: unknown) => sent.push(input) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New division' }));
    const form = screen.getByRole('form', { name: 'New division' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Elites');
    await user.click(within(form).getByRole('button', { name: 'Add line' }));
    await user.clear(within(form).getByRole('textbox', { name: 'Line 1 label' }));
    await user.click(within(form).getByRole('button', { name: 'Save division' }));
    expect(await within(form).findByText('Label is required')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('orders, fills by Elo, and deletes only after confirming', async () => {
    const calls: [string, unknown][] = [];
    renderCard({
      'admin.divisions.list': () => ({ results: [division(ELITES, 'Elites', 0), division(CHALLENGERS, 'Challengers', 1)] }),
      'admin.divisions.order': (input: unknown) => {
        calls.push(['order', input]);
        return { results: [] };
      },
      'admin.divisions.assign': (input: unknown) => {
        calls.push(['assign', input]);
        return { assigned: 12, unassigned: 1, results: [] };
      },
      'admin.divisions.delete': (input: unknown) => {
        calls.push(['delete', input]);
        return { id: CHALLENGERS, message: 'Deleted' };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move Challengers up' }));
    await waitFor(() => expect(calls).toEqual([['order', { season_id: FALL, ids: [CHALLENGERS, ELITES] }]]));

    await user.click(screen.getByRole('button', { name: 'By current Elo' }));
    expect((await screen.findByRole('status')).textContent).toBe('Placed 12 teams. 1 team of the season still has no division.');
    expect(calls.at(-1)).toEqual(['assign', { season_id: FALL, by: 'elo', replace: false }]);

    await user.click(screen.getByRole('button', { name: 'Delete Challengers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this division?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter(([name]) => name === 'delete')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete Challengers' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this division?' })).getByRole('button', { name: 'Delete division' }));
    await waitFor(() => expect(calls.at(-1)).toEqual(['delete', { id: CHALLENGERS }]));
  });

  it('assigns teams found by a search, and keeps the list when the server refuses it', async () => {
    const sent: unknown[] = [];
    renderCard({
      'admin.divisions.list': () => ({ results: [division(CHALLENGERS, 'Challengers', 0)] }),
      'public.teams': () => paged([{ id: OWLS, name: 'Owls', picture: null, school_name: null, elo: 1540, captain: null }]),
      'admin.divisions.setTeams': (input: unknown) => {
        sent.push(input);
        throw new FakeServerError('Owls is already in Elites', 'CONFLICT');
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Teams of Challengers' }));
    await user.type(screen.getByRole('textbox', { name: 'Find a team to add' }), 'Ow');
    await user.click(await screen.findByRole('button', { name: 'Add Owls' }));
    expect(within(screen.getByRole('list', { name: 'Teams of Challengers' })).getByText('Owls')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save teams' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Owls is already in Elites');
    expect(sent).toEqual([{ id: CHALLENGERS, team_ids: [OWLS] }]);
    expect(within(screen.getByRole('list', { name: 'Teams of Challengers' })).getByText('Owls')).toBeTruthy();
  });
});
