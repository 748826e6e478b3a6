import { isDateOnly, matchStatus, type MatchListItem, type MatchStatus, type Paged, type matchListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { jsonBuildObject, jsonObjectFrom } from 'kysely/helpers/postgres';
import { compiledPerInput, rowsOf } from '../../lib/compiled-queries';
import { readBracket, type BracketEvent } from '../events/bracket';
import { containsPattern, orderBySql, pagedListQuery, pageWindow, toPaged, type SortKey } from '../../lib/paging';

export type MatchListFilters = z.output<typeof matchListInput>;

/** Cancelled matches are left out unless a status list asks for them. */
const DEFAULT_STATUSES: readonly MatchStatus[] = ['scheduled', 'in_progress', 'completed'];

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date (YYYY-MM-DD) starts at UTC midnight; a date-time is exact. */
function rangeStart(value: string): Date {
  return new Date(isDateOnly(value) ? `${value}T00:00:00Z` : value);
}

/** A date (YYYY-MM-DD) includes the whole UTC day, so the range ends before the next midnight. */
function rangeEnd(value: string): { at: Date; inclusive: boolean } {
  if (isDateOnly(value)) return { at: new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS), inclusive: false };
  return { at: new Date(value), inclusive: true };
}

/** Matches asked for by id are answered whatever their status (a cancelled match has its page too). */
function listedStatuses(input: MatchListFilters): MatchStatus[] {
  return [...new Set(input.status ?? (input.id ? matchStatus.options : DEFAULT_STATUSES))];
}

/** Filtered by status and dates alone: the trigger-kept counters answer (most of) the count. */
function filtersOnlyStatusAndDates(input: MatchListFilters): boolean {
  return !input.id && !input.season_id && !input.team_id && !input.team_id_1 && !input.platform && !input.competition_id && !input.event_id && !input.competition_name;
}

interface DateRange {
  from?: Date;
  to?: { at: Date; inclusive: boolean };
}

function dateRange(input: MatchListFilters): DateRange {
  return { from: input.date_from ? rangeStart(input.date_from) : undefined, to: input.date_to ? rangeEnd(input.date_to) : undefined };
}

function inDateRange(eb: ExpressionBuilder<Database, 'matches'>, { from, to }: DateRange): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (from) conditions.push(eb('matches.date', '>=', from));
  if (to) conditions.push(eb('matches.date', to.inclusive ? '<=' : '<', to.at));
  return conditions;
}

function matchConditions(eb: ExpressionBuilder<Database, 'matches'>, input: MatchListFilters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('matches.status', 'in', listedStatuses(input)), ...inDateRange(eb, dateRange(input))];
  if (input.id) conditions.push(eb('matches.id', 'in', input.id));
  if (input.season_id) conditions.push(eb('matches.season_id', '=', input.season_id));
  if (input.team_id) conditions.push(eb.or([eb('matches.team1_id', '=', input.team_id), eb('matches.team2_id', '=', input.team_id)]));
  if (input.team_id_1 && input.team_id_2) {
    const [one, two] = [input.team_id_1, input.team_id_2];
    conditions.push(
      eb.or([
        eb.and([eb('matches.team1_id', '=', one), eb('matches.team2_id', '=', two)]),
        eb.and([eb('matches.team1_id', '=', two), eb('matches.team2_id', '=', one)]),
      ]),
    );
  }
  if (input.platform) conditions.push(eb('matches.platform', 'in', [...new Set(input.platform)]));
  if (input.competition_id) conditions.push(eb('matches.competition_id', '=', input.competition_id));
  if (input.event_id) {
    conditions.push(eb('matches.id', 'in', eb.selectFrom('event_bracket_matches').select('event_bracket_matches.match_id').where('event_bracket_matches.event_id', '=', input.event_id).where('event_bracket_matches.match_id', 'is not', null)));
  }
  if (input.competition_name) {
    const pattern = containsPattern(input.competition_name);
    conditions.push(eb('matches.competition_id', 'in', eb.selectFrom('competitions').select('competitions.id').where('competitions.name', 'ilike', pattern)));
  }
  return eb.and(conditions);
}

