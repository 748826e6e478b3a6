import type { Database } from '@campus-elo/db';
import ical, { ICalEventStatus } from 'ical-generator';
import type { Kysely } from 'kysely';

/** How long a calendar shows a match: a best of three takes up to about three hours. */
const MATCH_HOURS = 3;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The all-matches feed: overdue matches from a day back, upcoming ones this far ahead. */
const UPCOMING_DAYS = 60;
const MAX_EVENTS = 2000;

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

function summaryOf(match: CalendarMatch): string {
  if (match.status === 'completed' && match.score1 !== null && match.score2 !== null) return `${match.team1} ${match.score1}–${match.score2} ${match.team2}`;
  const live = match.status === 'in_progress' ? ' (live)' : '';
  return `${match.team1} vs ${match.team2}${live}`;
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
  const calendar = ical({ name: options.name, prodId: { company: 'Campus Elo', product: 'Match calendar', language: 'EN' }, ttl: 15 * 60 });
  for (const match of options.matches) {
    const url = `${options.siteOrigin}/matches/${match.id}`;
    calendar.createEvent({
      id: matchEventUid(match.id),
      start: match.date,
      end: new Date(match.date.getTime() + MATCH_HOURS * HOUR_MS),
      stamp: match.updatedAt,
      lastModified: match.updatedAt,
      summary: summaryOf(match),
      description: [match.competition, match.season, url].filter(Boolean).join('\n'),
      url,
      status: match.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
