import { MantineProvider } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../admin-shell';
import { renderWithProviders, type FakeProcedure } from '../common/testing';
import { ActivityTab } from './ActivityTab';
import { auditDescription, auditField, auditValue, auditWhat } from './audit-text';

const owner = { id: 'u1', email: 'owner@example.test', role: 'owner' };
const admin = { id: 'u2', email: 'admin@example.test', role: 'admin' };

const scoreFix = {
  id: 'a2',
  at: '2026-11-20T10:00:00.000Z',
  actor: admin,
  action: 'update',
  entity: 'match',
  entity_ids: ['m1'],
  changes: [
    { field: 'score_team2', before: 7, after: 11 },
    { field: 'url', before: null, after: 'https://example.test/m1' },
  ],
  details: {},
  elo_run: { id: 'run-2', undone_at: null },
};
const calculated = {
  id: 'a1',
  at: '2026-11-19T10:00:00.000Z',
  actor: owner,
  action: 'calculate_elo',
  entity: 'team',
  entity_ids: ['t1', 't2'],
  changes: [],
  details: {},
  elo_run: { id: 'run-1', undone_at: '2026-11-19T11:00:00.000Z' },
};

function renderTab(api: Record<string, FakeProcedure>) {
  return renderWithProviders(
    <MantineProvider env="test">
      <ConfirmProvider>
        <ActivityTab />
      </ConfirmProvider>
    </MantineProvider>,
    {
      api: {
        'auth.me': () => owner,
        'admin.staff.list': () => ({ results: [{ ...owner, created_at: '2026-01-01T00:00:00Z', two_factor_enabled: false }, { ...admin, created_at: '2026-01-01T00:00:00Z', two_factor_enabled: false }] }),
        ...api,
      },
    },
  );
}

describe('Activity tab', () => {
  it('says who did what and when, with before -> after, and offers Undo only for runs not undone', async () => {
    renderTab({ 'admin.audit.list': () => ({ count: 2, total_pages: 1, current_page: 1, page_size: 25, results: [scoreFix, calculated] }) });
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('admin@example.test');
    expect(rows[0]!.textContent).toContain('Changed match');
    expect(rows[0]!.textContent).toContain('score team 2: 7 -> 11');
    expect(rows[0]!.textContent).toContain('url: – -> https://example.test/m1');
    expect(within(rows[0]!).getByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(rows[1]!.textContent).toContain('Calculated team Elo');
    expect(rows[1]!.textContent).toContain('Undone');
    expect(within(rows[1]!).queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('filters by staff member and action, and pages', async () => {
    const asked: Record<string, unknown>[] = [];
    renderTab({
      'admin.audit.list': (input: Record<string, unknown>) => {
        asked.push(input);
        return { count: 60, total_pages: 3, current_page: input.page, page_size: 25, results: [scoreFix] };
      },
    });
    const user = userEvent.setup();
    await screen.findAllByRole('row');
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 2 }));
    await user.click(screen.getByLabelText('Staff member', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'admin@example.test' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 1, actor: 'u2' }));
    await user.type(screen.getByRole('combobox', { name: 'Action' }), 'Undid');
    await user.click(await screen.findByRole('option', { name: 'Undid an Elo run' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ actor: 'u2', action: 'undo' }));
  });

  it('says so when nothing has been recorded', async () => {
    renderTab({ 'admin.audit.list': () => ({ count: 0, total_pages: 0, current_page: 1, page_size: 25, results: [] }) });
    expect(await screen.findByText('Nothing has been recorded yet.')).toBeTruthy();
  });

  it('says so when the log cannot be loaded', async () => {
    renderTab({
      'admin.audit.list': () => {
        throw new Error('down');
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('The activity could not be loaded. Try again.');
  });

  it('names bulk writes with their count', () => {
    expect(auditWhat({ action: 'delete', entity: 'match', entity_ids: ['a', 'b'] })).toBe('Deleted 2 matches');
    expect(auditWhat({ action: 'create', entity: 'staff', entity_ids: ['a'] })).toBe('Created staff account');
  });

  it('writes "matches" for an import recorded on "matches" (never "matchess")', () => {
    expect(auditWhat({ action: 'import', entity: 'matches', entity_ids: ['a', 'b', 'c'] })).toBe('Imported 3 matches');
  });

  it('describes merges, snapshots and Elo tools in words, and shows dates and yes/no instead of raw values', () => {
    expect(auditDescription({ action: 'merge', entity: 'team', details: { primary: 'Owls', secondary: 'Owls B' } })).toBe('Owls B merged into Owls');
    expect(auditDescription({ action: 'create', entity: 'ranking', details: { teams_ranked: 66, date: '2026-11-23T12:00:00.000Z' } })).toBe('66 teams ranked, snapshot of Nov 23, 2026');
    expect(auditDescription({ action: 'recalculate_elo', entity: 'teams', details: { reset_to_default: true, default_elo: 1000, summary: { processed_count: 556 }, elo_changes: 1 } })).toBe(
      "556 matches replayed from Elo 1000; Elo changed for 1 team",
    );
    expect(auditDescription({ action: 'import', entity: 'matches', details: { imported: 40, updated: 0, skipped: 2, teams_created: 7, elo_changes: 12 } })).toBe(
      '40 new matches, 0 updated, 2 skipped; 7 teams created; Elo changed for 12 teams',
    );
    expect(auditValue(true)).toBe('yes');
    expect(auditValue('2026-11-20T10:00:00.000Z')).not.toContain('T10');
    expect(auditField('winner_id')).toBe('winner');
  });
});
