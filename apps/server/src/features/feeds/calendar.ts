import { withoutControlCharacters } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import ical, { escape, ICalEventStatus } from 'ical-generator';
import type { Kysely } from 'kysely';

/** How long a calendar shows a match: a best of three takes up to about three hours. */
const MATCH_HOURS = 3;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The all-matches feed: overdue matches from a day back, upcoming ones this far ahead. */
const UPCOMING_DAYS = 60;
const MAX_EVENTS = 2000;
/** iCalendar writes four-digit years: nothing can start or end after this instant. */
const LAST_WRITABLE_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

export interface CalendarMatch {
  id: string;
  date: Date;
  status: 'scheduled' | 'in_progress' | 'completed' | 'cancelled';
  team1: string;
  team2: string;
  score1: number | null;
  score2: number | null;
  competition: string | null;
  season: string | null;
  updatedAt: Date;
}

function calendarMatches(db: Kysely<Database>) {
  return db
    .selectFrom('matches')
    .innerJoin('teams as team1', 'team1.id', 'matches.team1_id')
    .innerJoin('teams as team2', 'team2.id', 'matches.team2_id')
    .leftJoin('competitions', 'competitions.id', 'matches.competition_id')
    .leftJoin('seasons', 'seasons.id', 'matches.season_id')
    .select([
      'matches.id',
      'matches.date',
      'matches.status',
      'team1.name as team1',
      'team2.name as team2',
      'matches.score_team1 as score1',
      'matches.score_team2 as score2',
      'competitions.name as competition',
      'seasons.name as season',
      'matches.updated_at as updatedAt',
    ])
    // A calendar event needs a time.
    .where('matches.date', 'is not', null)
    .orderBy('matches.date')
    .orderBy('matches.id')
    .limit(MAX_EVENTS);
}

/** Live matches, and scheduled ones from a day back (overdue) to UPCOMING_DAYS ahead. */
export async function upcomingMatches(db: Kysely<Database>, now: Date): Promise<CalendarMatch[]> {
  const rows = await calendarMatches(db)
    .where('matches.status', 'in', ['scheduled', 'in_progress'])
    .where('matches.date', '>=', new Date(now.getTime() - DAY_MS))
    .where('matches.date', '<=', new Date(now.getTime() + UPCOMING_DAYS * DAY_MS))
    .execute();
  return rows as CalendarMatch[];
}

/** Every dated match of a team, played, upcoming and called off. */
export async function teamMatches(db: Kysely<Database>, teamId: string): Promise<CalendarMatch[]> {
  const rows = await calendarMatches(db)
    .where((eb) => eb.or([eb('matches.team1_id', '=', teamId), eb('matches.team2_id', '=', teamId)]))
    .execute();
  return rows as CalendarMatch[];
}

// Names reach the feed without control characters even when the database holds some from
// before the rule (docs/decisions/0079-plain-text-and-web-urls.md): a line break in a TEXT
// value would end the property and start a forged one.
const plain = (text: string | null) => (text === null ? null : withoutControlCharacters(text));

function summaryOf(match: CalendarMatch): string {
  const team1 = plain(match.team1);
  const team2 = plain(match.team2);
  if (match.status === 'completed' && match.score1 !== null && match.score2 !== null) return `${team1} ${match.score1}–${match.score2} ${team2}`;
  const live = match.status === 'in_progress' ? ' (live)' : '';
  return `${team1} vs ${team2}${live}`;
}

/** Three hours after the start, but never past year 9999; none when the start is already there. */
function endOf(start: Date): Date | undefined {
  const end = Math.min(start.getTime() + MATCH_HOURS * HOUR_MS, LAST_WRITABLE_MS);
  return end > start.getTime() ? new Date(end) : undefined;
}

/** The same for a match in every feed and from every host name the site answers to. */
export function matchEventUid(matchId: string): string {
  return `match-${matchId}@campus-elo`;
}

/**
 * An iCalendar (RFC 5545) document of matches. Each event's UID is the match id, so a
 * calendar that subscribed replaces the event when the match moves, goes live, finishes
 * or is called off; DTSTAMP and LAST-MODIFIED say when it last changed.
 */
export function matchesCalendar(options: { name: string; matches: readonly CalendarMatch[]; siteOrigin: string }): string {
  // ical-generator writes NAME and X-WR-CALNAME as given, unescaped.
  const calendar = ical({ name: escape(withoutControlCharacters(options.name), false), prodId: { company: 'Campus Elo', product: 'Match calendar', language: 'EN' }, ttl: 15 * 60 });
  for (const match of options.matches) {
    if (match.date.getTime() > LAST_WRITABLE_MS) continue;
    const url = `${options.siteOrigin}/matches/${match.id}`;
    calendar.createEvent({
      id: matchEventUid(match.id),
      start: match.date,
      end: endOf(match.date),
      stamp: match.updatedAt,
      lastModified: match.updatedAt,
      summary: summaryOf(match),
      description: [plain(match.competition), plain(match.season), url].filter(Boolean).join('\n'),
      url,
      status: match.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
