import { semesterBounds, type SemesterBounds } from '@campus-elo/domain';

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Midnight UTC of a 'YYYY-MM-DD' day, in milliseconds. */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** Midnight UTC of the day that contains `time`. */
export function startOfUtcDay(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}

/** The semester containing `today` and the `previous` semesters before it, oldest first. */
export function recentSemesters(today: Date, previous: number): SemesterBounds[] {
  const semesters = [semesterBounds(today)];
  for (let i = 0; i < previous; i++) {
    const earliest = semesters[0] as SemesterBounds;
    semesters.unshift(semesterBounds(new Date(dayStart(earliest.start) - DAY_MS)));
  }
  return semesters;
}

/** Every Monday 00:00 UTC from `from` (inclusive) to `to` (exclusive), in milliseconds. */
export function mondaysBetween(from: number, to: number): number[] {
  const first = startOfUtcDay(from);
  // 1970-01-01 was a Thursday, so day numbers + 3 are 0 on Mondays.
  const daysToMonday = (7 - ((first / DAY_MS + 3) % 7)) % 7;
  const mondays: number[] = [];
  for (let monday = first + daysToMonday * DAY_MS; monday < to; monday += 7 * DAY_MS) {
    if (monday >= from) mondays.push(monday);
  }
  return mondays;
}
