import type { DeletedOutput, EventCreateInput, EventDetail, EventLinkMatchInput, EventSeedInput, EventUpdateInput, SeedingMethod } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { seedOrder } from '@campus-elo/domain';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { conflict, invalid, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/record';
import { buildBracket, recordSlotOutcome, type BracketEvent, type SlotOutcome } from './bracket';
import { getEvent, summarizeEvent } from './queries';

type Trx = Kysely<Database>;
/** Who wrote: a staff member, or null for start-up steps (the demo's events). */
type User = { id: string } | null;

const bracketEventColumns = ['id', 'name', 'format', 'grand_final_reset', 'swiss_rounds'] as const;

async function lockEvent(trx: Trx, id: string): Promise<BracketEvent> {
  const event = await trx.selectFrom('events').select(bracketEventColumns).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!event) throw notFound('Event not found');
  return event;
}

async function requireSeason(trx: Trx, seasonId: string | null | undefined): Promise<void> {
  if (!seasonId) return;
  const season = await trx.selectFrom('seasons').select('id').where('id', '=', seasonId).executeTakeFirst();
  if (!season) throw invalid('No season has this id', [{ path: ['season_id'], message: 'No season has this id' }]);
}

/** The event's teams in seed order, by the method asked; answers the seed a random draw used. */
async function seededTeams(trx: Trx, teamIds: readonly string[], method: SeedingMethod, seed: string | undefined) {
  const rows = await trx.selectFrom('teams').select(['id', 'name', 'elo']).where('id', 'in', teamIds).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = teamIds.filter((id) => !byId.has(id));
  if (missing.length > 0) throw invalid(`No team has the id ${missing.join(', ')}`, [{ path: ['team_ids'], message: 'Unknown team' }]);
  const drawSeed = method === 'random' ? (seed ?? randomBytes(6).toString('hex')) : null;
  const ordered = seedOrder(
    teamIds.map((id) => byId.get(id)!),
    method,
    drawSeed ?? undefined,
  );
  return { ordered: ordered.map((t) => ({ teamId: t.id, elo: t.elo })), seed: drawSeed };
}

/**
 * Keeps the event's winner and whether anything was played, read from the bracket after every
 * change, so the lists filter by status and show the winner without reading brackets.
 */
async function refreshSummary(trx: Trx, event: BracketEvent): Promise<void> {
  const summary = await summarizeEvent(trx, event);
  // A correction that re-flowed the bracket may have put other teams in a slot whose (unplayed)
  // match was linked: that match is no longer this slot's, so the link goes.
  const teamOf = new Map(summary.teams.map((t) => [t.participantId, t.id]));
  const links = await trx
    .selectFrom('event_bracket_matches')
    .innerJoin('matches', 'matches.id', 'event_bracket_matches.match_id')
    .select(['event_bracket_matches.id as slot', 'matches.team1_id', 'matches.team2_id'])
    .where('event_bracket_matches.event_id', '=', event.id)
    .execute();
  for (const link of links) {
    const slot = summary.bracket.slots.find((s) => s.id === link.slot);
    const teams = [slot?.team1, slot?.team2].map((p) => (p == null ? null : teamOf.get(p)));
    if (!teams.includes(link.team1_id) || !teams.includes(link.team2_id)) {
      await trx.updateTable('event_bracket_matches').set({ match_id: null }).where('event_id', '=', event.id).where('id', '=', link.slot).execute();
    }
  }
  await trx.updateTable('events').set({ winner_team_id: summary.winnerTeamId, any_played: summary.bracket.anyPlayed }).where('id', '=', event.id).execute();
}

/** The columns an event's details fill, the same on create and on edit. */
function detailColumns(input: Pick<EventCreateInput, 'name' | 'start_date' | 'end_date' | 'season_id' | 'description' | 'picture' | 'links' | 'details'>) {
  const { links, details } = input;
  return {
    name: input.name,
    start_date: input.start_date,
    end_date: input.end_date,
    season_id: input.season_id ?? null,
    description: input.description,
    picture: input.picture ?? null,
    stream_url: links.stream ?? null,
    stream2_url: links.stream2 ?? null,
    discord_url: links.discord ?? null,
    registration_url: links.registration ?? null,
    rules_url: links.rules ?? null,
    prize_pool: details.prize_pool ?? null,
    prize_currency: details.prize_currency,
    entry_fee: details.entry_fee ?? null,
    max_teams: details.max_teams ?? null,
    registration_open: details.registration_open,
    registration_deadline: details.registration_deadline ?? null,
    featured: details.featured,
    division: details.division ?? null,
  };
}

