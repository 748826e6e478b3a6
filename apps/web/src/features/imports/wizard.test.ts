import type { ImportPreviewOutput } from '@campus-elo/api-contract';
import { describe, expect, it } from 'vitest';
import { clampStep, INITIAL_CHOICES, participantMatches, platformTeamNames, previewRequest, stepProblem } from './wizard';

describe('wizard rules', () => {
  it('keeps the step within 0..6', () => {
    expect([-1, 0, 3, 6, 7].map(clampStep)).toEqual([0, 0, 3, 6, 6]);
  });

  it('needs a season on step 2', () => {
    expect(stepProblem(2, INITIAL_CHOICES)).toBe('Please select a season');
    expect(stepProblem(2, { ...INITIAL_CHOICES, seasonId: 's1' })).toBeNull();
  });

  it('needs the competition name and id on step 3, and the Season ID for Leaguespot', () => {
    expect(stepProblem(3, { ...INITIAL_CHOICES, competitionName: 'NECC' })).toBe('Please fill in all fields');
    expect(stepProblem(3, { ...INITIAL_CHOICES, platformId: 'abc' })).toBe('Please fill in all fields');
    expect(stepProblem(3, { ...INITIAL_CHOICES, competitionName: 'NECC', platformId: 'abc' })).toBeNull();
    const leaguespot = { ...INITIAL_CHOICES, platform: 'leaguespot' as const };
    expect(stepProblem(3, { ...leaguespot, competitionName: 'Playfly', platformId: '  ' })).toBe('Season ID is required');
    expect(stepProblem(3, { ...leaguespot, platformId: 'abc' })).toBe('Please fill in all fields');
  });

  it('asks the server for the platform the staff chose', () => {
    expect(previewRequest({ ...INITIAL_CHOICES, platformId: ' champ ' })).toEqual({ platform: 'faceit', competition_id: 'champ' });
    expect(previewRequest({ ...INITIAL_CHOICES, platform: 'leaguespot', platformId: 'season' })).toEqual({ platform: 'leaguespot', season_id: 'season' });
  });

  it('lists each platform team once and builds the participant matches', () => {
    const team = (name: string) => ({ faction_id: '', name, avatar: '', roster: [] });
    const item = (a: string, b: string) => ({ teams: { faction1: team(a), faction2: team(b) } });
    const preview = { items: [item('B U', 'A U'), item('A U', 'C U')], skipped: [] } as unknown as ImportPreviewOutput;
    expect(platformTeamNames(preview)).toEqual(['A U', 'B U', 'C U']);
    expect(participantMatches('faceit', [{ platformTeam: 'A U', teamId: 't1', teamName: 'Alpha' }])).toEqual({ 'platform:faceit:team:A U': 't1' });
  });
});
