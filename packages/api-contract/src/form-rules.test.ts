import { describe, expect, it } from 'vitest';
import { competitionUpdateInput, seasonCreateInput } from './admin-seasons';
import { playerEditFields, teamEditFields } from './admin-edit';
import { teamEloCalculateInput } from './elo-tools';
import { matchCreateInput } from './admin-matches';
import { backupCreateInput } from './clear-database';
import { eventCreateInput } from './events';
import { steamIdValue } from './form-rules';
import { importMatchesInput, previewItem } from './imports';
import { CONTROL_CHARACTERS_MESSAGE, WEB_URL_MESSAGE } from './text-rules';

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

  const TEAM_IDS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
  const event = { name: 'Cup', start_date: '2026-01-01', end_date: '2026-01-02', format: 'single_elimination', team_ids: TEAM_IDS };
  const player = { name: 'Mira', elo: 1000, skill_level: 5, team_id: null, benched: false, visible: true };
  /** Each form's name and text fields, with a valid payload around the field. */
  const textFields: Array<[string, (text: string) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, string]> = [
    ['team name', (text) => teamEditFields.safeParse({ name: text, elo: 1000 }), 'name'],
    ['school name', (text) => teamEditFields.safeParse({ name: 'Owls', school_name: text, elo: 1000 }), 'school_name'],
    ['player name', (text) => playerEditFields.safeParse({ ...player, name: text }), 'name'],
    ['Faceit id', (text) => playerEditFields.safeParse({ ...player, faceit_id: text }), 'faceit_id'],
    ['season name', (text) => seasonCreateInput.safeParse({ name: text, start_date: '2026-01-01', end_date: '2026-02-01' }), 'name'],
    ['competition name', (text) => competitionUpdateInput.safeParse({ id: ID, name: text }), 'name'],
    ['event name', (text) => eventCreateInput.safeParse({ ...event, name: text }), 'name'],
    ['event description', (text) => eventCreateInput.safeParse({ ...event, description: text }), 'description'],
    ['random seed', (text) => eventCreateInput.safeParse({ ...event, seeding: { method: 'random', seed: text } }), 'seed'],
    ['imported competition name', (text) => importMatchesInput.safeParse({ platform: 'faceit', competition_name: text, season_id: ID, data: { items: [] } }), 'competition_name'],
    ['backup note', (text) => backupCreateInput.safeParse({ note: text }), 'note'],
  ];
  const CONTROLS = { CR: '\r', LF: '\n', CRLF: '\r\n', 'U+0001': '\u0001', 'U+000B': '\u000b', DEL: '\u007f', 'U+0085': '\u0085', 'U+2028': '\u2028', 'U+FFFE': '\ufffe', 'U+FFFF': '\uffff', 'lone surrogate': '\ud800' };

  it.each(textFields)('refuses control characters in the %s, naming the field', (_label, parse, field) => {
    expect(parse('Harbor Hawks').success).toBe(true);
    for (const [name, control] of Object.entries(CONTROLS)) {
      const multilineLayout = field === 'description' && ['CR', 'LF', 'CRLF'].includes(name);
      const result = parse(`Harbor${control}Hawks`);
      if (multilineLayout) {
        expect(result.success, name).toBe(true);
        continue;
      }
      expect(result.success, name).toBe(false);
      expect(result.error!.issues.map((issue) => [issue.path.at(-1), issue.message]), name).toEqual([[field, CONTROL_CHARACTERS_MESSAGE]]);
    }
  });

  it('takes only http(s) links with a host (and pictures stored on this site) in every link field', () => {
    const links: Array<[string, (url: string) => { success: boolean }]> = [
      ['match url', (url) => matchCreateInput.safeParse({ team1_id: TEAM_IDS[0], team2_id: TEAM_IDS[1], status: 'scheduled', url })],
      ['event stream', (url) => eventCreateInput.safeParse({ ...event, links: { stream: url } })],
      ['event picture', (url) => eventCreateInput.safeParse({ ...event, picture: url })],
      ['team picture', (url) => teamEditFields.safeParse({ name: 'Owls', elo: 1000, picture: url })],
    ];
    for (const [label, parse] of links) {
      expect(parse('https://league.example/a?b=c').success, label).toBe(true);
      for (const url of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>', 'ftp://files.example/a', 'https://', '//evil.example/x.png', 'https://a.example/\u0001', 'https://a.example/\r\nX']) {
        expect(parse(url).success, `${label}: ${JSON.stringify(url)}`).toBe(false);
      }
    }
    const refused = matchCreateInput.safeParse({ team1_id: TEAM_IDS[0], team2_id: TEAM_IDS[1], status: 'scheduled', url: 'javascript:alert(1)' });
    expect(refused.error!.issues.map((issue) => [issue.path, issue.message])).toEqual([[['url'], WEB_URL_MESSAGE]]);
  });

  it('cleans platform data instead of refusing it: names lose control characters, non-http(s) links become empty', () => {
    const item = previewItem.parse({
      match_id: 'm1',
      status: 'FINISHED',
      faceit_url: 'javascript:alert(1)',
      round_name: 'Round\r\n1',
      teams: {
        faction1: { name: 'Evil\r\nEND:VEVENT\u000b', avatar: 'javascript:alert(1)', roster: [{ nickname: 'ni\u0001ck', avatar: 'data:image/svg+xml,<svg/>', faceit_url: 'javascript:x' }] },
        faction2: { name: 'Owls', avatar: 'https://cdn.example/owls.png' },
      },
    });
    expect(item.faceit_url).toBeNull();
    expect(item.round_name).toBe('Round 1');
    expect(item.teams.faction1).toMatchObject({ name: 'Evil END:VEVENT ', avatar: '' });
    expect(item.teams.faction1!.roster[0]).toMatchObject({ nickname: 'nick', avatar: '', faceit_url: '' });
    expect(item.teams.faction2).toMatchObject({ name: 'Owls', avatar: 'https://cdn.example/owls.png' });
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
