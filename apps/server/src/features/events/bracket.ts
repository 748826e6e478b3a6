import type { BracketStage, EventFormat } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { withByes } from '@campus-elo/domain';
import { BracketsManager } from 'brackets-manager';
import { Status, type Group, type Id, type Match as LibraryMatch, type Round, type Stage } from 'brackets-model';
import type { Kysely } from 'kysely';
import { Swiss } from 'tournament-pairings';
import { conflict } from '../../lib/errors';
import { EventBracketStorage } from './bracket-storage';

type Trx = Kysely<Database>;

// The bracket of one event through its library (decisions/0055): brackets-manager builds and
// advances single and double elimination and round robin; Swiss rounds are paired by
// tournament-pairings and kept in the same tables in the same record shape, so reading a
// bracket is one code path.

export interface BracketEvent {
  id: string;
  name: string;
  format: EventFormat;
  grand_final_reset: boolean;
  swiss_rounds: number | null;
}

/** A slot's outcome as our match gives it, in the slot's own order of sides. */
export type SlotOutcome =
  | { kind: 'completed'; score1: number; score2: number; winner: 1 | 2 }
  | { kind: 'live'; score1: number | null; score2: number | null }
  | { kind: 'open' };

const SWISS_STAGE = 'swiss';

function managerFor(trx: Trx, eventId: string): { manager: BracketsManager; storage: EventBracketStorage } {
  const storage = new EventBracketStorage(trx, eventId);
  return { manager: new BracketsManager(storage), storage };
}

/**
 * Builds the event's bracket from its teams in seed order (event_teams rows, which are the
 * library's participants, are written here too). Any earlier bracket of the event goes first.
 */
export async function buildBracket(trx: Trx, event: BracketEvent, seeded: readonly { teamId: string; elo: number }[]): Promise<void> {
  const { manager, storage } = managerFor(trx, event.id);
  await clearBracket(trx, event.id);
  const participantIds: number[] = [];
  for (const [index, team] of seeded.entries()) {
    const row = await trx.insertInto('event_teams').values({ event_id: event.id, team_id: team.teamId, seed: index + 1 }).returning('id').executeTakeFirstOrThrow();
    participantIds.push(row.id);
  }
  switch (event.format) {
    case 'single_elimination':
    case 'double_elimination':
      await manager.create.stage({
        tournamentId: event.id,
        name: event.name,
        type: event.format,
        seedingIds: withByes(participantIds),
        // Seed 1 meets the lowest seed, and the top seeds can only meet late.
        settings: { seedOrdering: ['inner_outer'], grandFinal: event.format === 'double_elimination' ? (event.grand_final_reset ? 'double' : 'simple') : 'none' },
      });
      return;
    case 'round_robin':
      await manager.create.stage({
        tournamentId: event.id,
        name: event.name,
        type: 'round_robin',
        seedingIds: participantIds,
        settings: { groupCount: 1, roundRobinMode: 'simple' },
      });
      return;
    case 'swiss': {
      const stageId = await storage.insert('stage', {
        tournament_id: event.id,
        name: event.name,
        // The library has no Swiss stage; the record keeps its shape so reads are shared.
        type: SWISS_STAGE as Stage['type'],
        number: 1,
        settings: { size: participantIds.length },
      });
      const groupId = await storage.insert('group', { stage_id: stageId, number: 1 });
      await pairSwissRound(trx, event.id, stageId, groupId, 1, seeded.map((team, i) => ({ participantId: participantIds[i]!, elo: team.elo })));
      return;
    }
  }
}

/** Removes the bracket and the teams of an event (before seeding again). */
export async function clearBracket(trx: Trx, eventId: string): Promise<void> {
  for (const table of ['event_bracket_match_games', 'event_bracket_matches', 'event_bracket_rounds', 'event_bracket_groups', 'event_bracket_stages', 'event_teams'] as const) {
    await trx.deleteFrom(table).where('event_id', '=', eventId).execute();
  }
}

interface SwissEntrant {
  participantId: number;
  elo: number;
}

/**
 * Pairs Swiss round `round` with tournament-pairings: by record (wins), then by Elo, never a
 * rematch; an odd team out gets a bye (a win), at most once.
 */
