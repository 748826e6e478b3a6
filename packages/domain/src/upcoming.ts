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

/**
 * Windows for the upcoming-match tabs, all starting now (a match that has started is live,
 * not upcoming). "Today" ends at the end of the UTC day, because dates across the API are
 * whole UTC days; "week" and "month" are rolling 7 and 30 days, not calendar weeks/months,
 * so they never shrink to a few days near the end of a calendar period.
 */
export function upcomingWindows(now: Date): UpcomingWindows {
  const start = now.getTime();
  const endOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - 1;
  // Fresh Date objects, so a caller mutating one window cannot move another.
  return {
    today: { from: new Date(start), to: new Date(endOfToday) },
    week: { from: new Date(start), to: new Date(start + 7 * DAY_MS) },
    month: { from: new Date(start), to: new Date(start + 30 * DAY_MS) },
  };
}
