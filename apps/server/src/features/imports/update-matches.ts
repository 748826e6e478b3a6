import { MAX_LISTED_FAILURES, type UpdateMatchesOutput, type updateMatchesInput } from '@campus-elo/api-contract';
import type { Database, PlatformColumn } from '@campus-elo/db';
import { faceitMatchToPreview, leaguespotMatchToPreview, previewMatchFields, type FaceitMatch, type PreviewMatchFields, type PreviewOutcome } from '@campus-elo/domain';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config';
import { recordAudit } from '../audit/record';
import { mapSettled, PLATFORM_CONCURRENCY, type MapSettledOptions } from '../../lib/concurrency';
import { appliedFacts, lockEloLedger, settleMatches, skipReasonCounts, skippedNote } from '../elo/ledger';
import { mapDetailsNote, refreshFaceitMapDetails, type MapDetailsTarget } from './faceit-map-details';
import { faceitClient } from './platforms/faceit-client';
import { describeFailure } from './platforms/http';
import { leaguespotClient } from './platforms/leaguespot-client';
import { chunked, valuesList } from '../../lib/sql-batch';
import { notFound } from '../../lib/errors';
import { progressCounter, type ToolProgress } from '../../lib/tool-progress';
import { handSetDisagreements, keptNote } from './hand-set-results';

type UpdateInput = z.output<typeof updateMatchesInput>;

/** auto_detect looks this far ahead: a match may have started early or been moved. */
const AUTO_DETECT_AHEAD_MS = 7 * 24 * 60 * 60 * 1000;

interface Candidate {
  id: string;
  platform: PlatformColumn;
  external_id: string;
  /** 'Alpha vs Bravo': how staff know the match (a failure is named by it, not by the platform's id). */
  name: string;
  /** Set by hand (matches.manual_result): fetched to compare, never overwritten. */
  manual_result: boolean;
}

/** Matches to refresh; those entered by hand have no platform to ask and are left out. */
async function candidates(db: Kysely<Database>, input: UpdateInput, now: Date): Promise<Candidate[]> {
  let query = db
    .selectFrom('matches')
    .innerJoin('teams as team1', 'team1.id', 'matches.team1_id')
    .innerJoin('teams as team2', 'team2.id', 'matches.team2_id')
    .select(['matches.id', 'matches.platform', 'matches.external_id', 'matches.manual_result', sql<string>`team1.name || ' vs ' || team2.name`.as('name')])
    .where('matches.platform', '<>', 'manual');
  if (input.match_ids && input.match_ids.length > 0) {
    const ids = [...new Set(input.match_ids)];
    const found = await db.selectFrom('matches').select('id').where('id', 'in', ids).execute();
    const known = new Set(found.map((m) => m.id));
    const missing = ids.find((id) => !known.has(id));
    if (missing) throw notFound(`Match not found: ${missing}`);
    query = query.where('matches.id', 'in', ids);
  } else {
    const statuses = input.status_filter ? [input.status_filter].flat() : (['scheduled', 'in_progress'] as const);
    query = query.where('matches.status', 'in', statuses);
    if (input.auto_detect) {
      const until = new Date(now.getTime() + AUTO_DETECT_AHEAD_MS);
      query = query.where((eb) => eb.or([eb('matches.date', '<=', until), eb('matches.date', 'is', null)]));
    }
  }
  if (input.platform) query = query.where('matches.platform', '=', input.platform);
  return (await query.orderBy('matches.date').orderBy('matches.id').execute()) as Candidate[];
}

function fieldsOf(outcome: PreviewOutcome): PreviewMatchFields {
  if (outcome.skip) throw new Error('The platform now lists this match as a bye');
  return previewMatchFields(outcome.item);
}

/**
 * Fetches one platform's matches; a missing key or a platform down only fails its own
 * matches. FACEIT's answers are kept in `faceitAnswers` (by our match id): they carry the maps.
 */
