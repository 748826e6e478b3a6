import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../admin-shell';
import { FakeServerError, paged, renderWithProviders, type FakeProcedure } from '../common/testing';
import { withJobs } from '../jobs/testing';
import { CalculateTeamEloAction, RankingSnapshotAction, RecalculateEloAction, ResetPlayerEloAction } from './EloActions';

const owner = { id: 'u1', email: 'owner@example.test', role: 'owner' };

function renderTools(api: Record<string, FakeProcedure>) {
  return renderWithProviders(
    <ConfirmProvider>
      <ResetPlayerEloAction />
      <CalculateTeamEloAction />
      <RecalculateEloAction />
      <RankingSnapshotAction />
    </ConfirmProvider>,
    {
      api: withJobs({
        'auth.me': () => owner,
        'admin.teams.options': () => [
          { id: 't1', name: 'Owls', elo: 1000 },
          { id: 't2', name: 'Foxes', elo: 1000 },
          { id: 't3', name: 'Hawks', elo: 1320 },
        ],
        'public.rankings': () => paged([]),
        'public.seasons': () => paged([{ id: 's1', name: 'Fall 2026', start_date: '2026-08-20', end_date: '2026-12-20' }]),
        ...api,
      }),
    },
  );
}

async function run(title: string, confirmLabel: string | null = 'Confirm') {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: title }));
  // null: the tool fails before its confirmation (a dry run that is refused).
  if (confirmLabel !== null) await user.click(await screen.findByRole('button', { name: confirmLabel }));
  return screen.getByRole('region', { name: title });
}

// Calculate Team Elo and Recalculate All run as jobs: withJobs runs their procedures' fakes; the last job's id is kept in localStorage.
beforeEach(() => localStorage.clear());