/** POST /v1/events/: the event, its teams seeded, its bracket built. */
export function createEvent(db: Kysely<Database>, user: User, input: EventCreateInput): Promise<EventDetail> {
  return db.transaction().execute(async (trx) => {
    await requireSeason(trx, input.season_id);
    const { ordered, seed } = await seededTeams(trx, input.team_ids, input.seeding.method, input.seeding.seed);
    const event = await trx
      .insertInto('events')
      .values({
        ...detailColumns(input),
        format: input.format,
        grand_final_reset: input.format === 'double_elimination' && input.grand_final_reset,
        swiss_rounds: input.format === 'swiss' ? (input.swiss_rounds ?? null) : null,
        seeding: input.seeding.method,
        seeding_seed: seed,
      })
      .returning(bracketEventColumns)
      .executeTakeFirstOrThrow();
    await buildBracket(trx, event, ordered);
    await refreshSummary(trx, event);
    await recordAudit(trx, { user, action: 'create', entity: 'event', ids: [event.id], details: { after: { ...input, seeding: { method: input.seeding.method, seed } } } });
    return getEvent(trx, event.id);
  });
}

/** PUT /v1/events/{id}/: the event's details; the format and teams stay (seed again to change teams). */
export function updateEvent(db: Kysely<Database>, user: User, input: EventUpdateInput): Promise<EventDetail> {
  return db.transaction().execute(async (trx) => {
    await lockEvent(trx, input.id);
    await requireSeason(trx, input.season_id);
    await trx
      .updateTable('events')
      .set(detailColumns(input))
      .where('id', '=', input.id)
      .execute();
    await recordAudit(trx, { user, action: 'update', entity: 'event', ids: [input.id], details: { after: input } });
    return getEvent(trx, input.id);
  });
}

/** DELETE /v1/events/{id}/ (owner): the event and its bracket; its matches stay, unlinked. */
export function deleteEvent(db: Kysely<Database>, user: User, id: string): Promise<DeletedOutput> {
  return db.transaction().execute(async (trx) => {
    const event = await lockEvent(trx, id);
    const linked = await trx.selectFrom('event_bracket_matches').select('match_id').where('event_id', '=', id).where('match_id', 'is not', null).execute();
    await trx.deleteFrom('events').where('id', '=', id).execute();
    await recordAudit(trx, { user, action: 'delete', entity: 'event', ids: [id], details: { before: event, unlinked_matches: linked.map((r) => r.match_id) } });
    return { id, message: `Deleted event '${event.name}'; its ${linked.length} linked ${linked.length === 1 ? 'match stays' : 'matches stay'}.` };
  });
}

/**
 * POST /v1/events/{id}/seed/: seeds again (optionally with other teams) and rebuilds the
 * bracket, while nothing has been played or linked (409 otherwise: the bracket would lose them).
 */
export function seedEvent(db: Kysely<Database>, user: User, input: EventSeedInput): Promise<EventDetail> {
  return db.transaction().execute(async (trx) => {
    const event = await lockEvent(trx, input.id);
    const linked = await trx.selectFrom('event_bracket_matches').select('id').where('event_id', '=', input.id).where('match_id', 'is not', null).executeTakeFirst();
    const summary = await summarizeEvent(trx, event);
    if (linked || summary.bracket.anyPlayed) throw conflict(`'${event.name}' has bracket matches played or linked: seeding again would lose them. Unlink them first.`);
    const teamIds = input.team_ids ?? summary.teams.map((t) => t.id);
    if (event.format === 'swiss' && (event.swiss_rounds ?? 0) >= teamIds.length) throw invalid('A Swiss event needs fewer rounds than teams', [{ path: ['team_ids'], message: 'Too few teams for the rounds' }]);
    const { ordered, seed } = await seededTeams(trx, teamIds, input.method, input.seed);
    await buildBracket(trx, event, ordered);
    await trx.updateTable('events').set({ seeding: input.method, seeding_seed: seed }).where('id', '=', event.id).execute();
    await refreshSummary(trx, event);
    await recordAudit(trx, { user, action: 'seed', entity: 'event', ids: [event.id], details: { method: input.method, seed, team_ids: ordered.map((t) => t.teamId) } });
    return getEvent(trx, event.id);
  });
}

interface SlotTeams {
  slot: number;
  team1: string | null;
  team2: string | null;
  isBye: boolean;
}

async function slotTeams(trx: Trx, event: BracketEvent, slot: number): Promise<SlotTeams | null> {
  const summary = await summarizeEvent(trx, event);
  const found = summary.bracket.slots.find((s) => s.id === slot);
  if (!found) return null;
  const teamOf = new Map(summary.teams.map((t) => [t.participantId, t.id]));
  return { slot, team1: found.team1 === null ? null : teamOf.get(found.team1)!, team2: found.team2 === null ? null : teamOf.get(found.team2)!, isBye: found.isBye };
}

interface LinkedMatch {
  id: string;
  team1_id: string;
  team2_id: string;
  score_team1: number | null;
  score_team2: number | null;
  winner_id: string | null;
  status: string;
}

