import type { AdminMatch, ImportMatchesOutput, importMatchesInput, PreviewItemOutput } from '@campus-elo/api-contract';
import type { Database, PlatformColumn } from '@campus-elo/db';
import { isByeTeamName, participantMatchKey, previewMatchFields, type PreviewMatchFields } from '@campus-elo/domain';
import { handSetDisagreements, keptNote } from './hand-set-results';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import { recordAudit } from '../audit/record';
import { placeImportedTeams } from '../standings/admin-queries';
import { appliedFacts, lockEloLedger, settleMatches, skipReasonCounts, skippedNote, type AppliedFacts } from '../elo/ledger';
import { eloChangesBetween, recordEloRun, teamEloRunChanges, teamEloSnapshot } from '../elo/runs';
import { adminMatchColumns, toAdminMatch } from '../matches/admin-matches';
import { chunked, valuesList } from '../../lib/sql-batch';
import { notFound } from '../../lib/errors';
import { progressCounter, type ToolProgress } from '../../lib/tool-progress';
import type { Config } from '../../config';
import { mapDetailsNote, refreshFaceitMapDetails } from './faceit-map-details';
import { faceitClient } from './platforms/faceit-client';

type ImportInput = z.output<typeof importMatchesInput>;
type Team = NonNullable<PreviewItemOutput['teams']['faction1']>;

/** A preview item with both teams present: one that can become a match. */
interface Importable {
  item: PreviewItemOutput;
  team1: Team;
  team2: Team;
}

const ROWS_PER_STATEMENT = 500;

/** Byes, one-team items and repeats of the same match id are left out (the last repeat wins). */
function importableItems(items: readonly PreviewItemOutput[]): { importable: Importable[]; skipped: number } {
  const byMatchId = new Map<string, Importable>();
  let skipped = 0;
  for (const item of items) {
    const team1 = item.teams.faction1;
    const team2 = item.teams.faction2;
    if (!team1 || !team2 || isByeTeamName(team1.name) || isByeTeamName(team2.name) || team1.name.trim() === team2.name.trim()) {
      skipped += 1;
      continue;
    }
    if (byMatchId.has(item.match_id)) skipped += 1;
    byMatchId.set(item.match_id, { item, team1: { ...team1, name: team1.name.trim() }, team2: { ...team2, name: team2.name.trim() } });
  }
  return { importable: [...byMatchId.values()], skipped };
}

async function requireSeason(trx: Transaction<Database>, seasonId: string) {
  const season = await trx.selectFrom('seasons').select(['id', 'leaguespot_season_id']).where('id', '=', seasonId).executeTakeFirst();
  if (!season) throw notFound('Season not found');
  return season;
}

