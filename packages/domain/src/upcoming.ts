export interface TimeWindow {
  from: Date;
  to: Date;
}

export interface UpcomingWindows {
  today: TimeWindow;
  week: TimeWindow;
  month: TimeWindow;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How far `zone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The last millisecond of the day that contains `now` on `timeZone`'s calendar. */
export function endOfDayIn(now: Date, timeZone: string): Date {
  const wall = new Date(now.getTime() + zoneOffset(now.getTime(), timeZone));
  const nextMidnightWall = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + 1);
  // The offset at midnight itself: a change of clocks during the day moves it.
  const nextMidnight = nextMidnightWall - zoneOffset(nextMidnightWall - zoneOffset(now.getTime(), timeZone), timeZone);
  return new Date(nextMidnight - 1);
}

/**
 * Windows for the upcoming-match sections, one after another so no match shows twice
 * (docs/departures.md): today, from now (a match that has started is live, not upcoming) to
 * the end of the day in `timeZone` (the league's, docs/decisions/0096); the rest of the next 7 days; then the rest
 * of the next 30. The week and month are rolling, not calendar periods, so they never shrink
 * to a few days near the end of one.
 */
export function upcomingWindows(now: Date, timeZone = 'UTC'): UpcomingWindows {
  const start = now.getTime();
  const endOfToday = endOfDayIn(now, timeZone).getTime();
  const endOfWeek = Math.max(start + 7 * DAY_MS, endOfToday);
  // Fresh Date objects, so a caller mutating one window cannot move another.
  return {
    today: { from: new Date(start), to: new Date(endOfToday) },
    week: { from: new Date(endOfToday + 1), to: new Date(endOfWeek) },
    month: { from: new Date(endOfWeek + 1), to: new Date(start + 30 * DAY_MS) },
  };
}