describe('Control Panel Elo tools', () => {
  it('shows the inputs with their defaults', async () => {
    renderTools({});
    expect(((await screen.findAllByLabelText('Default Elo'))[0] as HTMLInputElement).value).toBe('1000');
    expect((screen.getByLabelText('Default Skill Level') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('Only teams with the default Elo') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Reset to default first') as HTMLInputElement).checked).toBe(true);
  });

  it('reports the counts of each tool after confirmation', async () => {
    renderTools({
      'admin.elo.resetPlayers': () => ({ updated_players: 357, player_changes: [], player_changes_total: 0, elo_run_id: null }),
      'admin.elo.calculateTeams': () => ({ updated_teams: 58, teams_without_enough_players: 2, total_teams_processed: 60, elo_changes: [], elo_run_id: null }),
      'admin.elo.recalculateAll': (input: { dry_run?: boolean }) => ({ summary: { processed_count: 556, error_count: 3 }, total_elo_changes: 550, dry_run: input.dry_run ?? false, elo_changes: [], elo_run_id: null }),
      'admin.rankings.createSnapshot': () => ({ teams_ranked: 60, season_name: 'Fall 2026', season_id: 's1', ranking_id: 'r1', date: '2026-11-22T12:00:00Z', replaced_ranking_ids: [] }),
    });
    expect((await run('Reset Player Elo', 'Reset')).textContent).toContain('Updated players: 357');
    await screen.findByText('Updated players: 357');

    await run('Calculate Team Elo');
    const calculated = await screen.findByText('Updated teams: 58');
    expect(calculated.closest('section')?.textContent).toContain('Teams without enough players: 2');
    expect(calculated.closest('section')?.textContent).toContain('Total teams processed: 60');

    await run('Recalculate All Elo', 'Recalculate');
    // Three matches could not be applied: the result is yellow, not green.
    const recalculated = await screen.findByText('Processed: 556');
    expect(recalculated.closest('section')?.textContent).toContain('Errors: 3');
    expect(recalculated.closest('section')?.textContent).toContain('Total Elo changes: 550');

    await run('Create Ranking Snapshot');
    expect(await screen.findByText('Ranked 60 teams for Fall 2026.')).toBeTruthy();
  });

  it.each([
    ['Reset Player Elo', 'Reset', 'admin.elo.resetPlayers', 'There was an error resetting player Elo values.'],
    ['Calculate Team Elo', 'Confirm', 'admin.elo.calculateTeams', 'There was an error calculating team Elo values.'],
    // Its confirmation needs the dry run's answer: a failure shows before it.
    ['Recalculate All Elo', null, 'admin.elo.recalculateAll', 'There was an error recalculating Elo values.'],
    ['Create Ranking Snapshot', 'Confirm', 'admin.rankings.createSnapshot', 'There was an error creating the ranking snapshot.'],
  ])('%s shows its error text of docs/product.md when it fails', async (title, confirmLabel, procedure, text) => {
    renderTools({
      [procedure]: () => {
        throw new Error('boom');
      },
    });
    await run(title, confirmLabel);
    expect((await screen.findByRole('alert')).textContent).toContain(text);
  });

  it('Recalculate All on its defaults shows the largest changes first and says plainly what it drops, then runs only when confirmed', async () => {
    const user = userEvent.setup();
    const calls: { dry_run?: boolean; reset_to_default?: boolean }[] = [];
    const changes = Array.from({ length: 12 }, (_, i) => ({ team_id: `t${i}`, team_name: `Team ${i}`, before: 1900 - i, after: 1000 + i * 10 }));
    renderTools({
      'admin.elo.recalculateAll': (input: { dry_run?: boolean; reset_to_default?: boolean }) => {
        calls.push(input);
        return { summary: { processed_count: 556, error_count: 0 }, total_elo_changes: 550, dry_run: input.dry_run ?? false, elo_changes: changes, elo_run_id: input.dry_run ? null : 'run-9' };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Recalculate All Elo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recalculate all Elo?' });
    expect(dialog.textContent).toContain('Every team starts again from Elo 1000, staff adjustments (Calculate Team Elo, edits) are dropped, and the 556 completed matches are replayed.');
    expect(dialog.textContent).toContain('Elo changes for 12 teams; the largest:');
    const listed = within(dialog).getByRole('list', { name: 'Elo changes if recalculated' });
    expect(within(listed).getAllByRole('listitem')).toHaveLength(10);
    expect(listed.textContent).toContain('Team 0 1900 -> 1000 (-900)');
    expect(dialog.textContent).toContain('and 2 more');
    // The default stays: reset ticked.
    expect(calls).toEqual([{ reset_to_default: true, default_elo: 1000, dry_run: true }]);
    await user.click(within(dialog).getByRole('button', { name: 'Recalculate' }));
    await screen.findByText('Processed: 556');
    expect(calls[1]).toMatchObject({ reset_to_default: true, default_elo: 1000 });
    expect(calls[1]?.dry_run).not.toBe(true);
  });

  it('keeps owner-only tools from admins', async () => {
    renderTools({ 'auth.me': () => ({ ...owner, role: 'admin' }) });
    await screen.findAllByText('Owner only');
    expect((screen.getByRole('button', { name: 'Reset Player Elo' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Recalculate All Elo' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Calculate Team Elo' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("Calculate Team Elo says how many teams it will rate, lists the changes largest first, and Undo explains a refusal", async () => {
    const sent: unknown[] = [];
    renderTools({
      'admin.elo.calculateTeams': (input: unknown) => {
        sent.push(input);
        return {
          updated_teams: 2,
          teams_without_enough_players: 0,
          total_teams_processed: 2,
          elo_changes: [
            { team_id: 't2', team_name: 'Foxes', before: 1000, after: 1040 },
            { team_id: 't1', team_name: 'Owls', before: 1000, after: 1210 },
          ],
          elo_run_id: 'run-1',
        };
      },
      'admin.elo.undoRun': () => {
        throw new FakeServerError("Owls's elo is 1250 now, not the 1210 this run left: something changed it since", 'CONFLICT');
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Calculate Team Elo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Calculate team Elo?' });
    expect(dialog.textContent).toContain('2 teams whose Elo is still 1000 will be rated');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(sent).toEqual([{ only_default_elo: true, default_elo: 1000 }]);
    const card = screen.getByRole('region', { name: 'Calculate Team Elo' });
    const items = (await within(card).findAllByRole('listitem')).map((item) => item.textContent);
    expect(items).toEqual(['Owls 1000 -> 1210 (+210)', 'Foxes 1000 -> 1040 (+40)']);
    await user.click(within(card).getByRole('button', { name: 'Undo' }));
    expect((await within(card).findByText(/something changed it since/)).textContent).toBe("Owls's elo is 1250 now, not the 1210 this run left: something changed it since");
  });

  it('rating every team is the deliberate choice: unticked, the confirmation counts every team', async () => {
    renderTools({});
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Only teams with the default Elo'));
    await user.click(screen.getByRole('button', { name: 'Calculate Team Elo' }));
    expect((await screen.findByRole('dialog', { name: 'Calculate team Elo?' })).textContent).toContain('3 teams in all');
  });

  it('asks to replace the snapshot of a week that has one, and sends replace: true', async () => {
    const sent: unknown[] = [];
    renderTools({
      'admin.rankings.createSnapshot': (input: { replace?: boolean }) => {
        sent.push(input);
        if (!input.replace) throw new FakeServerError('Fall 2026 already has a snapshot this week, the one of 2026-11-18: send replace: true to replace it', 'CONFLICT');
        return { teams_ranked: 60, season_name: 'Fall 2026', season_id: 's1', ranking_id: 'r2', date: '2026-11-22T12:00:00Z', replaced_ranking_ids: ['r1'] };
      },
    });
    const user = userEvent.setup();
    // The default season is named, not only 'Latest season'.
    await user.click(await screen.findByRole('button', { name: 'Create Ranking Snapshot' }));
    expect((await screen.findByRole('dialog', { name: 'Create a ranking snapshot?' })).textContent).toContain('A new ranking week is saved for Fall 2026.');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the snapshot of this week?' });
    // The date as the snapshot list shows it, and the season by its name.
    expect(dialog.textContent).toContain('Fall 2026 already has a snapshot this week, the one of Nov 18, 2026.');
    await user.click(within(dialog).getByRole('button', { name: 'Replace snapshot' }));
    expect(await screen.findByText('Ranked 60 teams for Fall 2026. It replaces the earlier snapshot of the same week.')).toBeTruthy();
    expect(sent).toEqual([{}, { replace: true }]);
  });

  it("deletes one of the season's snapshots after asking", async () => {
    const deleted: unknown[] = [];
    renderTools({
      'public.rankings': () => paged([{ id: 'r1', date: '2026-11-16T12:00:00Z', season: { id: 's1', name: 'Fall 2026' } }]),
      'admin.rankings.delete': (input: unknown) => {
        deleted.push(input);
        return { id: 'r1', message: 'Deleted' };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete the snapshot of Nov 16, 2026' }));
    await user.click(await screen.findByRole('button', { name: 'Delete snapshot' }));
    expect(await screen.findByText('Deleted the snapshot of Nov 16, 2026.')).toBeTruthy();
    expect(deleted).toEqual([{ id: 'r1' }]);
  });

  it('refuses letters in the number fields and says beside them when a value is out of range', async () => {
    renderTools({});
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Calculate Team Elo' });
    const elo = within(card).getByRole('textbox', { name: 'Default Elo' }) as HTMLInputElement;
    await user.clear(elo);
    await user.type(elo, 'abc6e00x0');
    expect(elo.value).toBe('6000');
    expect(within(card).getByText('Elo must be between 0 and 5000')).toBeTruthy();
    expect((within(card).getByRole('button', { name: 'Calculate Team Elo' }) as HTMLButtonElement).disabled).toBe(true);
    const skill = screen.getByRole('textbox', { name: 'Default Skill Level' }) as HTMLInputElement;
    await user.clear(skill);
    await user.type(skill, '11');
    expect(screen.getByText('Skill level must be between 1 and 10')).toBeTruthy();
  });
});