async function requireMatchedTeams(trx: Transaction<Database>, participantMatches: Record<string, string>): Promise<void> {
  const ids = [...new Set(Object.values(participantMatches))];
  if (ids.length === 0) return;
  const found = new Set((await trx.selectFrom('teams').select('id').where('id', 'in', ids).execute()).map((t) => t.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw notFound(`Team not found: ${missing}`);
}

/** The competition, found or created on (platform, platform id), with its type and season. */
async function upsertCompetition(trx: Transaction<Database>, input: ImportInput, externalId: string | null): Promise<string> {
  const values = { name: input.competition_name, platform: input.platform, season_id: input.season_id, type: input.type };
  if (externalId === null) {
    // Without a platform id the competition is known by its name within the season.
    const existing = await trx
      .selectFrom('competitions')
      .select('id')
      .where('platform', '=', input.platform)
      .where('external_id', 'is', null)
      .where('name', '=', input.competition_name)
      .where('season_id', '=', input.season_id)
      .executeTakeFirst();
    if (existing) {
      await trx.updateTable('competitions').set({ type: input.type }).where('id', '=', existing.id).execute();
      return existing.id;
    }
  }
  const row = await trx
    .insertInto('competitions')
    .values({ ...values, external_id: externalId })
    .onConflict((oc) =>
      oc.columns(['platform', 'external_id']).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        season_id: eb.ref('excluded.season_id'),
        type: eb.ref('excluded.type'),
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface TeamScope {
  platform: PlatformColumn;
  competitionId: string;
  seasonId: string;
}

/**
 * Our team for every platform team name: the staff's match, else the team this
 * competition and season already knew by that name, else a new team. All of them are
 * remembered as participants, so the next import maps them by itself.
 */
async function resolveTeams(
  trx: Transaction<Database>,
  scope: TeamScope,
  platformTeams: Map<string, Team>,
  participantMatches: Record<string, string>,
): Promise<{ teamIdByName: Map<string, string>; created: number }> {
  const teamIdByName = new Map<string, string>();
  for (const name of platformTeams.keys()) {
    const matched = participantMatches[participantMatchKey(scope.platform, name)];
    if (matched) teamIdByName.set(name, matched);
  }

  const unmatched = [...platformTeams.keys()].filter((name) => !teamIdByName.has(name));
  for (const names of chunked(unmatched, ROWS_PER_STATEMENT)) {
    const known = await trx
      .selectFrom('participants')
      .select(['platform_name', 'team_id'])
      .where('competition_id', '=', scope.competitionId)
      .where('season_id', '=', scope.seasonId)
      .where('platform', '=', scope.platform)
      .where('platform_name', 'in', names)
      .execute();
    for (const row of known) teamIdByName.set(row.platform_name, row.team_id);
  }

  const toCreate = unmatched.filter((name) => !teamIdByName.has(name));
  for (const names of chunked(toCreate, ROWS_PER_STATEMENT)) {
    const created = await trx
      .insertInto('teams')
      .values(names.map((name) => ({ name, picture: platformTeams.get(name)?.avatar || null })))
      .returning(['id', 'name'])
      .execute();
    for (const team of created) teamIdByName.set(team.name, team.id);
  }

  const participants = [...platformTeams.entries()].map(([name, team]) => ({
    team_id: teamIdByName.get(name) as string,
    competition_id: scope.competitionId,
    season_id: scope.seasonId,
    platform: scope.platform,
    platform_team_id: team.faction_id || null,
    platform_name: name,
  }));
  for (const rows of chunked(participants, ROWS_PER_STATEMENT)) {
    await trx
      .insertInto('participants')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['competition_id', 'season_id', 'platform', 'platform_name']).doUpdateSet((eb) => ({
          team_id: eb.ref('excluded.team_id'),
          platform_team_id: eb.ref('excluded.platform_team_id'),
        })),
      )
      .execute();
  }
  return { teamIdByName, created: toCreate.length };
}

interface RosterPlayer {
  faceitId: string | null;
  steamId: string | null;
  name: string;
  picture: string | null;
  skillLevel: number;
  teamId: string;
}

function skillLevelOrDefault(level: number): number {
  return Number.isFinite(level) && level >= 1 ? Math.min(10, Math.round(level)) : 1;
}

/** Roster players with a Faceit or Steam id, each once, on the team of their latest match. */
function rosterPlayers(importable: readonly Importable[], platform: PlatformColumn, teamIdByName: Map<string, string>): RosterPlayer[] {
  const byFaceit = new Map<string, RosterPlayer>();
  const bySteam = new Map<string, RosterPlayer>();
  const players: RosterPlayer[] = [];
  const oldestFirst = [...importable].sort((a, b) => (previewMatchFields(a.item).date?.getTime() ?? 0) - (previewMatchFields(b.item).date?.getTime() ?? 0));
  for (const { team1, team2 } of oldestFirst) {
    for (const team of [team1, team2]) {
      const teamId = teamIdByName.get(team.name) as string;
      for (const entry of team.roster) {
        const faceitId = platform === 'faceit' && entry.player_id ? entry.player_id : null;
        const steamId = entry.game_player_id || null;
        if (!faceitId && !steamId) continue;
        const known = (faceitId ? byFaceit.get(faceitId) : undefined) ?? (steamId ? bySteam.get(steamId) : undefined);
        const player = known ?? {
          faceitId,
          steamId,
          name: entry.game_player_name || entry.nickname || steamId || faceitId || 'Player',
          picture: entry.avatar || null,
          skillLevel: skillLevelOrDefault(entry.game_skill_level),
          teamId,
        };
        player.teamId = teamId;
        player.faceitId ??= faceitId;
        player.steamId ??= steamId;
        if (!known) players.push(player);
        if (player.faceitId) byFaceit.set(player.faceitId, player);
        if (player.steamId) bySteam.set(player.steamId, player);
      }
    }
  }
  return players;
}

/**
 * Players from the rosters: known ones (by Faceit id, else Steam id) join their team when
 * they have none and get missing ids filled in; unknown ones are created on their team.
 * Everyone is recorded for the season with that team.
 */
async function attachPlayers(trx: Transaction<Database>, players: readonly RosterPlayer[], seasonId: string): Promise<number> {
  if (players.length === 0) return 0;
  const faceitIds = players.flatMap((p) => (p.faceitId ? [p.faceitId] : []));
  const steamIds = players.flatMap((p) => (p.steamId ? [p.steamId] : []));
  const existing = await trx
    .selectFrom('players')
    .select(['id', 'faceit_id', 'steam_id', 'team_id'])
    .where((eb) =>
      eb.or([
        ...(faceitIds.length > 0 ? [eb('faceit_id', 'in', faceitIds)] : []),
        ...(steamIds.length > 0 ? [eb('steam_id', 'in', steamIds)] : []),
      ]),
    )
    .execute();
  const existingByFaceit = new Map(existing.filter((p) => p.faceit_id).map((p) => [p.faceit_id as string, p]));
  const existingBySteam = new Map(existing.filter((p) => p.steam_id).map((p) => [p.steam_id as string, p]));

  const seasonRows: { player_id: string; season_id: string; team_id: string }[] = [];
  const updates: { id: string; teamId: string | null; faceitId: string | null; steamId: string | null }[] = [];
  const toCreate: RosterPlayer[] = [];
  for (const player of players) {
    const found = (player.faceitId ? existingByFaceit.get(player.faceitId) : undefined) ?? (player.steamId ? existingBySteam.get(player.steamId) : undefined);
    if (!found) {
      toCreate.push(player);
      continue;
    }
    seasonRows.push({ player_id: found.id, season_id: seasonId, team_id: player.teamId });
    // An id is only filled in when no other player already has it (both are unique).
    const faceitId = !found.faceit_id && player.faceitId && !existingByFaceit.has(player.faceitId) ? player.faceitId : null;
    const steamId = !found.steam_id && player.steamId && !existingBySteam.has(player.steamId) ? player.steamId : null;
    const teamId = found.team_id === null ? player.teamId : null;
    if (faceitId || steamId || teamId) updates.push({ id: found.id, teamId, faceitId, steamId });
  }

  for (const rows of chunked(toCreate, ROWS_PER_STATEMENT)) {
    const created = await trx
      .insertInto('players')
      .values(rows.map((p) => ({ name: p.name, faceit_id: p.faceitId, steam_id: p.steamId, picture: p.picture, skill_level: p.skillLevel, team_id: p.teamId })))
      .returning('id')
      .execute();
    created.forEach((row, index) => seasonRows.push({ player_id: row.id, season_id: seasonId, team_id: (rows[index] as RosterPlayer).teamId }));
  }
  // Two roster entries (one known by Faceit id, one by Steam id) can be the same player: one row each.
  const uniqueUpdates = [...new Map(updates.map((u) => [u.id, u])).values()];
  const uniqueSeasonRows = [...new Map(seasonRows.map((r) => [r.player_id, r])).values()];
  for (const rows of chunked(uniqueUpdates, ROWS_PER_STATEMENT)) {
    await sql`
      UPDATE players AS p SET
        team_id = COALESCE(p.team_id, v.team_id),
        faceit_id = COALESCE(p.faceit_id, v.faceit_id),
        steam_id = COALESCE(p.steam_id, v.steam_id),
        updated_at = now()
      FROM (VALUES ${valuesList(rows, (r) => sql`(${r.id}::uuid, ${r.teamId}::uuid, ${r.faceitId}::text, ${r.steamId}::text)`)})
        AS v(id, team_id, faceit_id, steam_id)
      WHERE p.id = v.id
    `.execute(trx);
  }
  for (const rows of chunked(uniqueSeasonRows, ROWS_PER_STATEMENT)) {
    await trx
      .insertInto('player_seasons')
      .values(rows)
      .onConflict((oc) => oc.columns(['player_id', 'season_id']).doUpdateSet((eb) => ({ team_id: eb.ref('excluded.team_id') })))
      .execute();
  }
  return toCreate.length;
}

interface MatchScope extends TeamScope {
  type: 'league' | 'event';
}

/**
 * Matches upserted on (platform, external id): a re-import updates, never duplicates. Answers
 * what the Elo ledger knew of the updated ones before (appliedFacts), for settleMatches.
 */
async function upsertMatches(
  trx: Transaction<Database>,
  scope: MatchScope,
  importable: readonly Importable[],
  teamIdByName: Map<string, string>,
): Promise<{
  ids: string[];
  imported: number;
  updated: number;
  skipped: number;
  kept: number;
  disagreements: string[];
  before: Map<string, AppliedFacts>;
  rowsBefore: AdminMatch[];
}> {
  let skipped = 0;
  const fieldsByExternalId = new Map<string, PreviewMatchFields>();
  const rows = importable.flatMap(({ item, team1, team2 }) => {
    const team1Id = teamIdByName.get(team1.name) as string;
    const team2Id = teamIdByName.get(team2.name) as string;
    // Two platform teams matched to the same team of ours cannot play each other.
    if (team1Id === team2Id) {
      skipped += 1;
      return [];
    }
    const fields = previewMatchFields(item);
    fieldsByExternalId.set(item.match_id, fields);
    return [
      {
        platform: scope.platform,
        external_id: item.match_id,
        competition_id: scope.competitionId,
        season_id: scope.seasonId,
        team1_id: team1Id,
        team2_id: team2Id,
        score_team1: fields.score1 === null ? null : Math.round(fields.score1),
        score_team2: fields.score2 === null ? null : Math.round(fields.score2),
        winner_id: fields.winner === 'faction1' ? team1Id : fields.winner === 'faction2' ? team2Id : null,
        status: fields.status,
        date: fields.date,
        url: item.faceit_url,
        match_type: scope.type,
      },
    ];
  });

  const known = new Set<string>();
  const knownIds: string[] = [];
  // Results set by hand are kept as they are; where the platform disagrees, staff are told.
  const handSet: { id: string; fields: PreviewMatchFields }[] = [];
  for (const externalIds of chunked(rows.map((r) => r.external_id), ROWS_PER_STATEMENT)) {
    const found = await trx
      .selectFrom('matches')
      .select(['id', 'external_id', 'manual_result'])
      .where('platform', '=', scope.platform)
      .where('external_id', 'in', externalIds)
      .execute();
    for (const row of found) {
      known.add(row.external_id);
      if (row.manual_result) handSet.push({ id: row.id, fields: fieldsByExternalId.get(row.external_id) as PreviewMatchFields });
      else knownIds.push(row.id);
    }
  }
  const before = await appliedFacts(trx, knownIds);
  const rowsBefore = await matchesAsStored(trx, knownIds);
  const disagreements = await handSetDisagreements(trx, handSet.map((h) => ({ id: h.id, ...h.fields })));

  const ids: string[] = [];
  for (const batch of chunked(rows, ROWS_PER_STATEMENT)) {
    const written = await trx
      .insertInto('matches')
      .values(batch)
      .onConflict((oc) =>
        oc.columns(['platform', 'external_id']).doUpdateSet((eb) => ({
          competition_id: eb.ref('excluded.competition_id'),
          season_id: eb.ref('excluded.season_id'),
          team1_id: eb.ref('excluded.team1_id'),
          team2_id: eb.ref('excluded.team2_id'),
          score_team1: eb.ref('excluded.score_team1'),
          score_team2: eb.ref('excluded.score_team2'),
          winner_id: eb.ref('excluded.winner_id'),
          status: eb.ref('excluded.status'),
          date: sql<Date>`COALESCE(excluded.date, matches.date)`,
          url: sql<string | null>`COALESCE(excluded.url, matches.url)`,
          match_type: eb.ref('excluded.match_type'),
          updated_at: sql<Date>`now()`,
        })).where(sql<boolean>`NOT matches.manual_result`),
      )
      .returning('id')
      .execute();
    ids.push(...written.map((row) => row.id));
  }
  const updated = rows.filter((r) => known.has(r.external_id)).length - handSet.length;
  return { ids, imported: rows.length - updated - handSet.length, updated, skipped, kept: handSet.length, disagreements, before, rowsBefore };
}

/** The matches as stored now, for the Elo run's restore (undo puts updated ones back and deletes created ones). */
async function matchesAsStored(trx: Transaction<Database>, ids: readonly string[]): Promise<AdminMatch[]> {
  const rows: AdminMatch[] = [];
  for (const batch of chunked(ids, ROWS_PER_STATEMENT)) {
    const found = await trx.selectFrom('matches').select(adminMatchColumns).where('id', 'in', batch).execute();
    rows.push(...found.map(toAdminMatch));
  }
  return rows;
}

/** Thrown to roll a dry run back, carrying its answer out of the transaction. */
class DryRunRollback extends Error {
  constructor(readonly answer: ImportMatchesOutput) {
    super('dry run');
  }
}

/**
 * The maps and lines of the completed FACEIT matches just imported, fetched after the import
 * committed (no platform call inside its transaction). Undefined when there were none to ask
 * about, or no Faceit key to ask with.
 */
async function importMapDetails(deps: ImportDeps, importable: readonly Importable[], progress?: ToolProgress) {
  const externalIds = importable.filter(({ item }) => previewMatchFields(item).status === 'completed').map(({ item }) => item.match_id);
  if (externalIds.length === 0 || !deps.config.faceit.apiKey) return undefined;
  const targets: { id: string; externalId: string }[] = [];
  for (const batch of chunked(externalIds, ROWS_PER_STATEMENT)) {
    const rows = await deps.db
      .selectFrom('matches')
      .select(['id', 'external_id'])
      .where('platform', '=', 'faceit')
      .where('status', '=', 'completed')
      .where('external_id', 'in', batch)
      .execute();
    targets.push(...rows.map((row) => ({ id: row.id, externalId: row.external_id })));
  }
  return refreshFaceitMapDetails(deps.db, faceitClient(deps.config), targets, { signal: progress?.signal });
}

export interface ImportDeps {
  db: Kysely<Database>;
  /** For the FACEIT map details fetched after the import. */
  config: Config;
}

/**
 * Imports a competition's matches in one transaction: competition, teams (matched or
 * created, remembered as participants), roster players, matches (upserted), and the Elo
 * ledger settled for them (a result that now counts moves Elo once; ledger.ts). Progress
 * is told in four steps (teams, players, matches, Elo); a stop rolls it all back. When Elo
 * moved it is an Elo run that Undo reverses (decision 0088); a dry run does it all and rolls
 * back, so the wizard can show the Elo effect before importing. A FACEIT import then fetches
 * the maps and player lines of its completed matches (a fifth step; a stop there keeps the
 * import and those already written).
 */
export async function importMatches(deps: ImportDeps, input: ImportInput, user: { id: string } | null, progress?: ToolProgress): Promise<ImportMatchesOutput> {
  const { db } = deps;
  const withMapDetails = input.platform === 'faceit' && !input.dry_run;
  const { importable, skipped: leftOut } = importableItems(input.data.items);
  const externalId = input.competition_id ?? importable.find((i) => i.item.competition_id)?.item.competition_id ?? null;
  const platformTeams = new Map<string, Team>();
  for (const { team1, team2 } of importable) {
    platformTeams.set(team1.name, team1);
    platformTeams.set(team2.name, team2);
  }

  const run = () => db.transaction().execute(async (trx) => {
    const steps = progressCounter(progress, withMapDetails ? 5 : 4);
    await lockEloLedger(trx);
    const eloBefore = await teamEloSnapshot(trx);
    const season = await requireSeason(trx, input.season_id);
    await requireMatchedTeams(trx, input.participant_matches);
    const competitionId = await upsertCompetition(trx, input, externalId);
    if (input.platform === 'leaguespot' && externalId && !season.leaguespot_season_id) {
      await trx.updateTable('seasons').set({ leaguespot_season_id: externalId }).where('id', '=', season.id).execute();
    }

    const scope = { platform: input.platform, competitionId, seasonId: season.id, type: input.type };
    const { teamIdByName, created: teamsCreated } = await resolveTeams(trx, scope, platformTeams, input.participant_matches);
    steps.step();
    const playersCreated = await attachPlayers(trx, rosterPlayers(importable, input.platform, teamIdByName), season.id);
    steps.step();
    const { ids, imported, updated, skipped, kept, disagreements, before, rowsBefore } = await upsertMatches(trx, scope, importable, teamIdByName);
    steps.step();
    const elo = await settleMatches(trx, ids, before);
    // A division that names this competition as its source takes its new teams (features/standings).
    const divisionTeamsPlaced = await placeImportedTeams(trx, season.id, competitionId);
    const eloChanges = eloChangesBetween(eloBefore, await teamEloSnapshot(trx));

    const matchesSkipped = leftOut + skipped;
    const answer: ImportMatchesOutput = {
      message: `Imported ${imported} new matches, updated ${updated}, skipped ${matchesSkipped}.${keptNote(kept, disagreements)}${skippedNote(elo.skipped)}`,
      matches_imported: imported,
      matches_updated: updated,
      matches_skipped: matchesSkipped,
      teams_created: teamsCreated,
      players_created: playersCreated,
      dry_run: input.dry_run,
      elo_changes: eloChanges,
      elo_run_id: null,
    };
    if (input.dry_run) throw new DryRunRollback(answer);
    if (eloChanges.length > 0) {
      // Undo puts the updated matches back as they were and deletes the created ones (undo.ts).
      answer.elo_run_id = await recordEloRun(trx, {
        kind: 'import',
        userId: user?.id ?? null,
        changes: teamEloRunChanges(eloChanges),
        restore: { matches_before: rowsBefore, matches_after: await matchesAsStored(trx, ids) },
      });
    }
    await recordAudit(trx, {
      user,
      action: 'import',
      entity: 'matches',
      ids,
      details: {
        platform: input.platform,
        competition_id: competitionId,
        external_id: externalId,
        imported,
        updated,
        kept_hand_set: kept,
        skipped: matchesSkipped,
        teams_created: teamsCreated,
        players_created: playersCreated,
        elo_applied: elo.applied,
        elo_skipped: skipReasonCounts(elo.skipped),
        elo_replayed_from: elo.replayedFrom,
        elo_changes: eloChanges.length,
        elo_run_id: answer.elo_run_id,
        division_teams_placed: divisionTeamsPlaced,
      },
    });
    steps.step();
    return answer;
  });
  let answer: ImportMatchesOutput;
  try {
    answer = await run();
  } catch (error) {
    if (error instanceof DryRunRollback) return error.answer;
    throw error;
  }
  if (!withMapDetails) return answer;
  const mapDetails = await importMapDetails(deps, importable, progress);
  progress?.onProgress?.(5, 5);
  return mapDetails ? { ...answer, message: `${answer.message}${mapDetailsNote(mapDetails)}`, map_details: mapDetails } : answer;
}
