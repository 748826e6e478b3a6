import { MantineProvider } from '@mantine/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../../admin-shell';
import { FakeServerError, never, renderWithProviders, type FakeProcedure } from '../../common/testing';
import { MapDetailsEditor } from './MapDetailsEditor';

const OWLS = '11111111-1111-4111-8111-111111111111';
const FOXES = '22222222-2222-4222-8222-222222222222';
const MATCH = '33333333-3333-4333-8333-333333333333';
const OWL_EYE = '44444444-4444-4444-8444-444444444444';
const owner = { id: 'u1', email: 'owner@example.test', role: 'owner' };

const players = [
  { id: OWL_EYE, name: 'owlEye', team_name: 'Owls' },
  { id: '55555555-5555-4555-8555-555555555555', name: 'beak', team_name: 'Owls' },
  { id: '66666666-6666-4666-8666-666666666666', name: 'vixen', team_name: 'Foxes' },
];

const line = (overrides: Record<string, unknown>) => ({
  player: null,
  nickname: '',
  team_id: OWLS,
  kills: 0,
  deaths: 0,
  assists: 0,
  headshots: null,
  damage: null,
  adr: null,
  hs_pct: null,
  kast: null,
  rating: null,
  mvps: null,
  kills_2k: null,
  kills_3k: null,
  kills_4k: null,
  kills_5k: null,
  first_kills: null,
  entry_attempts: null,
  entry_wins: null,
  clutch_attempts: null,
  clutch_wins: null,
  utility_damage: null,
  flash_successes: null,
  sniper_kills: null,
  ...overrides,
});

const storedOneMap = {
  maps: [
    {
      number: 1,
      map: 'de_mirage',
      map_name: 'Mirage',
      score_team1: 13,
      score_team2: 9,
      winner_id: OWLS,
      picked_by_id: FOXES,
      halves: null,
      overtime: null,
      source: 'manual',
      players: [
        line({ player: { id: OWL_EYE, name: 'owlEye', picture: null }, nickname: 'owlEye', kills: 20, deaths: 15, assists: 3, damage: 1980 }),
        line({ nickname: 'stranger', team_id: FOXES, kills: 12, deaths: 18, assists: 2 }),
      ],
    },
  ],
  vetoes: [{ step: 1, team_id: OWLS, action: 'ban', map: 'de_nuke' }],
};

function renderEditor(api: Record<string, FakeProcedure>, matchScore = { score_team1: 2, score_team2: 1 }) {
  return renderWithProviders(
    // env="test": no transitions, so a select's list is there as soon as it opens.
    <MantineProvider env="test">
      <ConfirmProvider>
        <MapDetailsEditor matchId={MATCH} team1={{ id: OWLS, name: 'Owls' }} team2={{ id: FOXES, name: 'Foxes' }} matchScore={matchScore} />
      </ConfirmProvider>
    </MantineProvider>,
    { api: { 'auth.me': () => owner, 'admin.matchStats.maps': () => ({ maps: [], vetoes: [] }), 'admin.players.options': () => players, ...api } },
  );
}

// Fields are found by a plain DOM query: the testing library's label and role queries walk
// every element of this form (hundreds of fields) and take most of a second each in happy-dom.
const withoutStar = (text: string) => text.replace(/\s*\*$/, '').trim();
function field(label: string, scope: ParentNode = document): HTMLInputElement {
  const named = scope.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
  if (named) return named;
  const tag = [...scope.querySelectorAll('label')].find((candidate) => withoutStar(candidate.textContent ?? '') === label);
  const input = tag && document.getElementById(tag.htmlFor);
  if (!(input instanceof HTMLInputElement)) throw new Error(`No field labelled ${label}`);
  return input;
}

/** Picks from the list the field controls (other fields' lists may stay in the page, hidden). */
async function pickOption(input: HTMLInputElement, option: string) {
  const list = await waitFor(() => {
    const open = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!open) throw new Error('No list is open');
    return open;
  });
  await userEvent.click(within(list).getByRole('option', { name: option }));
}

async function choose(label: string, option: string) {
  const input = field(label);
  await userEvent.click(input);
  await pickOption(input, option);
}

/** Sets a field's text in one change (typing key by key is slow on a form this size; the number fields' own typing is tested in admin-shell). */
function typeInto(label: string, text: string) {
  fireEvent.change(field(label), { target: { value: text } });
}

async function enterMap(index: number, map: string, score1: number, score2: number) {
  await userEvent.click(screen.getByRole('button', { name: 'Add a map' }));
  const label = `Map ${index}`;
  await screen.findByRole('region', { name: label });
  await choose(`${label} map`, map);
  typeInto(`${label} rounds won by Owls`, String(score1));
  typeInto(`${label} rounds won by Foxes`, String(score2));
}

