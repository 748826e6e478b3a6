import { MantineProvider } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../admin-shell';
import { FakeServerError, paged, renderWithProviders, type FakeProcedure } from '../common/testing';
import { AdminMatchesTab } from './AdminMatchesTab';

const OWLS = '11111111-1111-4111-8111-111111111111';
const FOXES = '22222222-2222-4222-8222-222222222222';
const MATCH = '33333333-3333-4333-8333-333333333333';
const owner = { id: 'u1', email: 'owner@example.test', role: 'owner' };

const listed = {
  id: MATCH,
  date: '2026-10-04T18:00:00.000Z',
  status: 'completed',
  platform: 'faceit',
  external_id: '1-abc',
  team1: { id: OWLS, name: 'Owls' },
  team2: { id: FOXES, name: 'Foxes' },
  score_team1: 13,
  score_team2: 7,
  winner: { id: OWLS, name: 'Owls' },
  competition: null,
  season: null,
};

const stored = {
  id: MATCH,
  platform: 'faceit',
  external_id: '1-abc',
  date: '2026-10-04T18:00:00.000Z',
  competition_id: null,
  season_id: null,
  team1_id: OWLS,
  team2_id: FOXES,
  status: 'completed',
  score_team1: 13,
  score_team2: 7,
  winner_id: OWLS,
  forfeit: false,
  url: null,
  match_type: 'league',
  manual_result: false,
};

const changes = [
  { team_id: FOXES, team_name: 'Foxes', before: 1400, after: 1386 },
  { team_id: OWLS, team_name: 'Owls', before: 1510, after: 1496 },
];

function renderTab(api: Record<string, FakeProcedure>) {
  return renderWithProviders(
    // env="test": no transitions, so a select's list is there as soon as it opens.
    <MantineProvider env="test">
      <ConfirmProvider>
        <AdminMatchesTab />
      </ConfirmProvider>
    </MantineProvider>,
    {
      api: {
        'auth.me': () => owner,
        'admin.viewer.matches': () => paged([listed]),
        'admin.teams.options': () => [
          { id: OWLS, name: 'Owls' },
          { id: FOXES, name: 'Foxes' },
        ],
        'admin.competitions.list': () => ({ results: [] }),
        'admin.seasons.list': () => paged([]),
        'admin.matches.get': () => stored,
        'admin.matchStats.maps': () => ({ maps: [], vetoes: [] }),
        'admin.players.options': () => [],
        ...api,
      },
    },
  );
}

