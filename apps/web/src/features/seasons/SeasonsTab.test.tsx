import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../admin-shell';
import { FakeServerError, paged, renderWithProviders, type FakeProcedure } from '../common/testing';
import { SeasonsTab } from './SeasonsTab';

const FALL = '44444444-4444-4444-8444-444444444444';
const NECC = '55555555-5555-4555-8555-555555555555';
const SPARE = '66666666-6666-4666-8666-666666666666';
const fall = { id: FALL, name: 'Fall 2026', start_date: '2026-08-20', end_date: '2026-12-20' };
const competitions = [
  { id: NECC, name: 'NECC', platform: 'faceit', external_id: 'x', type: 'league', season: { id: FALL, name: 'Fall 2026' }, match_count: 12 },
  { id: SPARE, name: 'Spare Cup', platform: 'leaguespot', external_id: null, type: 'event', season: null, match_count: 0 },
];

function renderTab(api: Record<string, FakeProcedure>) {
  return renderWithProviders(
    <ConfirmProvider>
      <SeasonsTab />
    </ConfirmProvider>,
    { api: { 'admin.seasons.list': () => paged([fall]), 'admin.competitions.list': () => ({ results: competitions }), 'admin.divisions.list': () => ({ results: [] }), ...api } },
  );
}

describe('Seasons tab', () => {
  it('edits a season: the end may not be before the start, and a taken name is refused in words', async () => {
    const sent: unknown[] = [];
    renderTab({
      'admin.seasons.update': (input: { name: string }) => {
        sent.push(input);
        if (input.name === 'Spring 2026') throw new FakeServerError("A season named 'Spring 2026' already exists", 'CONFLICT');
        return { ...fall, ...input };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Fall 2026' }));
    const form = screen.getByRole('form', { name: 'Edit Fall 2026' });
    const end = within(form).getByLabelText(/End date/);
    await user.clear(end);
    await user.type(end, '2026-08-01');
    await user.click(within(form).getByRole('button', { name: 'Save season' }));
    expect(await within(form).findByText('The end date must not be before the start date')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(end);
    await user.type(end, '2026-12-31');
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Spring 2026');
    await user.click(within(form).getByRole('button', { name: 'Save season' }));
    expect((await within(form).findByRole('alert')).textContent).toBe("A season named 'Spring 2026' already exists");

    await user.clear(name);
    await user.type(name, 'Fall 2026 League');
    await user.click(within(form).getByRole('button', { name: 'Save season' }));
    expect((await screen.findByRole('status')).textContent).toBe('Fall 2026 League was saved.');
    expect(sent.at(-1)).toEqual({ id: FALL, name: 'Fall 2026 League', start_date: '2026-08-20', end_date: '2026-12-31' });
  });

  it('shows why a season with matches cannot be deleted', async () => {
    renderTab({
      'admin.seasons.delete': () => {
        throw new FakeServerError("Season 'Fall 2026' has 12 matches: move or delete them first", 'CONFLICT');
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Fall 2026' }));
    await user.click(await screen.findByRole('button', { name: 'Delete season' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Season 'Fall 2026' has 12 matches: move or delete them first");
  });

  it('renames a competition (at most 200 characters) and offers Delete only for unused ones', async () => {
    const renamed: unknown[] = [];
    const deleted: unknown[] = [];
    renderTab({
      'admin.competitions.update': (input: { id: string; name: string }) => {
        renamed.push(input);
        return { ...competitions[0], name: input.name };
      },
      'admin.competitions.delete': (input: unknown) => {
        deleted.push(input);
        return { id: SPARE, message: 'Deleted' };
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Delete Spare Cup' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete NECC' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Rename NECC' }));
    const input = screen.getByRole('textbox', { name: 'New name' });
    fireEvent.change(input, { target: { value: 'x'.repeat(201) } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 200 characters')).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'NECC Fall');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('Renamed to NECC Fall.');
    expect(renamed).toEqual([{ id: NECC, name: 'NECC Fall' }]);

    await user.click(screen.getByRole('button', { name: 'Delete Spare Cup' }));
    await user.click(await screen.findByRole('button', { name: 'Delete competition' }));
    await waitFor(() => expect(deleted).toEqual([{ id: SPARE }]));
  });
});
