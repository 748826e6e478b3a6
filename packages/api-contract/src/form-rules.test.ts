import { describe, expect, it } from 'vitest';
import { competitionUpdateInput, seasonCreateInput } from './admin-seasons';
import { playerEditFields, teamEditFields } from './admin-edit';
import { teamEloCalculateInput } from './elo-tools';
import { steamIdValue } from './form-rules';

const ID = '11111111-1111-4111-8111-111111111111';
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('form rules', () => {
  it("says 'At most N characters' for a long name, and the required text for a missing or empty one", () => {
    expect(firstMessage(competitionUpdateInput.safeParse({ id: ID, name: 'x'.repeat(201) }))).toBe('At most 200 characters');
    expect(firstMessage(competitionUpdateInput.safeParse({ id: ID, name: '  ' }))).toBe('Name is required');
    expect(firstMessage(competitionUpdateInput.safeParse({ id: ID }))).toBe('Name is required');
    expect(firstMessage(seasonCreateInput.safeParse({ name: 'x'.repeat(101), start_date: '2026-01-01', end_date: '2026-02-01' }))).toBe('At most 100 characters');
    expect(firstMessage(teamEditFields.safeParse({ name: 'x'.repeat(201), elo: 1000 }))).toBe('At most 200 characters');
  });

  it('takes Elo from 0 to 5000 and skill levels from 1 to 10', () => {
    expect(teamEditFields.safeParse({ name: 'Owls', elo: 5000 }).success).toBe(true);
    expect(firstMessage(teamEditFields.safeParse({ name: 'Owls', elo: 5001 }))).toBe('Elo must be between 0 and 5000');
    expect(firstMessage(teamEditFields.safeParse({ name: 'Owls', elo: -1 }))).toBe('Elo must be between 0 and 5000');
    expect(firstMessage(teamEditFields.safeParse({ name: 'Owls', elo: 1.5 }))).toBe('Elo must be a whole number');
    const player = { name: 'Mira', elo: 1000, team_id: null, benched: false, visible: true };
    expect(firstMessage(playerEditFields.safeParse({ ...player, skill_level: 11 }))).toBe('Skill level must be between 1 and 10');
    expect(firstMessage(teamEloCalculateInput.safeParse({ default_elo: 9000 }))).toBe('Elo must be between 0 and 5000');
  });
});

describe('steamIdValue', () => {
  it('takes a SteamID64 (17 digits starting 7656119) and refuses any other text as a Steam ID', () => {
    expect(steamIdValue.safeParse('76561198000000001').success).toBe(true);
    for (const text of ['steam-1', 'STEAM_0:1:123', '7656119800000000', '765611980000000012', '12345678901234567']) {
      const result = steamIdValue.safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('A Steam ID is 17 digits starting 7656119 (SteamID64)');
    }
  });
});
