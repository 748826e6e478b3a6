import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../common/testing';
import { ParticipantMatcher } from './ParticipantMatcher';

describe('ParticipantMatcher proposals', () => {
  it('proposes existing teams with a much alike name, with the reason, and matches one in a click', async () => {
    const onChange = vi.fn();
    renderWithProviders(<ParticipantMatcher platform="faceit" platformTeams={['Gamma U.', 'Northview Owls Esports', 'Lakeside Sharks']} platformTeamIds={new Map()} matches={[]} onChange={onChange} />, {
      api: {
        'admin.teams.options': () => [
          { id: 't1', name: 'gamma u', elo: 1000 },
          { id: 't2', name: 'Northview Owls', elo: 1200 },
          { id: 't3', name: 'Cedar Ridge Phoenix', elo: 1100 },
        ],
      },
    });
    const proposed = await screen.findByRole('region', { name: 'Proposed matches' });
    expect(proposed.textContent).toContain('Gamma U. → gamma u (same name)');
    expect(proposed.textContent).toMatch(/Northview Owls Esports → Northview Owls \(similar name, \d+% alike\)/);
    expect(proposed.textContent).not.toContain('Lakeside Sharks');
    await userEvent.click(within(proposed).getByRole('button', { name: 'Match Northview Owls Esports with Northview Owls' }));
    expect(onChange).toHaveBeenCalledWith([{ platformTeam: 'Northview Owls Esports', teamId: 't2', teamName: 'Northview Owls' }]);
  });

  it('proposes first the team an earlier import matched the same platform id to, saying so', async () => {
    const asked: unknown[] = [];
    renderWithProviders(
      <ParticipantMatcher
        platform="faceit"
        platformTeams={['Sharks Esports', 'Gamma U.']}
        platformTeamIds={new Map([['Sharks Esports', 'faction-9']])}
        matches={[]}
        onChange={vi.fn()}
      />,
      {
        api: {
          'admin.teams.options': () => [
            { id: 't1', name: 'gamma u', elo: 1000 },
            { id: 't4', name: 'Lakeside Sharks', elo: 1000 },
          ],
          'admin.imports.knownTeams': (input) => {
            asked.push(input);
            return [{ platform_team_id: 'faction-9', team_id: 't4', team_name: 'Lakeside Sharks' }];
          },
        },
      },
    );
    const proposed = await screen.findByRole('region', { name: 'Proposed matches' });
    await screen.findByText(/same Faceit team as an earlier import/);
    expect(proposed.textContent).toContain('Sharks Esports → Lakeside Sharks (same Faceit team as an earlier import)');
    expect(proposed.textContent).toContain('Gamma U. → gamma u (same name)');
    expect(asked).toEqual([{ platform: 'faceit', platform_team_ids: ['faction-9'] }]);
  });
});