async function freshFields(
  config: Config,
  platform: PlatformColumn,
  matches: readonly Candidate[],
  options: MapSettledOptions<PreviewMatchFields>,
  faceitAnswers: Map<string, FaceitMatch>,
) {
  if (platform === 'faceit') {
    const client = faceitClient(config);
    return mapSettled(
      matches,
      PLATFORM_CONCURRENCY,
      async (m) => {
        const answer = await client.match(m.external_id);
        faceitAnswers.set(m.id, answer);
        return fieldsOf(faceitMatchToPreview(answer));
      },
      options,
    );
  }
  const client = leaguespotClient(config);
  return mapSettled(
    matches,
    PLATFORM_CONCURRENCY,
    async (m) => {
      const [detail, participants] = await Promise.all([client.match(m.external_id), client.matchParticipants(m.external_id)]);
      return fieldsOf(leaguespotMatchToPreview({ match: detail, detail, participants }));
    },
    options,
  );
}

const PLATFORM_WORDS: Record<PlatformColumn, string> = { faceit: 'Faceit', leaguespot: 'Leaguespot' };

/** A failed match as a job lists it: by the teams that played, not the platform's id. */
const failedItem = (match: Candidate, error: unknown) => ({ item: `${match.name} (${PLATFORM_WORDS[match.platform]})`, reason: describeFailure(error) });

interface FreshMatch extends PreviewMatchFields {
  id: string;
}

/** The updates that would change a stored match (the same columns writeUpdates sets). */
async function changedOnly(db: Kysely<Database>, updates: readonly FreshMatch[]): Promise<FreshMatch[]> {
  if (updates.length === 0) return [];
  const stored = await db
    .selectFrom('matches')
    .select(['id', 'status', 'date', 'score_team1', 'score_team2', 'winner_id', 'team1_id', 'team2_id'])
    .where('id', 'in', updates.map((u) => u.id))
    .execute();
  const byId = new Map(stored.map((row) => [row.id, row]));
  const score = (value: number | null) => (value === null ? null : Math.round(value));
  return updates.filter((u) => {
    const row = byId.get(u.id);
    if (!row) return false;
    const winner = u.winner === 'faction1' ? row.team1_id : u.winner === 'faction2' ? row.team2_id : null;
    const date = u.date ?? row.date;
    return (
      row.status !== u.status ||
      row.score_team1 !== score(u.score1) ||
      row.score_team2 !== score(u.score2) ||
      row.winner_id !== winner ||
      row.date?.getTime() !== date?.getTime()
    );
  });
}

/** Writes the fresh fields and settles the Elo ledger for them (ledger.ts); answers the staff note on results that do not count. */
async function writeUpdates(db: Kysely<Database>, updates: readonly FreshMatch[], user: { id: string } | null): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await lockEloLedger(trx);
    const ids = updates.map((u) => u.id);
    const before = await appliedFacts(trx, ids);
    for (const rows of chunked(updates, 500)) {
      await sql`
        UPDATE matches AS m SET
          status = v.status,
          date = COALESCE(v.date, m.date),
          score_team1 = v.score1,
          score_team2 = v.score2,
          winner_id = CASE v.winner WHEN 'faction1' THEN m.team1_id WHEN 'faction2' THEN m.team2_id END,
          updated_at = now()
        FROM (VALUES ${valuesList(
          rows,
          (r) =>
            sql`(${r.id}::uuid, ${r.status}::text, ${r.date?.toISOString() ?? null}::timestamptz, ${r.score1 === null ? null : Math.round(r.score1)}::int, ${r.score2 === null ? null : Math.round(r.score2)}::int, ${r.winner}::text)`,
        )}) AS v(id, status, date, score1, score2, winner)
        WHERE m.id = v.id
      `.execute(trx);
    }
    const elo = await settleMatches(trx, ids, before);
    await recordAudit(trx, {
      user,
      action: 'update',
      entity: 'matches',
      ids,
      details: { source: 'platform', elo_applied: elo.applied, elo_skipped: skipReasonCounts(elo.skipped), elo_replayed_from: elo.replayedFrom },
    });
    return skippedNote(elo.skipped);
  });
}

export interface UpdateMatchesOptions extends ToolProgress {
  now?: Date;
  /** Told of each failed platform call (the sync backs off on a 429). */
  onFetchFailure?: (error: unknown) => void;
}

/**
 * Refreshes matches from their platforms: status, date, scores, winner, the maps and player
 * lines of completed FACEIT matches (faceit-map-details.ts), and the Elo ledger
 * for them (a result that now counts moves Elo once; a changed result replays history). Each platform is fetched on its own (bounded concurrency, a time limit
 * per call), so one platform failing never holds up the other. Progress is told per match
 * fetched; once `signal` aborts no further match is fetched, and those fetched are written
 * (one transaction, as always).
 */