/** Newest first by default; undated matches come last either way. */
function matchSortKeys(input: MatchListFilters): SortKey[] {
  const direction = input.order ?? 'desc';
  return [{ column: 'date', direction, nullable: true }, { column: 'id', direction }];
}

/**
 * Match items (the list's shape) for the matches `filtered` selects, one window of them in
 * `sortKeys` order: the window is cut first, so the per-item lookups (team names, the
 * competition) run for its rows only.
 */
export function matchItemsQuery(
  db: Kysely<Database>,
  filtered: SelectQueryBuilder<Database, 'matches', object>,
  sortKeys: readonly SortKey[],
  window: { limit: number; offset?: number },
) {
  const page = filtered
    .select([
      'matches.id',
      'matches.date',
      'matches.status',
      'matches.team1_id',
      'matches.team2_id',
      'matches.score_team1',
      'matches.score_team2',
      'matches.winner_id',
      'matches.competition_id',
      'matches.season_id',
      'matches.url',
      'matches.platform',
    ])
    .orderBy(orderBySql('matches', sortKeys))
    .limit(window.limit)
    .offset(window.offset ?? 0);
  const teamColumns = ['teams.id', 'teams.name', 'teams.picture', 'teams.elo'] as const;
  // A page names few competitions and seasons: joined laterally, each one is looked up once
  // (PostgreSQL memoizes the lookup), where a subquery per column would run for every row.
  const named = (table: 'competitions' | 'seasons', key: 'competition_id' | 'season_id') =>
    db
      .selectFrom(table)
      .select((eb) => jsonBuildObject({ id: eb.ref(`${table}.id`), name: eb.ref(`${table}.name`) }).as('item'))
      .where(`${table}.id`, '=', sql.ref<string>(`page.${key}`));
  return db
    .selectFrom(page.as('page'))
    .leftJoinLateral(() => named('competitions', 'competition_id').as('competition'), (join) => join.onTrue())
    .leftJoinLateral(() => named('seasons', 'season_id').as('season'), (join) => join.onTrue())
    .select((eb) => [
      'page.id',
      'page.date',
      'page.status',
      // Each team's current Elo, not its Elo at match time.
      jsonObjectFrom(eb.selectFrom('teams').select(teamColumns).whereRef('teams.id', '=', 'page.team1_id')).$notNull().as('team1'),
      jsonObjectFrom(eb.selectFrom('teams').select(teamColumns).whereRef('teams.id', '=', 'page.team2_id')).$notNull().as('team2'),
      'page.score_team1',
      'page.score_team2',
      jsonObjectFrom(eb.selectFrom('teams').select(['teams.id', 'teams.name']).whereRef('teams.id', '=', 'page.winner_id')).as('winner'),
      'competition.item as competition',
      'season.item as season',
      'page.season_id',
      'page.url',
      'page.platform',
      // The bracket slot it is linked to (one at most); its round is read from the bracket (toMatchItems).
      jsonObjectFrom(
        eb
          .selectFrom('event_bracket_matches')
          .innerJoin('events', 'events.id', 'event_bracket_matches.event_id')
          .select(['event_bracket_matches.id as slot', 'events.id', 'events.name', 'events.format', 'events.grand_final_reset', 'events.swiss_rounds'])
          .whereRef('event_bracket_matches.match_id', '=', 'page.id'),
      ).as('event_slot'),
    ])
    .orderBy(orderBySql('page', sortKeys));
}

type EventSlot = BracketEvent & { slot: number };

/**
 * Match items as PostgreSQL built them, in the contract's shape: ISO dates, and each linked
 * match's bracket slot with its round (each event's bracket read once).
 */
export async function toMatchItems<Row extends { date: Date | string | null; event_slot: EventSlot | null }>(
  db: Kysely<Database>,
  rows: readonly Row[],
): Promise<(Omit<Row, 'event_slot'> & { date: string | null; event_match: MatchListItem['event_match'] })[]> {
  const events = new Map(rows.flatMap((row) => (row.event_slot ? [[row.event_slot.id, row.event_slot] as const] : [])));
  const brackets = new Map(await Promise.all([...events.values()].map(async (event) => [event.id, await readBracket(db, event)] as const)));
  return rows.map(({ event_slot: link, ...row }) => {
    const slot = link ? brackets.get(link.id)?.slots.find((s) => s.id === link.slot) : undefined;
    const event_match =
      link && slot
        ? {
            id: slot.id,
            event: { id: link.id, name: link.name },
            round: slot.roundNumber,
            num_in_bracket: slot.id,
            is_bye: slot.isBye,
            extra_info: { round_name: slot.roundName, stage: slot.stageType },
          }
        : null;
    return { ...toMatchItem(row), event_match };
  });
}

