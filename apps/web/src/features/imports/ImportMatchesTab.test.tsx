import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../admin-shell';
import { paged, renderWithProviders, type FakeProcedure } from '../common/testing';
import { withJobs } from '../jobs/testing';
import { ImportMatchesTab } from './ImportMatchesTab';

const team = (name: string) => ({ faction_id: name, name, avatar: '', roster: [] });
const previewAnswer = {
  items: [
    { match_id: 'm1', competition_id: 'c', competition_name: 'Cup', region: '', status: 'FINISHED', scheduled_at: 1_757_000_000, started_at: null, finished_at: null, results: { winner: 'faction1', score: { faction1: 2, faction2: 0 } }, teams: { faction1: team('Alpha U'), faction2: team('Beta U') }, maps: [], faceit_url: null, best_of: 3, round_name: null },
    { match_id: 'm2', competition_id: 'c', competition_name: 'Cup', region: '', status: 'SCHEDULED', scheduled_at: 1_758_000_000, started_at: null, finished_at: null, teams: { faction1: team('Beta U'), faction2: team('Gamma U') }, maps: [], faceit_url: null, best_of: 3, round_name: null },
  ],
  skipped: [{ kind: 'match', id: 'm3', label: 'Delta U', reason: 'bye' }],
};

function api(overrides: Record<string, FakeProcedure> = {}): Record<string, FakeProcedure> {
  return withJobs({
    'admin.seasons.list': () => paged([{ id: 's1', name: 'Fall 2025', start_date: '2025-07-01', end_date: '2025-12-31' }], 50),
    'admin.seasons.create': () => ({ id: 's2', name: 'Spring 2026', start_date: '2026-01-01', end_date: '2026-06-30' }),
    'admin.imports.preview': () => previewAnswer,
    'admin.teams.options': () => [{ id: 't1', name: 'Existing Alpha' }],
    'auth.me': () => ({ id: 'u1', email: 'owner@example.test', role: 'owner' }),
    'admin.imports.commit': (input: { dry_run?: boolean }) => ({
      message: 'ok',
      matches_imported: 2,
      matches_updated: 0,
      matches_skipped: 0,
      teams_created: 3,
      players_created: 0,
      dry_run: input.dry_run ?? false,
      elo_changes: [{ team_id: 't9', team_name: 'Alpha U', before: 1000, after: 1016 }],
      elo_run_id: input.dry_run ? null : 'run-1',
    }),
    'admin.elo.undoRun': (input: { id: string; dry_run?: boolean }) => ({
      run_id: input.id,
      dry_run: input.dry_run ?? false,
      message: 'ok',
      elo_changes: [{ team_id: 't9', team_name: 'Alpha U', before: 1016, after: 1000 }],
    }),
    ...overrides,
  });
}

async function toDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  // Step 3: no season yet.
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByRole('alert').textContent).toContain('Please select a season');
  // Create one inline: it is added and selected.
  await user.click(await screen.findByRole('button', { name: 'Create New Season' }));
  await user.type(screen.getByLabelText(/Season Name/), 'Spring 2026');
  await user.type(screen.getByLabelText(/Start Date/), '2026-01-01');
  await user.type(screen.getByLabelText(/End Date/), '2026-06-30');
  await user.click(screen.getByRole('button', { name: 'Create Season' }));
  await waitFor(() => expect(screen.getByDisplayValue('Spring 2026')).toBeTruthy());
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Input Data');
}

// The import runs as a job: withJobs runs the commit procedure's fake.
beforeEach(() => localStorage.clear());

