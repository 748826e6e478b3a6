import type { ImportPreviewOutput } from '@campus-elo/api-contract';
import {
  faceitMatchToPreview,
  leaguespotMatchToPreview,
  type LeaguespotMatch,
  type PreviewItem,
  type PreviewOutcome,
  type PreviewSkip,
} from '@campus-elo/domain';
import { mapSettled, PLATFORM_CONCURRENCY } from '../../lib/concurrency';
import type { FaceitClient } from './platforms/faceit-client';
import { describeFailure, platformDomainError } from './platforms/http';
import type { LeaguespotClient, LeaguespotRound } from './platforms/leaguespot-client';
import { unprocessable } from '../../lib/errors';

interface PreviewAnswer {
  items: PreviewItem[];
  skipped: PreviewSkip[];
}

function collect(outcomes: PreviewOutcome[], answer: PreviewAnswer = { items: [], skipped: [] }): PreviewAnswer {
  for (const outcome of outcomes) {
    if (outcome.item) answer.items.push(outcome.item);
    else answer.skipped.push(outcome.skip);
  }
  return answer;
}

/** Every match of a Faceit championship, paged by 100. */
export async function previewFaceit(client: FaceitClient, championshipId: string): Promise<ImportPreviewOutput> {
  try {
    const matches = await client.championshipMatches(championshipId);
    return collect(matches.map(faceitMatchToPreview));
  } catch (error) {
    throw platformDomainError(error, `Faceit has no championship ${championshipId}`);
  }
}

async function seasonRounds(client: LeaguespotClient, seasonId: string): Promise<LeaguespotRound[]> {
  const season = await client.season(seasonId).catch((error: unknown) => {
    throw platformDomainError(error, `Leaguespot has no season ${seasonId}`);
  });
  if (!season.currentStageId) {
    throw unprocessable('No current stage found for this season');
  }
  const stageId = season.currentStageId;
  const stage = await client.stage(stageId).catch((error: unknown) => {
    throw platformDomainError(error, `Leaguespot has no stage ${stageId}`);
  });
  const rounds = Array.isArray(stage.rounds) ? stage.rounds.filter((round) => typeof round?.id === 'string') : [];
  if (rounds.length === 0) throw unprocessable('No rounds found for this stage');
  return [...rounds].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));
}

/** A match the round listed, with its detail and scored participants; byes need no detail. */
async function leaguespotOutcome(client: LeaguespotClient, match: LeaguespotMatch): Promise<PreviewOutcome> {
  if ((match.participants?.length ?? 0) < 2) return leaguespotMatchToPreview({ match });
  const [detail, participants] = await Promise.all([client.match(match.id), client.matchParticipants(match.id)]);
  return leaguespotMatchToPreview({ match, detail, participants });
}

function failedMatch(match: LeaguespotMatch, error: unknown): PreviewSkip {
  const label = (match.participants ?? []).map((p) => p.name ?? '?').join(' vs ');
  return { kind: 'match', id: match.id, label, reason: 'match_failed', detail: describeFailure(error) };
}

/**
 * A Leaguespot season's current stage: season -> stage -> rounds -> each round's matches ->
 * each match's detail and participants. A round or match that fails is reported in
 * `skipped` and the rest goes on; without a stage or rounds there is nothing to import (422).
 */
export async function previewLeaguespot(client: LeaguespotClient, seasonId: string): Promise<ImportPreviewOutput> {
  const rounds = await seasonRounds(client, seasonId);
  const answer: PreviewAnswer = { items: [], skipped: [] };

  const listings = await mapSettled(rounds, PLATFORM_CONCURRENCY, (round) => client.roundMatches(round.id));
  const matches: LeaguespotMatch[] = [];
  listings.forEach((listing, index) => {
    const round = rounds[index] as LeaguespotRound;
    if (listing.ok) matches.push(...listing.value);
    else answer.skipped.push({ kind: 'round', id: round.id, label: round.name ?? round.id, reason: 'round_failed', detail: describeFailure(listing.error) });
  });

  const outcomes = await mapSettled(matches, PLATFORM_CONCURRENCY, (match) => leaguespotOutcome(client, match));
  outcomes.forEach((outcome, index) => {
    if (outcome.ok) collect([outcome.value], answer);
    else answer.skipped.push(failedMatch(matches[index] as LeaguespotMatch, outcome.error));
  });
  return answer;
}