async function pairSwissRound(trx: Trx, eventId: string, stageId: Id, groupId: Id, round: number, entrants: readonly SwissEntrant[]): Promise<void> {
  const storage = new EventBracketStorage(trx, eventId);
  const played = (await storage.select('match', { stage_id: stageId })) ?? [];
  const record = new Map(entrants.map((e) => [e.participantId, { wins: 0, opponents: [] as number[], bye: false }]));
  for (const m of played) {
    const [a, b] = [m.opponent1, m.opponent2];
    if (a?.id != null && b === null) {
      const r = record.get(Number(a.id))!;
      r.bye = true;
      r.wins++;
      continue;
    }
    if (a?.id == null || b?.id == null) continue;
    record.get(Number(a.id))!.opponents.push(Number(b.id));
    record.get(Number(b.id))!.opponents.push(Number(a.id));
    if (a.result === 'win') record.get(Number(a.id))!.wins++;
    if (b.result === 'win') record.get(Number(b.id))!.wins++;
  }
  const pairings = Swiss(
    entrants.map((e) => {
      const r = record.get(e.participantId)!;
      return { id: e.participantId, score: r.wins, avoid: r.opponents, receivedBye: r.bye, rating: e.elo };
    }),
    round,
    true,
  );
  const roundId = await storage.insert('round', { stage_id: stageId, group_id: groupId, number: round });
  await storage.insert(
    'match',
    pairings.map((p, i) => {
      const bye = p.player2 === null;
      return {
        stage_id: stageId,
        group_id: groupId,
        round_id: roundId,
        number: i + 1,
        child_count: 0,
        status: bye ? Status.Completed : Status.Ready,
        opponent1: bye ? { id: Number(p.player1), result: 'win' as const } : { id: Number(p.player1) },
        opponent2: bye ? null : { id: Number(p.player2) },
      };
    }),
  );
}

/**
 * Records a slot's outcome and lets the bracket advance: the library moves the winner on (and
 * the loser down in double elimination); a completed Swiss round pairs the next. A different
 * result for a decided slot re-flows the bracket when nothing after it has been played, and is
 * refused (409) when something has.
 */
export async function recordSlotOutcome(trx: Trx, event: BracketEvent, slot: number, outcome: SlotOutcome): Promise<void> {
  const { manager, storage } = managerFor(trx, event.id);
  const stored = await storage.select('match', slot);
  if (!stored) throw new Error(`Bracket match ${slot} of event ${event.id} does not exist`);
  const decided = stored.status >= Status.Completed;
  if (outcome.kind === 'completed' && decided && sameResult(stored, outcome)) return;
  if (outcome.kind === 'open' && !decided && stored.status !== Status.Running) return;

  if (event.format === 'swiss') {
    await recordSwissOutcome(trx, event, stored, outcome);
    return;
  }
  const refused = () =>
    conflict(
      `The result of bracket match ${slot} of '${event.name}' cannot change: a later bracket match it feeds has been played. Correct or clear that match first.`,
    );
  // A decided or live slot starts again from no result, then takes the new one (if any).
  if (decided || stored.status === Status.Running) {
    try {
      await manager.reset.matchResults(slot);
    } catch (error) {
      if (error instanceof Error && /locked/i.test(error.message)) throw refused();
      throw error;
    }
  }
  if (outcome.kind === 'open') {
    // The library's reset keeps the scores (and so stays live): a match no longer played has none.
    const after = await storage.select('match', slot);
    if (after?.status === Status.Running) {
      const noScore = (o: LibraryMatch['opponent1']) => (o === null ? null : { id: o.id, position: o.position });
      await storage.update('match', slot, { ...after, status: Status.Ready, opponent1: noScore(after.opponent1), opponent2: noScore(after.opponent2) });
    }
    return;
  }
  try {
    await manager.update.match(
      outcome.kind === 'completed'
        ? {
            id: slot,
            opponent1: { score: outcome.score1, result: outcome.winner === 1 ? 'win' : 'loss' },
            opponent2: { score: outcome.score2, result: outcome.winner === 2 ? 'win' : 'loss' },
          }
        : { id: slot, opponent1: { score: outcome.score1 ?? 0 }, opponent2: { score: outcome.score2 ?? 0 } },
    );
  } catch (error) {
    if (error instanceof Error && /locked/i.test(error.message)) {
      throw conflict(`Bracket match ${slot} of '${event.name}' cannot take a result yet: one of its teams is still to be decided.`);
    }
    throw error;
  }
}

function sameResult(stored: LibraryMatch, outcome: Extract<SlotOutcome, { kind: 'completed' }>): boolean {
  return (
    stored.opponent1?.score === outcome.score1 &&
    stored.opponent2?.score === outcome.score2 &&
    (outcome.winner === 1 ? stored.opponent1?.result === 'win' : stored.opponent2?.result === 'win')
  );
}

