import { describe, expect, it, vi } from 'vitest';

// A visitor in New York: set before the formatters are made (vi.hoisted runs before imports).
vi.hoisted(() => {
  process.env.TZ = 'America/New_York';
});

const { browserTimeZone, formatCalendarDate, formatDate, formatDateTime } = await import('./format');

describe('dates and times for a visitor west of UTC (New York)', () => {
  it('names the zone of every time it shows', () => {
    expect(browserTimeZone()).toBe('America/New_York');
    expect(formatDateTime('2026-11-28T03:50:00.000Z', 'America/New_York')).toBe('Nov 27, 2026, 10:50 PM EST');
    expect(formatDateTime('2026-07-01T16:00:00.000Z', 'America/New_York')).toBe('Jul 1, 2026, 12:00 PM EDT');
  });

  it('shows a time in the zone it is given, whatever the machine\'s: the league\'s before hydration, the visitor\'s after', () => {
    expect(formatDateTime('2026-11-28T03:50:00.000Z', 'Asia/Tokyo')).toBe('Nov 28, 2026, 12:50 PM GMT+9');
    expect(formatDateTime('2026-11-28T03:50:00.000Z', 'America/Los_Angeles')).toBe('Nov 27, 2026, 7:50 PM PST');
    expect(formatDate('2026-11-28T03:50:00.000Z', 'Asia/Tokyo')).toBe('Nov 28, 2026');
    expect(formatDate('2026-11-28T03:50:00.000Z', 'America/New_York')).toBe('Nov 27, 2026');
  });

  it('shows a date as its own day, not a day early: the snapshot of 23 November is the week of Nov 23', () => {
    expect(formatCalendarDate('2026-11-23T00:00:00.000Z')).toBe('Nov 23, 2026');
    expect(formatCalendarDate('2026-11-23')).toBe('Nov 23, 2026');
    // An ended season's snapshot, dated the last millisecond of its last day.
    expect(formatCalendarDate('2026-05-20T23:59:59.999Z')).toBe('May 20, 2026');
  });
});