/** An item as PostgreSQL built it (JSON dates are text) in the contract's shape. */
export function toMatchItem<Item extends { date: Date | string | null }>(item: Item): Item & { date: string | null } {
  return { ...item, date: item.date ? new Date(item.date).toISOString() : null };
}

/**
 * The UTC day as PostgreSQL reads a date. Not toISOString's first ten characters: the day after
 * 9999-12-31, a range's end for `date_to=9999-12-31`, is '+010000-01-01' there.
 */
const utcDay = (at: Date) => `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-${String(at.getUTCDate()).padStart(2, '0')}`;

/**
 * The count of matches of some statuses between two moments, from the trigger-kept counters:
 * per status without dates, else the whole UTC days in the range per status and day, plus the
 * matches in the parts of a day at either end (date-time bounds), counted through the index.
 * Undefined when the range holds no whole day: then the matches themselves are counted.
 */
function countFromCounters(db: Kysely<Database>, statuses: MatchStatus[], range: DateRange): Expression<unknown> | undefined {
  if (!range.from && !range.to) {
    return db.selectFrom('match_status_counts').select(sql<number>`sum(match_status_counts.count)`.as('count')).where('match_status_counts.status', 'in', statuses);
  }
  const firstDay = range.from && new Date(Math.ceil(range.from.getTime() / DAY_MS) * DAY_MS);
  const endDay = range.to && new Date(Math.floor(range.to.at.getTime() / DAY_MS) * DAY_MS);
  if (firstDay && endDay && firstDay >= endDay) return undefined;
  const days = db
    .selectFrom('match_day_counts')
    .select(sql<number>`sum(match_day_counts.count)`.as('count'))
    .where('match_day_counts.status', 'in', statuses)
    .$if(firstDay !== undefined, (q) => q.where('match_day_counts.day', '>=', utcDay(firstDay as Date)))
    .$if(endDay !== undefined, (q) => q.where('match_day_counts.day', '<', utcDay(endDay as Date)));
  const countMatches = (edge: DateRange) =>
    db
      .selectFrom('matches')
      .where((eb) => eb.and([eb('matches.status', 'in', statuses), ...inDateRange(eb, edge)]))
      .select((eb) => eb.fn.countAll<number>().as('count'));
  const parts: Expression<unknown>[] = [days];
  if (range.from && firstDay && range.from < firstDay) parts.push(countMatches({ from: range.from, to: { at: firstDay, inclusive: false } }));
  if (range.to && endDay && (range.to.inclusive || range.to.at > endDay)) parts.push(countMatches({ from: endDay, to: range.to }));
  return sql<number>`${sql.join(
    parts.map((part) => sql`coalesce((${part}), 0)`),
    sql` + `,
  )}`;
}

/** The whole list as one statement (count and page together), so the bench can EXPLAIN it. */
export function matchListQuery(db: Kysely<Database>, input: MatchListFilters) {
  const filtered = db.selectFrom('matches').where((eb) => matchConditions(eb, input));
  const count =
    (filtersOnlyStatusAndDates(input) ? countFromCounters(db, listedStatuses(input), dateRange(input)) : undefined) ??
    filtered.select((eb) => eb.fn.countAll<number>().as('count'));
  return pagedListQuery(db, count, matchItemsQuery(db, filtered, matchSortKeys(input), pageWindow(input)));
}

const compiledMatchList = compiledPerInput(matchListQuery);

export async function listMatches(db: Kysely<Database>, input: MatchListFilters): Promise<Paged<MatchListItem>> {
  const [row] = await rowsOf(db, compiledMatchList(db, input));
  const paged = toPaged(row!, input);
  return { ...paged, results: await toMatchItems(db, paged.results) };
}