async function recordSwissOutcome(trx: Trx, event: BracketEvent, stored: LibraryMatch, outcome: SlotOutcome): Promise<void> {
  const storage = new EventBracketStorage(trx, event.id);
  const rounds = ((await storage.select('round', { stage_id: stored.stage_id })) ?? []).sort((a, b) => a.number - b.number);
  const own = rounds.find((r) => r.id === stored.round_id)!;
  const later = rounds.filter((r) => r.number > own.number);
  if (later.length > 0) {
    // The later rounds were paired from this result: they can be paired again only while unplayed.
    const laterMatches = (await storage.select('match', { stage_id: stored.stage_id })) ?? [];
    const playedLater = laterMatches.some((m) => later.some((r) => r.id === m.round_id) && m.opponent2 !== null && m.status >= Status.Running);
    if (playedLater) {
      throw conflict(
        `The result of match ${stored.number} of Swiss round ${own.number} of '${event.name}' cannot change: the next round, paired from it, has been played. Correct those matches first.`,
      );
    }
    for (const r of later) {
      await storage.delete('match', { round_id: r.id });
      await storage.delete('round', { id: r.id });
    }
  }
  const updated: LibraryMatch = {
    ...stored,
    ...(outcome.kind === 'completed'
      ? {
          status: Status.Completed,
          opponent1: { id: stored.opponent1!.id, score: outcome.score1, result: outcome.winner === 1 ? 'win' : 'loss' },
          opponent2: { id: stored.opponent2!.id, score: outcome.score2, result: outcome.winner === 2 ? 'win' : 'loss' },
        }
      : outcome.kind === 'live'
        ? { status: Status.Running, opponent1: { id: stored.opponent1!.id, score: outcome.score1 ?? 0 }, opponent2: { id: stored.opponent2!.id, score: outcome.score2 ?? 0 } }
        : { status: Status.Ready, opponent1: { id: stored.opponent1!.id }, opponent2: { id: stored.opponent2!.id } }),
  };
  await storage.update('match', stored.id, updated);

  // A completed round pairs the next, until the event's number of rounds.
  const roundMatches = (await storage.select('match', { round_id: own.id })) ?? [];
  if (own.number >= (event.swiss_rounds ?? 0) || roundMatches.some((m) => m.status < Status.Completed)) return;
  const entrants = await trx
    .selectFrom('event_teams')
    .innerJoin('teams', 'teams.id', 'event_teams.team_id')
    .select(['event_teams.id', 'teams.elo'])
    .where('event_teams.event_id', '=', event.id)
    .orderBy('event_teams.seed')
    .execute();
  await pairSwissRound(trx, event.id, stored.stage_id, stored.group_id, own.number + 1, entrants.map((e) => ({ participantId: e.id, elo: e.elo })));
}

// ---- reading

export interface BracketSlot {
  id: number;
  stageType: BracketStage['type'];
  roundNumber: number;
  roundName: string;
  team1: number | null;
  team2: number | null;
  score1: number | null;
  score2: number | null;
  winner: number | null;
  status: 'waiting' | 'ready' | 'live' | 'completed';
  isBye: boolean;
  next: number | null;
  loserNext: number | null;
}

export interface BracketRead {
  /** In display order: stage part, then round, then match number. */
  slots: BracketSlot[];
  /** The participant (event_teams id) who won the event, when decided. */
  champion: number | null;
  /** The slot that decided the champion (elimination only). */
  decidedIn: BracketSlot | null;
  anyPlayed: boolean;
}

/**
 * The event's bracket as slots with their places and the champion; with `paths`, also where each
 * slot's winner and loser go (a few library reads per slot, so only the event page asks).
 */
