import type { AdminPlayer, AdminTeam } from '@campus-elo/api-contract';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlayerForm } from './PlayerForm';
import { TeamForm } from './TeamForm';

const team: AdminTeam = { id: 't1', name: 'Owls', picture: '/media/teams/t1/1.png', school_name: 'North', elo: 1200 };
const player: AdminPlayer = {
  id: 'p1',
  name: 'Mira',
  picture: null,
  steam_id: 'steam-1',
  faceit_id: null,
  elo: 1500,
  skill_level: 7,
  team: { id: '00000000-0000-4000-8000-000000000001', name: 'Owls' },
  team_id: '00000000-0000-4000-8000-000000000001',
  benched: false,
  visible: true,
};
const teams = [
  { id: '00000000-0000-4000-8000-000000000001', name: 'Owls', elo: 1500 },
  { id: '00000000-0000-4000-8000-000000000002', name: 'Foxes', elo: 1400 },
];

const withMantine = (ui: ReactNode) => render(<MantineProvider env="test">{ui}</MantineProvider>);
const teamSelect = () => screen.getByLabelText('Team', { selector: 'input' }) as HTMLInputElement;
const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

async function retype(label: string, text: string) {
  const input = field(label);
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
}

describe('TeamForm', () => {
  it('shows the picture button for a team with a picture and sends the form as the contract payload', async () => {
    const onSave = vi.fn();
    withMantine(<TeamForm team={team} saving={false} onSave={onSave} />);
    expect(screen.getByRole('button', { name: 'Change Picture' })).toBeTruthy();
    // Letters, decimal points and exponents never reach the Elo field.
    await retype('Team Elo', '1e2.3ab4');
    expect(field('Team Elo').value).toBe('1234');
    await retype('School Name', '');
    await userEvent.click(screen.getByRole('button', { name: 'Save Team' }));
    // An empty school name is left out; the kept picture goes back.
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0]).toEqual({ name: 'Owls', elo: 1234, picture: '/media/teams/t1/1.png' });
  });

  it('says beside the fields, as they are typed, that Elo is 0 to 5000 and a name at most 200 characters', async () => {
    const onSave = vi.fn();
    withMantine(<TeamForm team={team} saving={false} onSave={onSave} />);
    await retype('Team Elo', '5001');
    expect(await screen.findByText('Elo must be between 0 and 5000')).toBeTruthy();
    await retype('Team Elo', '');
    expect(await screen.findByText('Elo must be a whole number')).toBeTruthy();
    fireEvent.change(field('Team Name'), { target: { value: 'x'.repeat(201) } });
    expect(await screen.findByText('At most 200 characters')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save Team' }));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses "-50" as Elo with the range message, instead of saving 50', async () => {
    const onSave = vi.fn();
    withMantine(<TeamForm team={team} saving={false} onSave={onSave} />);
    await retype('Team Elo', '-50');
    expect(field('Team Elo').value).toBe('-50');
    expect(await screen.findByText('Elo must be between 0 and 5000')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save Team' }));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('tells the panel of each edit, so an earlier green notice does not stay beside a new error', async () => {
    const onEdit = vi.fn();
    withMantine(<TeamForm team={team} saving={false} onSave={() => {}} onEdit={onEdit} />);
    expect(onEdit).not.toHaveBeenCalled();
    await retype('Team Elo', '-5');
    expect(onEdit).toHaveBeenCalled();
  });

  it('refuses an empty team name in the browser', async () => {
    const onSave = vi.fn();
    withMantine(<TeamForm team={{ ...team, picture: null }} saving={false} onSave={onSave} />);
    expect(screen.getByRole('button', { name: 'Upload Picture' })).toBeTruthy();
    await retype('Team Name', '');
    await userEvent.click(screen.getByRole('button', { name: 'Save Team' }));
    expect(await screen.findByText('Team name is required')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("reads 'Saving...' while busy", () => {
    withMantine(<TeamForm team={team} saving onSave={() => {}} />);
    expect((screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('PlayerForm', () => {
  it("sends 'No Team' as null, leaves out empty ids and keeps the flags", async () => {
    const onSave = vi.fn();
    withMantine(<PlayerForm player={player} teams={teams} saving={false} onSave={onSave} />);
    await userEvent.click(teamSelect());
    await userEvent.click(await screen.findByRole('option', { name: 'No Team' }));
    await retype('Steam ID', '   ');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Benched' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Player' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0]).toEqual({ name: 'Mira', elo: 1500, skill_level: 7, team_id: null, benched: true, visible: true });
  });

  it.each([
    ['11', 'Skill level must be between 1 and 10'],
    ['0', 'Skill level must be between 1 and 10'],
    // Letters are refused as typed: the field stays empty.
    ['ten', 'Skill level must be a whole number from 1 to 10'],
  ])('refuses skill level %j in the browser', async (typed, message) => {
    const onSave = vi.fn();
    withMantine(<PlayerForm player={player} teams={teams} saving={false} onSave={onSave} />);
    await retype('Skill Level (1-10)', typed);
    await userEvent.click(screen.getByRole('button', { name: 'Save Player' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a Steam ID that is not a SteamID64, and takes one that is', async () => {
    const onSave = vi.fn();
    withMantine(<PlayerForm player={player} teams={teams} saving={false} onSave={onSave} />);
    await retype('Steam ID', 'not a steam id');
    await userEvent.click(screen.getByRole('button', { name: 'Save Player' }));
    expect(await screen.findByText('A Steam ID is 17 digits starting 7656119 (SteamID64)')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    await retype('Steam ID', '76561198000000001');
    await userEvent.click(screen.getByRole('button', { name: 'Save Player' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0]).toMatchObject({ steam_id: '76561198000000001' });
  });

  it('lists No Team first, then the teams', async () => {
    withMantine(<PlayerForm player={{ ...player, team: null, team_id: null }} teams={teams} saving={false} onSave={() => {}} />);
    expect(teamSelect().value).toBe('No Team');
    await userEvent.click(teamSelect());
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['No Team', 'Owls', 'Foxes']);
  });
});
