import type { ImportMatchesOutput, ImportPreviewOutput, MapDetailsResult } from '@campus-elo/api-contract';
import { participantMatchKey, pluralize } from '@campus-elo/domain';

export type Platform = 'faceit' | 'leaguespot';
export const PLATFORM_NAMES: Record<Platform, string> = { faceit: 'Faceit', leaguespot: 'Leaguespot' };
export type CompetitionType = 'league' | 'event';

/** The wizard's steps, numbered 0 to 6 as in docs/product.md (import matches). */
export const STEPS = ['Platform', 'Type', 'Season', 'Details', 'Preview', 'Match', 'Complete'] as const;
export const FIRST_STEP = 0;
export const LAST_STEP = STEPS.length - 1;
export const DETAILS_STEP = 3;
export const MATCH_STEP = 5;

export const MESSAGES = {
  selectSeason: 'Please select a season',
  fillAllFields: 'Please fill in all fields',
  seasonIdRequired: 'Season ID is required',
  previewFailed: 'Failed to fetch preview data. Please check the season/event ID and try again.',
  createSeasonFailed: 'Failed to create season',
  participantsFailed: 'Failed to fetch participant data',
  importFailed: 'Import failed. Please try again.',
  imported: (n: number) => `Successfully imported ${pluralize(n, 'match')}!`,
} as const;

/** What a tool did with FACEIT map details, in plain words; none when it asked about none. */
export function mapDetailsLines(details: MapDetailsResult | undefined): string[] {
  if (!details) return [];
  return [
    `Map details saved for ${pluralize(details.saved, 'match')}.`,
    ...(details.not_yet > 0 ? [`Map stats not yet available for ${pluralize(details.not_yet, 'match')}; the next sync tries again.`] : []),
    ...(details.failed > 0 ? [`Map details could not be fetched for ${pluralize(details.failed, 'match')}.`] : []),
  ];
}

/** What an import did, in lines: matches, then the teams and players it created, then Elo moved, then map details. */
export function importSummary(r: ImportMatchesOutput): string[] {
  return [
    MESSAGES.imported(r.matches_imported),
    `Updated: ${r.matches_updated}, skipped: ${r.matches_skipped}.`,
    `Created ${pluralize(r.teams_created, 'team')} and ${pluralize(r.players_created, 'player')}.`,
    r.elo_changes.length === 0 ? "No team's Elo changed." : `Elo changed for ${pluralize(r.elo_changes.length, 'team')}.`,
    ...mapDetailsLines(r.map_details),
  ];
}

export interface WizardChoices {
  platform: Platform;
  type: CompetitionType;
  seasonId: string | null;
  competitionName: string;
  /** Faceit championship id, or Leaguespot season id. */
  platformId: string;
}

export const INITIAL_CHOICES: WizardChoices = { platform: 'faceit', type: 'league', seasonId: null, competitionName: '', platformId: '' };

export function clampStep(step: number): number {
  return Math.min(LAST_STEP, Math.max(FIRST_STEP, step));
}

/** What stops Next on this step, in the words of docs/product.md (texts); null when the step is complete. */
export function stepProblem(step: number, choices: WizardChoices): string | null {
  if (step === 2 && !choices.seasonId) return MESSAGES.selectSeason;
  if (step === DETAILS_STEP) {
    const name = choices.competitionName.trim();
    const id = choices.platformId.trim();
    if (choices.platform === 'faceit') return name && id ? null : MESSAGES.fillAllFields;
    if (!name) return MESSAGES.fillAllFields;
    if (!id) return MESSAGES.seasonIdRequired;
  }
  return null;
}

export function previewRequest(choices: WizardChoices) {
  const id = choices.platformId.trim();
  return choices.platform === 'faceit' ? { platform: 'faceit' as const, competition_id: id } : { platform: 'leaguespot' as const, season_id: id };
}

/** Every team name the preview mentions, once, sorted. */
export function platformTeamNames(preview: ImportPreviewOutput | null): string[] {
  const names = new Set<string>();
  for (const item of preview?.items ?? []) {
    for (const team of [item.teams.faction1, item.teams.faction2]) if (team?.name) names.add(team.name);
  }
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** Each platform team's id on the platform (Faceit faction id, Leaguespot team id), by name. */
export function platformTeamIds(preview: ImportPreviewOutput | null): Map<string, string> {
  const ids = new Map<string, string>();
  for (const item of preview?.items ?? []) {
    for (const team of [item.teams.faction1, item.teams.faction2]) if (team?.name && team.faction_id) ids.set(team.name, team.faction_id);
  }
  return ids;
}

export interface TeamMatch {
  platformTeam: string;
  teamId: string;
  teamName: string;
}

/** The import's participant_matches: 'platform:{platform}:team:{name}' -> our team id. */
export function participantMatches(platform: Platform, matches: readonly TeamMatch[]): Record<string, string> {
  return Object.fromEntries(matches.map((m) => [participantMatchKey(platform, m.platformTeam), m.teamId]));
}