describe('Map details editor', () => {
  it('enters a best-of-three with halves, a veto and typed scoreboard rows (a picked player linked, a stranger by nickname), and saves it in one call', async () => {
    const calls: Record<string, unknown>[] = [];
    renderEditor({
      'admin.matchStats.replaceMaps': (input: Record<string, unknown>) => {
        calls.push(input);
        return { maps: [], vetoes: [] };
      },
    });
    expect(await screen.findByText('No map details for this match. Add the maps in the order they were played.')).toBeTruthy();
    await enterMap(1, 'Mirage', 13, 9);
    await choose('Map 1 picked by', 'Owls');
    await enterMap(2, 'Inferno', 10, 13);
    await choose('Map 2 picked by', 'Foxes');
    await enterMap(3, 'Nuke', 16, 14);
    // Half scores are labelled within their map's group.
    const halves = screen.getByRole('region', { name: 'Map 1' });
    await userEvent.type(field('Owls 1st half', halves), '8');
    await userEvent.type(field('Owls 2nd half', halves), '5');
    await userEvent.type(field('Foxes 1st half', halves), '4');
    await userEvent.type(field('Foxes 2nd half', halves), '5');

    await userEvent.click(screen.getByRole('button', { name: 'Add a veto step' }));
    await choose('Veto step 1 map', 'Ancient');
    // Teams take turns: the second step starts as the Foxes' ban.
    await userEvent.click(screen.getByRole('button', { name: 'Add a veto step' }));
    expect(field('Veto step 2 team').value).toBe('Foxes');
    await choose('Veto step 2 map', 'Anubis');

    // A player picked from the team's list is linked; a name nobody has is kept as a nickname.
    await userEvent.type(field('Map 1, Owls row 1 player'), 'owlE');
    await pickOption(field('Map 1, Owls row 1 player'), 'owlEye');
    typeInto('Map 1, Owls row 1 kills', '20');
    typeInto('Map 1, Owls row 1 deaths', '15');
    typeInto('Map 1, Owls row 1 assists', '3');
    typeInto('Map 1, Owls row 1 damage', '1980');
    await userEvent.type(field('Map 1, Owls row 2 player'), 'ringer');
    typeInto('Map 1, Owls row 2 kills', '11');
    typeInto('Map 1, Owls row 2 deaths', '16');
    typeInto('Map 1, Owls row 2 assists', '4');

    expect(screen.getByText(/^Changes not saved yet/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save map details' }));
    expect(await screen.findByText('Map details saved.')).toBeTruthy();
    expect(screen.queryByText(/^Changes not saved yet/)).toBeNull();
    expect(calls).toHaveLength(1);
    const sent = calls[0] as { id: string; maps: Record<string, unknown>[]; vetoes: unknown[] };
    expect(sent.id).toBe(MATCH);
    expect(sent.maps.map((m) => [m.map, m.score_team1, m.score_team2, m.picked_by_side])).toEqual([
      ['de_mirage', 13, 9, 1],
      ['de_inferno', 10, 13, 2],
      ['de_nuke', 16, 14, null],
    ]);
    expect(sent.maps[0]!.halves).toEqual({ team1: [8, 5], team2: [4, 5] });
    expect(sent.maps[1]!.halves).toBeNull();
    expect(sent.maps[0]!.players).toEqual([
      expect.objectContaining({ side: 1, player_id: OWL_EYE, nickname: 'owlEye', kills: 20, deaths: 15, assists: 3, damage: 1980, headshots: null }),
      expect.objectContaining({ side: 1, player_id: null, nickname: 'ringer', kills: 11, damage: null }),
    ]);
    expect(sent.maps[2]!.players).toEqual([]);
    expect(sent.vetoes).toEqual([
      { side: 1, action: 'ban', map: 'de_ancient' },
      { side: 2, action: 'ban', map: 'de_anubis' },
    ]);
  }, 90_000);

  it('refuses map scores that contradict the match score before asking the server, and keeps every value', async () => {
    const calls: unknown[] = [];
    renderEditor({ 'admin.matchStats.replaceMaps': (input: unknown) => calls.push(input) });
    await screen.findByRole('button', { name: 'Add a map' });
    await enterMap(1, 'Mirage', 13, 9);
    await enterMap(2, 'Inferno', 13, 10);
    await userEvent.click(screen.getByRole('button', { name: 'Save map details' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The maps won (2-0) contradict the match score 2-1.');
    expect(calls).toEqual([]);
    expect(field('Map 2 rounds won by Owls').value).toBe('13');
  });

  it("shows the server's field reasons beside the row they name, and the form keeps its values", async () => {
    renderEditor(
      {
        'admin.matchStats.maps': () => storedOneMap,
        'admin.matchStats.replaceMaps': () => {
          throw new FakeServerError('Invalid', 'BAD_REQUEST', [{ path: ['maps', 0, 'players', 1, 'kills'], message: 'Fewer kills than headshots.' }]);
        },
      },
      { score_team1: 13, score_team2: 9 },
    );
    // The stored map: the linked player shows by name, the stranger by nickname, on their sides.
    expect((await waitFor(() => field('Map 1, Owls row 1 player'))).value).toBe('owlEye');
    expect(field('Map 1, Foxes row 1 player').value).toBe('stranger');
    expect(field('Map 1, Owls row 1 damage').value).toBe('1980');
    // The optional columns are behind a switch; unknown counts stay empty, never 0.
    expect(document.querySelector('input[aria-label="Map 1, Owls row 1 MVPs"]')).toBeNull();
    await userEvent.click(screen.getByLabelText(/^Show more columns/));
    expect(field('Map 1, Owls row 1 MVPs').value).toBe('');
    typeInto('Map 1, Foxes row 1 kills', '14');
    await userEvent.click(screen.getByRole('button', { name: 'Save map details' }));
    // The second line sent is the Foxes' first row.
    expect((await screen.findByText('Row 1: kills: Fewer kills than headshots.')).closest('section')!.getAttribute('aria-label')).toBe('Map 1, Foxes scoreboard');
    expect(screen.getByRole('alert').textContent).toContain('Map 1, Foxes row 1, kills: Fewer kills than headshots.');
    expect(field('Map 1, Foxes row 1 kills').value).toBe('14');
  });

  it('asks before removing a map with data, and Remove all map details can be undone', async () => {
    renderEditor({ 'admin.matchStats.maps': () => storedOneMap }, { score_team1: 13, score_team2: 9 });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Map 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove map 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('region', { name: 'Map 1' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove all map details' }));
    expect(screen.queryByRole('region', { name: 'Map 1' })).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Save to remove them from the match too.');
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(field('Map 1, Owls row 1 player').value).toBe('owlEye');
    expect(field('Veto step 1 map').value).toBe('Nuke');

    // An empty map goes without asking.
    await userEvent.click(screen.getByRole('button', { name: 'Add a map' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Map 2' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Map 2' })).toBeNull();
  });

  it("a spreadsheet's rows pasted into the paste box or a player field fill the team's rows; a bad paste names its line", async () => {
    renderEditor({}, { score_team1: 1, score_team2: 0 });
    await screen.findByRole('button', { name: 'Add a map' });
    await enterMap(1, 'Mirage', 13, 9);
    // The paste box: a header (any order, ADR turned into damage with the map's 22 rounds), a known player in any case (linked), a stranger.
    const owlsBoard = screen.getByRole('region', { name: 'Map 1, Owls scoreboard' });
    const owls = within(owlsBoard);
    await userEvent.click(owls.getByText('Paste from a spreadsheet'));
    const pasteBox = owlsBoard.querySelector('textarea')!;
    fireEvent.change(pasteBox, { target: { value: 'Player\tK\tD\tA\tADR\tRating\nOWLEYE\t20\t15\t3\t90\t1.2\nringer\t11\t16\t4\t\t0.8' } });
    await userEvent.click(owls.getByText('Fill rows'));
    expect(owls.getByRole('status').textContent).toBe('2 rows filled from the pasted text. Columns not used: Rating.');
    expect(field('Map 1, Owls row 1 player').value).toBe('owlEye');
    expect(field('Map 1, Owls row 1 damage').value).toBe('1980');
    // The optional columns are behind a switch; unknown counts stay empty, never 0.
    expect(document.querySelector('input[aria-label="Map 1, Owls row 1 MVPs"]')).toBeNull();
    await userEvent.click(screen.getByLabelText(/^Show more columns/));
    expect(field('Map 1, Owls row 1 MVPs').value).toBe('');
    expect(field('Map 1, Owls row 2 player').value).toBe('ringer');
    expect(field('Map 1, Owls row 2 damage').value).toBe('');

    await userEvent.click(field('Map 1, Foxes row 2 player'));
    await userEvent.paste('vixen\t18\t14\t5\t9\t1700\nfox2\t10\t15\t2\t3\t1200');
    expect(field('Map 1, Foxes row 2 player').value).toBe('vixen');
    expect(field('Map 1, Foxes row 3 headshot kills').value).toBe('3');
    expect(field('Map 1, Foxes row 1 kills').value).toBe('');

    await userEvent.click(field('Map 1, Owls row 3 player'));
    await userEvent.paste('a\t1\t2\t3\nb\t1\t2');
    expect(owls.getByRole('alert').textContent).toBe('Line 2 has 3 columns, but the first line has 4.');
    expect(field('Map 1, Owls row 3 player').value).toBe('');
  });

  it('shows loading, then a load failure with a way to try again', async () => {
    let fail = true;
    renderEditor({
      'admin.matchStats.maps': () => {
        if (fail) throw new Error('Internal server error');
        return { maps: [], vetoes: [] };
      },
    });
    expect(await screen.findByText(/The map details could not be loaded/)).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Add a map' })).toBeTruthy();
  });

  it('is busy while the details load', async () => {
    renderEditor({ 'admin.matchStats.maps': never });
    expect(await screen.findByRole('status', { name: 'Loading the map details' })).toBeTruthy();
  });
});