export async function updateMatches(
  deps: { db: Kysely<Database>; config: Config },
  input: UpdateInput,
  user: { id: string } | null,
  options: UpdateMatchesOptions = {},
): Promise<UpdateMatchesOutput> {
  const matches = await candidates(deps.db, input, options.now ?? new Date());
  const platforms = [...new Set(matches.map((m) => m.platform))];
  const groups = platforms.map((platform) => matches.filter((m) => m.platform === platform));
  const counter = progressCounter(options, matches.length);

  const problems: string[] = [];
  const faceitAnswers = new Map<string, FaceitMatch>();
  const settledGroups = await Promise.all(
    platforms.map(async (platform, index) => {
      const group = groups[index] as Candidate[];
      try {
        return await freshFields(deps.config, platform, group, {
          signal: options.signal,
          onSettled: (result, i) => counter.settled(result.ok ? undefined : failedItem(group[i] as Candidate, result.error)),
        }, faceitAnswers);
      } catch (error) {
        // Only a missing Faceit key lands here: nothing of that platform could be fetched.
        if (platforms.length === 1) throw error;
        problems.push(error instanceof Error ? error.message : String(error));
        for (const match of group) counter.settled(failedItem(match, error));
        return group.map(() => ({ ok: false as const, error }));
      }
    }),
  );

  const updates: FreshMatch[] = [];
  const failures: UpdateMatchesOutput['failures'] = [];
  let errors = 0;
  settledGroups.forEach((settled, groupIndex) => {
    const group = groups[groupIndex] as Candidate[];
    settled.forEach((result, index) => {
      const match = group[index] as Candidate;
      if (result.ok) {
        updates.push({ id: match.id, ...result.value });
        return;
      }
      errors += 1;
      options.onFetchFailure?.(result.error);
      if (failures.length < MAX_LISTED_FAILURES) failures.push({ match_id: match.id, match_name: match.name, platform: match.platform, external_id: match.external_id, reason: describeFailure(result.error) });
    });
  });

  // Results set by hand are kept; where the platform now says otherwise, staff are told.
  const handSet = new Set(matches.filter((m) => m.manual_result).map((m) => m.id));
  const kept = updates.filter((u) => handSet.has(u.id));
  const writes = updates.filter((u) => !handSet.has(u.id));
  const disagreements = await handSetDisagreements(deps.db, kept);
  // The scheduled sync and webhooks ask for this: no audit row and no updated_at for a match that stayed as it was.
  const written = input.only_changed ? await changedOnly(deps.db, writes) : writes;
  const eloNote = written.length > 0 ? await writeUpdates(deps.db, written, user) : '';
  // Completed FACEIT matches get their maps and lines (after the match itself is written, so they are checked against its score).
  const completed = new Set(updates.filter((u) => u.status === 'completed').map((u) => u.id));
  const mapTargets: MapDetailsTarget[] = matches.flatMap((match) => {
    const details = faceitAnswers.get(match.id);
    return details && completed.has(match.id) ? [{ id: match.id, externalId: match.external_id, details }] : [];
  });
  const mapDetails =
    mapTargets.length > 0
      ? await refreshFaceitMapDetails(deps.db, faceitClient(deps.config), mapTargets, { signal: options.signal, onFetchFailure: options.onFetchFailure })
      : undefined;
  const processed = settledGroups.reduce((sum, settled) => sum + settled.length, 0);
  const notStarted = matches.length - processed;
  const notes = [errors > 0 ? `${errors} could not be fetched` : '', ...problems, notStarted > 0 ? `cancelled before ${notStarted} more` : ''].filter(Boolean).join('; ');
  return {
    message: `Updated ${written.length} of ${processed} matches${notes ? ` (${notes})` : ''}.${keptNote(kept.length, disagreements)}${eloNote}${mapDetails ? mapDetailsNote(mapDetails) : ''}`,
    updated_count: written.length,
    error_count: errors,
    total_processed: processed,
    failures,
    ...(mapDetails ? { map_details: mapDetails } : {}),
  };
}