/** Our match's state as the slot's outcome, in the slot's order of sides. */
function outcomeOf(match: LinkedMatch, slot: SlotTeams): SlotOutcome {
  const straight = match.team1_id === slot.team1;
  const s1 = straight ? match.score_team1 : match.score_team2;
  const s2 = straight ? match.score_team2 : match.score_team1;
  if (match.status === 'completed' && match.winner_id !== null) {
    return { kind: 'completed', score1: s1 ?? 0, score2: s2 ?? 0, winner: match.winner_id === slot.team1 ? 1 : 2 };
  }
  if (match.status === 'in_progress') return { kind: 'live', score1: s1, score2: s2 };
  return { kind: 'open' };
}

function sameTeams(match: LinkedMatch, slot: SlotTeams): boolean {
  return (match.team1_id === slot.team1 && match.team2_id === slot.team2) || (match.team1_id === slot.team2 && match.team2_id === slot.team1);
}

/**
 * POST /v1/events/{id}/matches/{slot}/link/: names the match played in a bracket slot (both
 * of the slot's teams must be known and be the match's teams); its result, if any, advances
 * the bracket at once. `match_id: null` unlinks, leaving the bracket as it is.
 */
export function linkMatch(db: Kysely<Database>, user: User, input: EventLinkMatchInput): Promise<EventDetail> {
  return db.transaction().execute(async (trx) => {
    const event = await lockEvent(trx, input.id);
    const slot = await slotTeams(trx, event, input.slot);
    if (!slot) throw notFound(`'${event.name}' has no bracket match ${input.slot}`);
    if (input.match_id === null) {
      await trx.updateTable('event_bracket_matches').set({ match_id: null }).where('event_id', '=', event.id).where('id', '=', input.slot).execute();
    } else {
      if (slot.isBye) throw conflict(`Bracket match ${input.slot} of '${event.name}' is a bye: nothing is played there`);
      if (slot.team1 === null || slot.team2 === null) throw conflict(`Bracket match ${input.slot} of '${event.name}' does not know both its teams yet`);
      const match = await trx.selectFrom('matches').select(['id', 'team1_id', 'team2_id', 'score_team1', 'score_team2', 'winner_id', 'status']).where('id', '=', input.match_id).executeTakeFirst();
      if (!match) throw notFound('Match not found');
      if (!sameTeams(match, slot)) throw conflict(`That match is not between the two teams of bracket match ${input.slot}`);
      const elsewhere = await trx.selectFrom('event_bracket_matches').select(['id', 'event_id']).where('match_id', '=', match.id).executeTakeFirst();
      if (elsewhere && !(elsewhere.event_id === event.id && elsewhere.id === input.slot)) throw conflict('That match is already linked to a bracket match');
      await trx.updateTable('event_bracket_matches').set({ match_id: match.id }).where('event_id', '=', event.id).where('id', '=', input.slot).execute();
      await recordSlotOutcome(trx, event, input.slot, outcomeOf(match, slot));
      await refreshSummary(trx, event);
    }
    await recordAudit(trx, { user, action: 'link', entity: 'event', ids: [event.id], details: { slot: input.slot, match_id: input.match_id } });
    return getEvent(trx, event.id);
  });
}

/**
 * Advances the brackets of the events whose slots these matches are linked to, inside the
 * writer's transaction: the Elo ledger's settleMatches calls it, so every writer of results
 * (import, Update Matches, entry and correction by hand, undo) moves brackets the same way.
 * A result a bracket can no longer take refuses the whole write (409).
 */
export async function advanceEventBrackets(trx: Trx, matchIds: readonly string[]): Promise<void> {
  if (matchIds.length === 0) return;
  const links = await trx
    .selectFrom('event_bracket_matches')
    .innerJoin('matches', 'matches.id', 'event_bracket_matches.match_id')
    .select(['event_bracket_matches.id as slot', 'event_bracket_matches.event_id'])
    .select(['matches.id', 'matches.team1_id', 'matches.team2_id', 'matches.score_team1', 'matches.score_team2', 'matches.winner_id', 'matches.status'])
    .where('event_bracket_matches.match_id', 'in', [...new Set(matchIds)])
    .orderBy('event_bracket_matches.event_id')
    .orderBy('event_bracket_matches.id')
    .execute();
  const touched = new Map<string, BracketEvent>();
  for (const link of links) {
    const event = touched.get(link.event_id) ?? (await lockEvent(trx, link.event_id));
    touched.set(event.id, event);
    const slot = await slotTeams(trx, event, link.slot);
    if (!slot) continue;
    if (!sameTeams(link, slot)) {
      throw conflict(`Match ${link.id} is linked to bracket match ${link.slot} of '${event.name}', which is between other teams: unlink it first`);
    }
    await recordSlotOutcome(trx, event, link.slot, outcomeOf(link, slot));
  }
  for (const event of touched.values()) await refreshSummary(trx, event);
}
