import type { MatchMapsResponse } from '@campus-elo/api-contract';
import { describe, expect, it } from 'vitest';
import { emptyLine, emptyMap, formKey, formProblems, mapDetailsValues, problemPlace, replaceMapsInput, type MapDetailsValues } from './map-details-form';

const OWLS = 'team-owls';
const FOXES = 'team-foxes';
const MATCH = '33333333-3333-4333-8333-333333333333';

const unknownCounts = {
  headshots: null,
  damage: null,
  adr: null,
  hs_pct: null,
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
};

const stored: MatchMapsResponse = {
  maps: [
    {
      number: 1,
      map: 'de_mirage',
      map_name: 'Mirage',
      score_team1: 13,
      score_team2: 7,
      winner_id: OWLS,
      picked_by_id: null,
      halves: { team1: [8, 5], team2: [4, 3] },
      overtime: null,
      source: 'faceit',
      players: [
        { ...unknownCounts, player: null, nickname: 'stranger', platform_player_id: 'faceit-stranger', team_id: FOXES, kills: 12, deaths: 18, assists: 2, kast: null },
        { ...unknownCounts, player: { id: 'p1', name: 'owlEye', picture: null }, nickname: 'owl_eye_faceit', platform_player_id: 'faceit-owl', team_id: OWLS, kills: 20, deaths: 15, assists: 3, damage: 1980, kast: 75 },
      ],
    },
  ],
  vetoes: [
    { step: 1, team_id: FOXES, action: 'ban', map: 'de_nuke' },
    { step: 2, team_id: null, action: 'decider', map: 'de_mirage' },
  ],
};

describe('map details form values', () => {
  it('reads the stored details onto each side (five rows at least) and sends them back unchanged', () => {
    const values = mapDetailsValues(stored, OWLS, FOXES);
    const [map] = values.maps;
    expect(map!.lines[1]).toHaveLength(5);
    expect(map!.lines[1][0]).toMatchObject({ player_id: 'p1', nickname: 'owl_eye_faceit' });
    // KAST 75 % of 20 rounds is 15 rounds; the form holds the count the PUT takes.
    expect(map!.lines[1][0]!.counts).toMatchObject({ kills: 20, damage: 1980, headshots: '', kast_rounds: 15 });
    expect(map!.lines[2][0]).toMatchObject({ player_id: null, nickname: 'stranger', platform_player_id: 'faceit-stranger' });
    expect(values.vetoes.map((veto) => [veto.side, veto.action, veto.map])).toEqual([
      ['2', 'ban', 'de_nuke'],
      ['none', 'decider', 'de_mirage'],
    ]);

    const sent = replaceMapsInput(MATCH, values);
    expect(sent.maps[0]).toMatchObject({ map: 'de_mirage', score_team1: 13, score_team2: 7, picked_by_side: null, halves: { team1: [8, 5], team2: [4, 3] }, overtime: null });
    // Blank rows are left out; team 1's lines come first.
    expect(sent.maps[0]!.players.map((line) => [line.side, line.player_id, line.nickname, line.kills, line.damage, line.kast_rounds])).toEqual([
      [1, 'p1', 'owl_eye_faceit', 20, 1980, 15],
      [2, null, 'stranger', 12, null, null],
    ]);
    expect(sent.vetoes).toEqual([
      { side: 2, action: 'ban', map: 'de_nuke' },
      { side: null, action: 'decider', map: 'de_mirage' },
    ]);
    expect(formProblems(values, { score_team1: 13, score_team2: 7 })).toEqual({});
  });

  it("turns a path of the request into the form's field: the n-th line sent is its side's row", () => {
    const values: MapDetailsValues = { maps: [emptyMap()], vetoes: [] };
    const line = (nickname: string) => ({ ...emptyLine(), nickname });
    values.maps[0]!.lines[1] = [line('a'), emptyLine(), line('b'), emptyLine(), emptyLine()];
    values.maps[0]!.lines[2] = [emptyLine(), line('c'), emptyLine(), emptyLine(), emptyLine()];
    expect(formKey('maps.0.players.1.kills', values)).toBe('maps.0.lines.1.2.kills');
    expect(formKey('maps.0.players.2', values)).toBe('maps.0.lines.2.1');
    expect(formKey('maps.0.score_team2', values)).toBe('maps.0.score_team2');
    expect(formKey('maps.0.picked_by_side', values)).toBe('maps.0.picked_by');
    expect(formKey('vetoes.3.side', values)).toBe('vetoes.3.side');
    expect(problemPlace('maps.0.lines.2.1.kills', { 1: 'Owls', 2: 'Foxes' })).toBe('Map 1, Foxes row 2, kills');
    expect(problemPlace('vetoes.3.side', { 1: 'Owls', 2: 'Foxes' })).toBe('Veto step 4');
  });

  it('names missing fields and the domain rules in words, at the row they concern', () => {
    const values: MapDetailsValues = { maps: [emptyMap()], vetoes: [{ key: 'v', side: '1', action: 'ban', map: null }] };
    const map = values.maps[0]!;
    map.halves = [8, '', '', ''];
    map.lines[2][3] = { ...emptyLine(), nickname: 'fox', counts: { ...emptyLine().counts, kills: 5, deaths: 4, assists: 1, headshots: 7 } };
    map.lines[1][0] = { ...emptyLine(), counts: { ...emptyLine().counts, kills: 3 } };
    const problems = formProblems(values, { score_team1: 1, score_team2: 0 });
    expect(problems).toMatchObject({
      'maps.0.map': 'Choose the map.',
      'maps.0.score_team1': 'Enter the rounds won.',
      'maps.0.halves': 'Enter all four half scores, or none.',
      'maps.0.lines.1.0.player': 'Enter the player, or clear the row.',
      'maps.0.lines.1.0.deaths': 'Enter the deaths.',
      'maps.0.lines.2.3.headshots': 'Headshot kills cannot exceed kills.',
      'vetoes.0.map': 'Choose the map.',
    });
  });
});