async function choose(label: string, option: string) {
  // Typing into a searchable select opens its list, filtered to the option.
  const input = screen.getByRole('combobox', { name: label });
  await userEvent.clear(input);
  await userEvent.type(input, option);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Admin Matches tab', () => {
  it('enters a forfeit by hand: the preview shows the Elo effect first, then it saves and offers Undo', async () => {
    const calls: Record<string, unknown>[] = [];
    renderTab({
      'admin.matches.create': (input: Record<string, unknown>) => {
        calls.push(input);
        return { match: null, dry_run: input.dry_run, elo_changes: changes, elo_run_id: input.dry_run ? null : 'run-1' };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New match' }));
    await screen.findByRole('form', { name: 'Match details' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Team 1' })).toBeTruthy());
    await choose('Team 1', 'Owls');
    await choose('Team 2', 'Foxes');
    await userEvent.type(screen.getByRole('textbox', { name: 'Team 1 score' }), '1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Team 2 score' }), '0');
    await choose('Winner', 'Owls');
    await userEvent.click(screen.getByRole('checkbox', { name: /Forfeit/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview Elo effect' }));

    const effect = await screen.findByRole('region', { name: 'Elo effect' });
    const items = within(effect).getAllByRole('listitem').map((item) => item.textContent);
    // Equal moves: by team name.
    expect(items).toEqual(['Foxes 1400 -> 1386 (-14)', 'Owls 1510 -> 1496 (-14)']);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ team1_id: OWLS, team2_id: FOXES, score_team1: 1, score_team2: 0, winner_id: OWLS, forfeit: true, status: 'completed', dry_run: true });

    await userEvent.click(screen.getByRole('button', { name: 'Save match' }));
    const saved = await screen.findByRole('status');
    expect(saved.textContent).toContain('Match created');
    expect(saved.textContent).toContain('Owls 1510 -> 1496 (-14)');
    expect(calls[1]).toMatchObject({ dry_run: false, forfeit: true });
    expect(within(saved).getByRole('button', { name: 'Undo' })).toBeTruthy();
  });

  it('refuses a team playing itself before asking the server, and shows the server field messages beside the fields', async () => {
    renderTab({
      'admin.matches.create': () => {
        throw new FakeServerError('Invalid', 'BAD_REQUEST', [{ path: ['url'], message: 'Expected an http(s) URL' }]);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New match' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Team 1' })).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Preview Elo effect' }));
    expect(await screen.findByText('Choose team 1')).toBeTruthy();
    await choose('Team 1', 'Owls');
    await choose('Team 2', 'Owls');
    await userEvent.click(screen.getByRole('button', { name: 'Preview Elo effect' }));
    expect(await screen.findByText('A team cannot play itself')).toBeTruthy();
    await choose('Team 2', 'Foxes');
    await userEvent.click(screen.getByRole('button', { name: 'Preview Elo effect' }));
    expect(await screen.findByText('Expected an http(s) URL')).toBeTruthy();
  });

  it('corrects a score: the edit sends the match id and shows a 409 in words', async () => {
    const calls: Record<string, unknown>[] = [];
    renderTab({
      'admin.matches.update': (input: Record<string, unknown>) => {
        calls.push(input);
        if (!input.dry_run) throw new FakeServerError('The match was changed by someone else: reload it', 'CONFLICT');
        return { match: null, dry_run: true, elo_changes: changes, elo_run_id: null };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Owls vs Foxes' }));
    const score = await screen.findByRole('textbox', { name: 'Team 2 score' });
    expect((score as HTMLInputElement).value).toBe('7');
    // An existing match's editor holds its map details too (map-details/MapDetailsEditor.test.tsx).
    expect(await screen.findByText('No map details for this match. Add the maps in the order they were played.')).toBeTruthy();
    await userEvent.clear(score);
    await userEvent.type(score, '11');
    await userEvent.click(screen.getByRole('button', { name: 'Preview Elo effect' }));
    await screen.findByRole('region', { name: 'Elo effect' });
    expect(calls[0]).toMatchObject({ id: MATCH, score_team1: 13, score_team2: 11, dry_run: true });
    await userEvent.click(screen.getByRole('button', { name: 'Save match' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The match was changed by someone else: reload it');
  });

  it('number fields refuse letters as they are typed', async () => {
    renderTab({});
    await userEvent.click(await screen.findByRole('button', { name: 'New match' }));
    const score = await screen.findByRole('textbox', { name: 'Team 1 score' });
    await userEvent.type(score, 'abc1e9');
    expect((score as HTMLInputElement).value).toBe('19');
  });

  it('asks before deleting, showing the Elo effect of the delete', async () => {
    const calls: Record<string, unknown>[] = [];
    renderTab({
      'admin.matches.delete': (input: Record<string, unknown>) => {
        calls.push(input);
        return { match: null, dry_run: input.dry_run, elo_changes: changes, elo_run_id: input.dry_run ? null : 'run-2' };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Owls vs Foxes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this match?' });
    expect(within(dialog).getByRole('list', { name: 'Elo effect of deleting' }).textContent).toContain('Owls 1510 -> 1496 (-14)');
    expect(calls).toEqual([{ id: MATCH, dry_run: true }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete match' }));
    expect((await screen.findByRole('status')).textContent).toContain('Match deleted');
    expect(calls[1]).toEqual({ id: MATCH, dry_run: false });
  });

  it('opens on the last two weeks with any status, and keeps the page, search and filters after Save', async () => {
    const asked: Record<string, unknown>[] = [];
    renderTab({
      'admin.viewer.matches': (input: Record<string, unknown>) => {
        asked.push(input);
        return { ...paged([listed], 25), count: 60, total_pages: 3, current_page: input.page as number };
      },
      'admin.matches.update': (input: Record<string, unknown>) => ({ match: null, dry_run: input.dry_run, elo_changes: changes, elo_run_id: input.dry_run ? null : 'run-3' }),
    });
    await screen.findByRole('button', { name: 'Edit Owls vs Foxes' });
    const first = asked[0]!;
    expect(first.status).toBeUndefined();
    expect(first.page).toBe(1);
    // From the local midnight 14 days ago to the next local midnight: today's and recent matches, not next month's.
    const from = new Date(first.date_from as string);
    const to = new Date(first.date_to as string);
    expect(Math.round((to.getTime() - from.getTime()) / 86_400_000)).toBe(15);
    expect(to.getTime()).toBeGreaterThan(Date.now());
    expect(to.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000 + 3_600_000);

    await userEvent.click(screen.getByLabelText('Status', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Scheduled' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search matches' }), 'owls');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ search: 'owls', status: 'scheduled', page: 1 }));
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ search: 'owls', status: 'scheduled', page: 2 }));

    await userEvent.click(screen.getByRole('button', { name: 'Edit Owls vs Foxes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Preview Elo effect' }));
    await screen.findByRole('region', { name: 'Elo effect' });
    await userEvent.click(screen.getByRole('button', { name: 'Save match' }));
    expect((await screen.findByRole('status')).textContent).toContain('Match saved');
    expect((screen.getByRole('searchbox', { name: 'Search matches' }) as HTMLInputElement).value).toBe('owls');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ search: 'owls', status: 'scheduled', page: 2 }));
    expect(screen.getByRole('button', { name: '2' }).getAttribute('data-active')).toBe('true');
  });
});
