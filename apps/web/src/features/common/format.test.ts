import { describe, expect, it, vi } from 'vitest';

// A visitor in New York: set before the formatters are made (vi.hoisted runs before imports).
vi.hoisted(() => {
  process.env.TZ = 'America/New_York';
});

const { formatCalendarDate, formatDateTime, visitorTimeZone } = await import('./format');

describe('dates and times for a visitor west of UTC (New York)', () => {
  it('names the zone of every time it shows', () => {
    expect(visitorTimeZone()).toBe('America/New_York');
    expect(formatDateTime('2026-11-28T03:50:00.000Z')).toBe('Nov 27, 2026, 10:50 PM EST');
    expect(formatDateTime('2026-07-01T16:00:00.000Z')).toBe('Jul 1, 2026, 12:00 PM EDT');
  });

  it('shows a date as its own day, not a day early: the snapshot of 23 November is the week of Nov 23', () => {
    expect(formatCalendarDate('2026-11-23T00:00:00.000Z')).toBe('Nov 23, 2026');
    expect(formatCalendarDate('2026-11-23')).toBe('Nov 23, 2026');
    // An ended season's snapshot, dated the last millisecond of its last day.
    expect(formatCalendarDate('2026-05-20T23:59:59.999Z')).toBe('May 20, 2026');
  });
});
