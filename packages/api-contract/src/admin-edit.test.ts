import { describe, expect, it } from 'vitest';
import { emptyAsUndefined, pictureValue, playerEditFields, teamEditFields } from './admin-edit';
import { seasonCreateInput } from './admin-seasons';
import { signInInput } from './auth';

describe('form rules shared by the browser and the server', () => {
  it('leaves empty optional texts out', () => {
    expect(emptyAsUndefined('')).toBeUndefined();
    expect(emptyAsUndefined('   ')).toBeUndefined();
    expect(emptyAsUndefined(' steam ')).toBe('steam');
  });
});

describe('pictureValue', () => {
  it.each(['/media/teams/1/2.png', 'https://cdn.example/logo.png', 'data:image/png;base64,iVBORw0KGgo='])('takes %s', (value) => {
    expect(pictureValue.safeParse(value).success).toBe(true);
  });
  it.each(['javascript:alert(1)', '//evil.example/x.png', 'logo.png', 'data:text/html;base64,PGgxPg==', 'data:image/png;base64,not base64!'])(
    'refuses %s',
    (value) => {
      expect(pictureValue.safeParse(value).success).toBe(false);
    },
  );
});

describe('edit schemas', () => {
  it('requires a team name and a whole-number Elo', () => {
    expect(teamEditFields.safeParse({ name: 'Owls', elo: 1000 }).success).toBe(true);
    expect(teamEditFields.safeParse({ name: ' ', elo: 1000 }).success).toBe(false);
    expect(teamEditFields.safeParse({ name: 'Owls', elo: 1.5 }).success).toBe(false);
  });

  it('keeps skill levels within 1-10 and takes null as no team', () => {
    const player = { name: 'Mira', elo: 1000, skill_level: 1, team_id: null, benched: false, visible: true };
    expect(playerEditFields.safeParse(player).success).toBe(true);
    expect(playerEditFields.safeParse({ ...player, skill_level: 10 }).success).toBe(true);
    expect(playerEditFields.safeParse({ ...player, skill_level: 0 }).success).toBe(false);
    expect(playerEditFields.safeParse({ ...player, skill_level: 11 }).success).toBe(false);
    expect(playerEditFields.safeParse({ ...player, team_id: undefined }).success).toBe(false);
  });

  it('checks sign-in and season forms', () => {
    expect(signInInput.safeParse({ email: 'a@b.test', password: 'x' }).success).toBe(true);
    expect(signInInput.safeParse({ email: 'not-an-email', password: 'x' }).success).toBe(false);
    expect(seasonCreateInput.safeParse({ name: 'Fall', start_date: '2026-08-20', end_date: '2026-12-20' }).success).toBe(true);
    expect(seasonCreateInput.safeParse({ name: 'Fall', start_date: '2026-02-30', end_date: '2026-12-20' }).success).toBe(false);
  });
});
