import type { BracketStage, EventDetail, EventListInput, EventListItem, EventStandings, MatchEventOutput, Paged, TeamEventsOutput } from '@campus-elo/api-contract';
import { eventListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { eventStatus, placementLabel, standings } from '@campus-elo/domain';
import { sql, type Kysely } from 'kysely';
import { notFound } from '../../lib/errors';
import { containsPattern, pageWindow, toPaged } from '../../lib/paging';
import { readBracket, type BracketEvent, type BracketRead } from './bracket';

type Db = Kysely<Database>;
type TeamRef = { id: string; name: string; picture: string | null };

const todayText = (today: Date) => today.toISOString().slice(0, 10);

const eventColumns = [
  'events.id',
  'events.name',
  'events.start_date',
  'events.end_date',
  'events.picture',
  'events.format',
  'events.grand_final_reset',
  'events.swiss_rounds',
  'events.winner_team_id',
  'events.any_played',
  'events.description',
  'events.stream_url',
  'events.stream2_url',
  'events.discord_url',
  'events.registration_url',
  'events.rules_url',
  'events.prize_pool',
  'events.prize_currency',
  'events.entry_fee',
  'events.max_teams',
  'events.registration_open',
  'events.registration_deadline',
  'events.featured',
  'events.division',
] as const;

interface EventDetailRow {
  id: string;
  format: EventDetail['format'];
  description: string;
  stream_url: string | null;
  stream2_url: string | null;
  discord_url: string | null;
  registration_url: string | null;
  rules_url: string | null;
  prize_pool: number | string | null;
  prize_currency: string;
  entry_fee: number | string | null;
  max_teams: number | null;
  registration_open: boolean;
  registration_deadline: Date | string | null;
  featured: boolean;
  division: string | null;
}

/** Money is answered as text with two decimals ('1500.00'), as the earlier site did. */
const money = (value: number | string | null) => (value === null ? null : Number(value).toFixed(2));

/**
 * An event's description, links and details, and the same under the earlier site's
 * `custom_details` names (docs/contract.md, "Events"). Its bracket_link is the event's page
 * here, made absolute by the REST layer (http/absolute-urls.ts).
 */
function eventExtras(row: EventDetailRow): Pick<EventDetail, 'description' | 'links' | 'details' | 'custom_details'> {
  const links = { stream: row.stream_url, stream2: row.stream2_url, discord: row.discord_url, registration: row.registration_url, rules: row.rules_url };
  const details = {
    prize_pool: money(row.prize_pool),
    prize_currency: row.prize_currency,
    entry_fee: money(row.entry_fee),
    max_teams: row.max_teams,
    registration_open: row.registration_open,
    registration_deadline: row.registration_deadline === null ? null : new Date(row.registration_deadline).toISOString(),
    featured: row.featured,
    division: row.division,
  };
  return {
    description: row.description,
    links,
    details,
    custom_details: {
      id: row.id,
      bracket_link: `/events/${row.id}`,
      stream_link: links.stream,
      secondary_stream_link: links.stream2,
      discord_link: links.discord,
      registration_link: links.registration,
      rules_document: links.rules,
      prize_pool: details.prize_pool,
      prize_currency: details.prize_currency,
      max_teams: details.max_teams,
      entry_fee: details.entry_fee,
      format: row.format,
      game_mode: null,
      division: details.division,
      is_featured: details.featured,
      is_public: true,
      registration_open: details.registration_open,
      registration_deadline: details.registration_deadline,
      twitter_hashtag: null,
      metadata: {},
    },
  };
}

const EVENT_SORT_COLUMNS = { start_date: 'events.start_date', end_date: 'events.end_date', name: 'events.name' } as const;

/** GET /v1/public/events: newest start first, filtered by status (as of today) and season. */
export async function listEvents(db: Db, rawInput: EventListInput, today: Date = new Date()): Promise<Paged<EventListItem>> {
  const input = eventListInput.parse(rawInput);
  const day = todayText(today);
  let query = db.selectFrom('events');
  if (input.season_id) query = query.where('events.season_id', '=', input.season_id);
  if (input.id) query = query.where('events.id', 'in', input.id);
  if (input.name) query = query.where('events.name', 'ilike', containsPattern(input.name));
  if (input.featured !== undefined) query = query.where('events.featured', '=', input.featured);
  // Every event here is public, so public_only filters nothing.
  const sortColumn = EVENT_SORT_COLUMNS[input.sort ?? 'start_date'];
  const direction = input.order ?? (input.sort === 'name' ? 'asc' : 'desc');
  // The status rule of the domain (eventStatus), as SQL so it can filter and page.
  const past = sql<boolean>`(events.winner_team_id IS NOT NULL OR events.end_date < ${day})`;
  const upcoming = sql<boolean>`(NOT ${past} AND events.start_date > ${day} AND NOT events.any_played)`;
  if (input.status === 'past') query = query.where(past);
  if (input.status === 'upcoming') query = query.where(upcoming);
  if (input.status === 'ongoing') query = query.where(sql<boolean>`NOT ${past} AND NOT ${upcoming}`);
  const { limit, offset } = pageWindow(input);
  const [{ count }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    query
      .leftJoin('seasons', 'seasons.id', 'events.season_id')
      .leftJoin('teams as winner', 'winner.id', 'events.winner_team_id')
      .select(eventColumns)
      .select(['seasons.id as season_id', 'seasons.name as season_name', 'winner.name as winner_name', 'winner.picture as winner_picture'])
      .select((eb) => eb.selectFrom('event_teams').whereRef('event_teams.event_id', '=', 'events.id').select(eb.fn.countAll<number>().as('n')).as('team_count'))
      .orderBy(sortColumn, direction)
      .orderBy('events.name')
      .orderBy('events.id')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return toPaged(
    {
      count,
      results: rows.map((r) => ({
        id: r.id,
        name: r.name,
        start_date: r.start_date,
        end_date: r.end_date,
        season: r.season_id && r.season_name ? { id: r.season_id, name: r.season_name } : null,
        picture: r.picture,
        format: r.format,
        status: eventStatus({ startDate: r.start_date, endDate: r.end_date, decided: r.winner_team_id !== null, anyPlayed: r.any_played }, day),
        team_count: Number(r.team_count ?? 0),
        winner: r.winner_team_id && r.winner_name ? { id: r.winner_team_id, name: r.winner_name, picture: r.winner_picture ?? null } : null,
        ...eventExtras(r),
      })),
    },
    input,
  );
}

export interface EventTeamRow extends TeamRef {
  participantId: number;
  seed: number | null;
}

async function eventTeams(db: Db, eventId: string): Promise<EventTeamRow[]> {
  const rows = await db
    .selectFrom('event_teams')
    .innerJoin('teams', 'teams.id', 'event_teams.team_id')
    .select(['event_teams.id as participant_id', 'event_teams.seed', 'teams.id', 'teams.name', 'teams.picture'])
    .where('event_teams.event_id', '=', eventId)
    .orderBy('event_teams.seed')
    .orderBy('teams.name')
    .execute();
  return rows.map((r) => ({ participantId: r.participant_id, seed: r.seed, id: r.id, name: r.name, picture: r.picture }));
}

export interface EventSummary {
  bracket: BracketRead;
  teams: EventTeamRow[];
  /** The champion's team id: the bracket's, or the top of the standings once every round is decided. */
  winnerTeamId: string | null;
  standings: EventStandings | null;
}

/** The bracket of an event with its teams, standings and champion. */
export async function summarizeEvent(db: Db, event: BracketEvent, options: { paths?: boolean } = {}): Promise<EventSummary> {
  const [bracket, teams] = await Promise.all([readBracket(db, event, options), eventTeams(db, event.id)]);
  const teamOf = new Map(teams.map((t) => [t.participantId, t]));
  let winnerTeamId = bracket.champion === null ? null : (teamOf.get(bracket.champion)?.id ?? null);
  let table: EventStandings | null = null;
  if (event.format === 'round_robin' || event.format === 'swiss') {
    const decided = bracket.slots.filter((s) => s.status === 'completed' && s.winner !== null);
    const rows = standings(
      teams.map((t) => t.id),
      decided.map((s) => ({
        team1Id: teamOf.get(s.team1 ?? -1)?.id ?? '',
        team2Id: s.isBye ? '' : (teamOf.get(s.team2 ?? -1)?.id ?? ''),
        score1: s.score1 ?? 0,
        score2: s.score2 ?? 0,
        winnerId: teamOf.get(s.winner!)?.id ?? '',
      })),
    );
    // A Swiss bye is a win without a match.
    for (const s of decided.filter((x) => x.isBye)) {
      const row = rows.find((r) => r.teamId === teamOf.get(s.winner!)?.id);
      if (row) row.wins++;
    }
    const ordered = event.format === 'swiss' ? reorder(rows) : rows;
    const byId = new Map(teams.map((t) => [t.id, t]));
    table = {
      tie_break: 'round_difference',
      rows: ordered.map((r, i) => ({
        rank: i + 1,
        team: pickTeam(byId.get(r.teamId)!),
        played: r.played,
        wins: r.wins,
        losses: r.losses,
        round_difference: r.roundDifference,
      })),
    };
    const roundsDone = event.format === 'swiss' ? new Set(bracket.slots.map((s) => s.roundNumber)).size >= (event.swiss_rounds ?? 0) : true;
    const allDecided = bracket.slots.length > 0 && bracket.slots.every((s) => s.status === 'completed');
    winnerTeamId = roundsDone && allDecided ? (ordered[0]?.teamId ?? null) : null;
  }
  return { bracket, teams, winnerTeamId, standings: table };
}

/** Byes add wins after the domain ordered the rows: order again by the same keys, keeping ties' order. */
function reorder<T extends { wins: number; roundDifference: number }>(rows: T[]): T[] {
  return rows.map((row, i) => ({ row, i })).sort((a, b) => b.row.wins - a.row.wins || b.row.roundDifference - a.row.roundDifference || a.i - b.i).map((x) => x.row);
}

function pickTeam(t: TeamRef): TeamRef {
  return { id: t.id, name: t.name, picture: t.picture };
}

/** GET /v1/public/events/{id}. */
export async function getEvent(db: Db, id: string, today: Date = new Date()): Promise<EventDetail> {
  const event = await db
    .selectFrom('events')
    .leftJoin('seasons', 'seasons.id', 'events.season_id')
    .select(eventColumns)
    .select([
      'events.seeding',
      'events.seeding_seed',
      'seasons.id as season_id',
      'seasons.name as season_name',
    ])
    .where('events.id', '=', id)
    .executeTakeFirst();
  if (!event) throw notFound('Event not found');
  const summary = await summarizeEvent(db, event, { paths: true });
  const teamOf = new Map(summary.teams.map((t) => [t.participantId, t]));
  const links = new Map(
    (await db.selectFrom('event_bracket_matches').select(['id', 'match_id']).where('event_id', '=', id).execute()).map((r) => [r.id, r.match_id]),
  );
  const team = (participant: number | null) => (participant === null ? null : pickTeam(teamOf.get(participant)!));
  const stages: BracketStage[] = [];
  for (const slot of summary.bracket.slots) {
    let stage = stages.at(-1);
    if (stage?.type !== slot.stageType) stages.push((stage = { type: slot.stageType, rounds: [] }));
    let round = stage.rounds.at(-1);
    if (round?.number !== slot.roundNumber) stage.rounds.push((round = { number: slot.roundNumber, name: slot.roundName, matches: [] }));
    round.matches.push({
      id: slot.id,
      match_id: links.get(slot.id) ?? null,
      team1: team(slot.team1),
      team2: team(slot.team2),
      score_team1: slot.score1,
      score_team2: slot.score2,
      winner_id: slot.winner === null ? null : (teamOf.get(slot.winner)?.id ?? null),
      status: slot.status,
      next_match_id: slot.next,
      loser_next_match_id: slot.loserNext,
      is_bye: slot.isBye,
    });
  }
  const winner = summary.teams.find((t) => t.id === summary.winnerTeamId);
  return {
    id: event.id,
    name: event.name,
    start_date: event.start_date,
    end_date: event.end_date,
    season: event.season_id && event.season_name ? { id: event.season_id, name: event.season_name } : null,
    picture: event.picture,
    ...eventExtras(event),
    format: event.format,
    status: eventStatus({ startDate: event.start_date, endDate: event.end_date, decided: summary.winnerTeamId !== null, anyPlayed: summary.bracket.anyPlayed }, todayText(today)),
    grand_final_reset: event.grand_final_reset,
    swiss_rounds: event.swiss_rounds,
    seeding: { method: event.seeding, seed: event.seeding_seed },
    winner: winner ? pickTeam(winner) : null,
    teams: summary.teams.map((t) => ({ ...pickTeam(t), seed: t.seed })),
    stages,
    standings: summary.standings,
  };
}

/** GET /v1/public/teams/{id}/events: the events a team is in, newest first, with its seed and placement. */
export async function getTeamEvents(db: Db, teamId: string, today: Date = new Date()): Promise<TeamEventsOutput> {
  const team = await db.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst();
  if (!team) throw notFound('Team not found');
  const events = await db
    .selectFrom('event_teams')
    .innerJoin('events', 'events.id', 'event_teams.event_id')
    .leftJoin('seasons', 'seasons.id', 'events.season_id')
    .select(eventColumns)
    .select(['event_teams.seed', 'seasons.id as season_id', 'seasons.name as season_name'])
    .where('event_teams.team_id', '=', teamId)
    .orderBy('events.start_date', 'desc')
    .orderBy('events.id')
    .execute();
  const results: TeamEventsOutput['results'] = [];
  for (const event of events) {
    const summary = await summarizeEvent(db, event);
    const own = summary.teams.find((t) => t.id === teamId)!;
    const decidedIn = summary.bracket.decidedIn;
    const losses = summary.bracket.slots
      .filter((s) => !s.isBye && s.status === 'completed' && s.winner !== null && s.winner !== own.participantId && (s.team1 === own.participantId || s.team2 === own.participantId))
      .map((s) => s.roundName);
    const rank = summary.standings?.rows.find((r) => r.team.id === teamId)?.rank;
    results.push({
      id: event.id,
      name: event.name,
      start_date: event.start_date,
      end_date: event.end_date,
      season: event.season_id && event.season_name ? { id: event.season_id, name: event.season_name } : null,
      picture: event.picture,
      format: event.format,
      status: eventStatus({ startDate: event.start_date, endDate: event.end_date, decided: summary.winnerTeamId !== null, anyPlayed: summary.bracket.anyPlayed }, todayText(today)),
      seed: own.seed,
      placement: placementLabel({
        format: event.format,
        champion: summary.winnerTeamId === teamId,
        runnerUp: decidedIn !== null && decidedIn.winner !== own.participantId && (decidedIn.team1 === own.participantId || decidedIn.team2 === own.participantId),
        losses,
        rank,
        teamCount: summary.teams.length,
      }),
    });
  }
  return { results };
}

/** GET /v1/public/matches/{id}/event: the event and round a match was played in, or null. */
export async function getMatchEvent(db: Db, matchId: string): Promise<MatchEventOutput> {
  const match = await db.selectFrom('matches').select('id').where('id', '=', matchId).executeTakeFirst();
  if (!match) throw notFound('Match not found');
  const link = await db
    .selectFrom('event_bracket_matches')
    .innerJoin('events', 'events.id', 'event_bracket_matches.event_id')
    .select(['event_bracket_matches.id as slot', 'events.id', 'events.name', 'events.format', 'events.grand_final_reset', 'events.swiss_rounds'])
    .where('event_bracket_matches.match_id', '=', matchId)
    .executeTakeFirst();
  if (!link) return null;
  const bracket = await readBracket(db, link);
  const slot = bracket.slots.find((s) => s.id === link.slot);
  if (!slot) return null;
  return {
    event: { id: link.id, name: link.name, format: link.format },
    slot: slot.id,
    stage: slot.stageType,
    round: { number: slot.roundNumber, name: slot.roundName },
  };
}