export async function readBracket(trx: Trx, event: BracketEvent, options: { paths?: boolean } = {}): Promise<BracketRead> {
  const { manager, storage } = managerFor(trx, event.id);
  const [stages, groups, rounds, matches] = await Promise.all([
    storage.select('stage'),
    storage.select('group'),
    storage.select('round'),
    storage.select('match'),
  ]);
  const stage = stages?.[0];
  if (!stage || !groups || !rounds || !matches) return { slots: [], champion: null, decidedIn: null, anyPlayed: false };
  const groupById = new Map<Id, Group>(groups.map((g) => [g.id, g]));
  const roundById = new Map<Id, Round>(rounds.map((r) => [r.id, r]));
  const roundsPerGroup = new Map<Id, number>();
  for (const r of rounds) roundsPerGroup.set(r.group_id, Math.max(roundsPerGroup.get(r.group_id) ?? 0, r.number));

  const part = (group: Group): BracketStage['type'] => {
    if (event.format === 'double_elimination') return group.number === 1 ? 'upper_bracket' : group.number === 2 ? 'lower_bracket' : 'grand_final';
    return event.format;
  };
  const elimination = event.format === 'single_elimination' || event.format === 'double_elimination';

  const slots: BracketSlot[] = [];
  for (const m of matches) {
    const group = groupById.get(m.group_id)!;
    const round = roundById.get(m.round_id)!;
    const stageType = part(group);
    let next: number | null = null;
    let loserNext: number | null = null;
    if (elimination && options.paths) {
      for (const n of await manager.find.nextMatches(m.id)) {
        if (stageType === 'upper_bracket' && groupById.get(n.group_id)?.number === 2) loserNext = Number(n.id);
        else next = Number(n.id);
      }
    }
    const side = (o: LibraryMatch['opponent1']) => (o?.id == null ? null : Number(o.id));
    const isBye = m.opponent1 === null || m.opponent2 === null;
    const winner = m.opponent1?.result === 'win' ? side(m.opponent1) : m.opponent2?.result === 'win' ? side(m.opponent2) : null;
    slots.push({
      id: Number(m.id),
      stageType,
      roundNumber: round.number,
      roundName: roundName(stageType, round.number, roundsPerGroup.get(group.id) ?? round.number),
      team1: side(m.opponent1),
      team2: side(m.opponent2),
      score1: isBye ? null : (m.opponent1?.score ?? null),
      score2: isBye ? null : (m.opponent2?.score ?? null),
      winner,
      status: slotStatus(m, isBye),
      isBye,
      next,
      loserNext,
    });
  }
  const order: BracketStage['type'][] = ['single_elimination', 'upper_bracket', 'lower_bracket', 'grand_final', 'round_robin', 'swiss'];
  slots.sort((a, b) => order.indexOf(a.stageType) - order.indexOf(b.stageType) || a.roundNumber - b.roundNumber || a.id - b.id);
  const anyPlayed = slots.some((s) => !s.isBye && (s.status === 'completed' || s.status === 'live'));
  const decidedIn = decidingSlot(event, slots);
  return { slots, champion: decidedIn?.winner ?? null, decidedIn, anyPlayed };
}

function slotStatus(m: LibraryMatch, isBye: boolean): BracketSlot['status'] {
  if (isBye) return m.opponent1?.id != null || m.opponent2?.id != null ? 'completed' : 'waiting';
  if (m.status >= Status.Completed) return 'completed';
  if (m.status === Status.Running) return 'live';
  if (m.status === Status.Ready) return 'ready';
  return 'waiting';
}

function roundName(stageType: BracketStage['type'], number: number, count: number): string {
  switch (stageType) {
    case 'single_elimination':
      return number === count ? 'Final' : number === count - 1 ? 'Semifinals' : number === count - 2 ? 'Quarterfinals' : `Round ${number}`;
    case 'upper_bracket':
      return number === count ? 'Upper final' : `Upper round ${number}`;
    case 'lower_bracket':
      return number === count ? 'Lower final' : `Lower round ${number}`;
    case 'grand_final':
      return number === 1 ? 'Grand final' : 'Grand final reset';
    default:
      return `Round ${number}`;
  }
}

/**
 * The slot that decided the champion: the final in single elimination; in double elimination
 * the grand final, unless the reset is to be played (the lower bracket's champion won the
 * first), then the reset. Null while undecided, and for round robin and Swiss, whose champion
 * is the top of the standings once every round is decided (read by the caller).
 */
function decidingSlot(event: BracketEvent, slots: readonly BracketSlot[]): BracketSlot | null {
  if (event.format === 'single_elimination') {
    const last = slots.filter((s) => s.stageType === 'single_elimination').at(-1);
    return last?.winner != null ? last : null;
  }
  if (event.format === 'double_elimination') {
    const finals = slots.filter((s) => s.stageType === 'grand_final');
    const first = finals[0];
    if (!first || first.winner === null) return null;
    // The upper bracket's champion is side 1 of the grand final: winning it ends the event.
    if (first.winner === first.team1 || finals.length === 1) return first;
    return finals[1]?.winner != null ? finals[1] : null;
  }
  return null;
}