describe('ImportMatchesTab', () => {
  it('numbers the steps 1 to 7, each number once, the current one too, each named by the text it shows', async () => {
    renderWithProviders(<ConfirmProvider><ImportMatchesTab /></ConfirmProvider>, { api: api() });
    const labels = ['Platform', 'Type', 'Season', 'Details', 'Preview', 'Match', 'Complete'];
    const steps = await Promise.all(labels.map((label, index) => screen.findByRole('button', { name: new RegExp(`^${index + 1}\\s*${label}$`) })));
    // No aria-label of its own: a name that differs from the visible text fails speech input (axe's label-content-name-mismatch).
    expect(steps.map((step) => step.getAttribute('aria-label'))).toEqual(Array(7).fill(null));
    expect(steps.map((step) => /\d/.exec(step.textContent ?? '')?.[0])).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(screen.getByRole('region', { name: 'Step 1: Platform' })).toBeTruthy();
  });

  it('walks the seven steps and imports', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConfirmProvider><ImportMatchesTab /></ConfirmProvider>, { api: api() });
    expect(await screen.findByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await toDetails(user);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toContain('Please fill in all fields');
    await user.type(screen.getByLabelText(/Competition Name/), 'Cup');
    await user.type(screen.getByLabelText(/Faceit Championship ID/), 'champ-1');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Found 2 matches to import')).toBeTruthy();
    // Statuses in our words, not the platform's ('FINISHED').
    const previewTable = screen.getByRole('table', { name: 'Matches to import' });
    expect(within(previewTable).getByText('Completed')).toBeTruthy();
    expect(within(previewTable).queryByText('SCHEDULED')).toBeNull();
    expect(within(previewTable).queryByText('FINISHED')).toBeNull();
    expect(screen.getByText('Skipped 1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const platformTeams = await screen.findByRole('region', { name: 'Teams from Faceit' });
    const matchButton = screen.getByRole('button', { name: 'Match Teams' });
    expect(matchButton).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Alpha U' }));
    expect(matchButton).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Existing Alpha' }));
    await user.click(matchButton);
    expect(screen.getByRole('region', { name: 'Matched Teams' }).textContent).toContain('Alpha UExisting Alpha');
    expect(platformTeams.textContent).not.toContain('Alpha U');
    await user.click(screen.getByRole('button', { name: 'Remove Alpha U' }));
    expect(platformTeams.textContent).toContain('Alpha U');

    await user.click(screen.getByRole('button', { name: 'Import' }));
    // Unmatched platform teams become new teams: the wizard lists them and asks first.
    const dialog = await screen.findByRole('dialog', { name: 'Import 2 matches and create 3 teams?' });
    expect(within(dialog).getByRole('list', { name: 'Teams to create' }).textContent).toBe('Alpha UBeta UGamma U');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Successfully imported 2 matches!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('previews the import\'s Elo effect in its confirmation, then lists the changes, the teams created and offers Undo', async () => {
    const user = userEvent.setup();
    const fakes = api();
    renderWithProviders(<ConfirmProvider><ImportMatchesTab /></ConfirmProvider>, { api: fakes });
    await toDetails(user);
    await user.type(screen.getByLabelText(/Competition Name/), 'Cup');
    await user.type(screen.getByLabelText(/Faceit Championship ID/), 'champ-1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Import' }));

    const dialog = await screen.findByRole('dialog', { name: 'Import 2 matches and create 3 teams?' });
    expect(within(dialog).getByRole('list', { name: 'Elo changes if imported' }).textContent).toBe('Alpha U 1000 -> 1016 (+16)');
    // The preview is a dry run: nothing was started yet.
    expect(fakes.started).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('Created 3 teams and 0 players.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Elo changes' }).textContent).toBe('Alpha U 1000 -> 1016 (+16)');
    // Undo asks first, listing what it puts back.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    const undoDialog = await screen.findByRole('dialog', { name: 'Undo this import?' });
    expect(within(undoDialog).getByRole('list', { name: 'Elo changes if undone' }).textContent).toBe('Alpha U 1016 -> 1000 (-16)');
    await user.click(within(undoDialog).getByRole('button', { name: 'Undo' }));
    expect((await screen.findByRole('list', { name: 'Elo restored' })).textContent).toBe('Alpha U 1016 -> 1000 (-16)');
  });

  it('explains a failed preview with the server reason', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConfirmProvider><ImportMatchesTab /></ConfirmProvider>, {
      api: api({
        'admin.imports.preview': () => {
          throw new Error('No current stage found for this season');
        },
      }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Leaguespot' }));
    await toDetails(user);
    await user.type(screen.getByLabelText(/Competition Name/), 'Playfly');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toContain('Season ID is required');
    await user.type(screen.getByLabelText(/Leaguespot Season ID/), 'season-1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch preview data. Please check the season/event ID and try again.');
    expect(alert.textContent).toContain('No current stage found for this season');
  });

  it('shows the server error when the import fails', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConfirmProvider><ImportMatchesTab /></ConfirmProvider>, {
      api: api({
        'admin.imports.commit': () => {
          throw new Error('Season not found');
        },
      }),
    });
    await toDetails(user);
    await user.type(screen.getByLabelText(/Competition Name/), 'Cup');
    await user.type(screen.getByLabelText(/Faceit Championship ID/), 'champ-1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    // The Elo preview (a dry run) already meets the refusal: no confirmation, the reason instead.
    expect((await screen.findByRole('alert')).textContent).toContain('Season not found');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
