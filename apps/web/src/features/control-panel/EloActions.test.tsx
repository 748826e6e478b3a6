import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../admin-shell';
import { paged, renderWithProviders, type FakeProcedure } from '../common/testing';
import { fakeJobsApi } from '../jobs/testing';
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
    { api: { 'auth.me': () => owner, 'public.seasons': () => paged([{ id: 's1', name: 'Fall 2026', start_date: '2026-08-20', end_date: '2026-12-20' }]), ...api } },
  );
}

async function run(title: string, confirmLabel = 'Confirm') {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: title }));
  await user.click(await screen.findByRole('button', { name: confirmLabel }));
  return screen.getByRole('region', { name: title });
}

beforeEach(() => localStorage.clear());

describe('Control Panel Elo tools', () => {
  it('shows the inputs with their defaults', async () => {
    renderTools({});
    expect(((await screen.findAllByLabelText('Default ELO'))[0] as HTMLInputElement).value).toBe('1000');
    expect((screen.getByLabelText('Default Skill Level') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('Only teams with the default ELO') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Reset to default first') as HTMLInputElement).checked).toBe(true);
  });

  it('reports the counts of each tool after confirmation', async () => {
    // Calculate Team ELO and Recalculate All run as background jobs.
    const jobs = fakeJobsApi({
      calculate_team_elo: () => ({ updated_teams: 58, teams_without_enough_players: 2, total_teams_processed: 60 }),
      recalculate_elo: () => ({ summary: { processed_count: 556, error_count: 3 }, total_elo_changes: 550 }),
    });
    renderTools({
      'admin.elo.resetPlayers': () => ({ updated_players: 357 }),
      'admin.rankings.createSnapshot': () => ({ teams_ranked: 60, season_name: 'Fall 2026', season_id: 's1', ranking_id: 'r1' }),
      ...jobs.api,
    });
    expect((await run('Reset Player ELO', 'Reset')).textContent).toContain('Updated players: 357');
    await screen.findByText('Updated players: 357');

    await run('Calculate Team ELO');
    const calculated = await screen.findByText('Updated teams: 58');
    expect(calculated.closest('section')?.textContent).toContain('Teams without enough players: 2');
    expect(calculated.closest('section')?.textContent).toContain('Total teams processed: 60');

    await run('Recalculate All ELO', 'Recalculate');
    const recalculated = await screen.findByText('Processed: 556');
    expect(recalculated.closest('section')?.textContent).toContain('Errors: 3');
    expect(recalculated.closest('section')?.textContent).toContain('Total ELO changes: 550');

    await run('Create Ranking Snapshot');
    expect(await screen.findByText('Ranked 60 teams for Fall 2026.')).toBeTruthy();
    expect(jobs.started).toEqual([
      { kind: 'calculate_team_elo', input: { only_default_elo: false, default_elo: 1000 } },
      { kind: 'recalculate_elo', input: { reset_to_default: true, default_elo: 1000 } },
    ]);
  });

  it.each([
    ['Reset Player ELO', 'Reset', 'admin.elo.resetPlayers', 'There was an error resetting player ELO values.'],
    ['Calculate Team ELO', 'Confirm', 'calculate_team_elo', 'There was an error calculating team ELO values.'],
    ['Recalculate All ELO', 'Recalculate', 'recalculate_elo', 'There was an error recalculating ELO values.'],
    ['Create Ranking Snapshot', 'Confirm', 'admin.rankings.createSnapshot', 'There was an error creating the ranking snapshot.'],
  ])('%s shows its error text of docs/product.md when it fails', async (title, confirmLabel, procedure, text) => {
    const boom = () => {
      throw new Error('boom');
    };
    // A job kind fails as a job; the other tools answer at once.
    renderTools(procedure.includes('.') ? { [procedure]: boom } : fakeJobsApi({ [procedure]: boom }).api);
    await run(title, confirmLabel);
    expect((await screen.findByRole('alert')).textContent).toContain(text);
  });

  it('keeps owner-only tools from admins', async () => {
    renderTools({ 'auth.me': () => ({ ...owner, role: 'admin' }) });
    await screen.findAllByText('Owner only');
    expect((screen.getByRole('button', { name: 'Reset Player ELO' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Recalculate All ELO' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Calculate Team ELO' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
