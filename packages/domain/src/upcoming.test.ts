import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { endOfDayIn, upcomingWindows } from './upcoming';

const DAY = 24 * 60 * 60 * 1000;

describe('upcomingWindows', () => {
  it('runs today to the end of the UTC day, week 7 days and month 30 days ahead', () => {
    const now = new Date('2026-03-10T15:30:00.000Z');
    const windows = upcomingWindows(now);
    expect(windows.today.from.toISOString()).toBe('2026-03-10T15:30:00.000Z');
    expect(windows.today.to.toISOString()).toBe('2026-03-10T23:59:59.999Z');
    expect(windows.week.from.toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect(windows.week.to.toISOString()).toBe('2026-03-17T15:30:00.000Z');
    expect(windows.month.from.toISOString()).toBe('2026-03-17T15:30:00.001Z');
    expect(windows.month.to.toISOString()).toBe('2026-04-09T15:30:00.000Z');
  });

  it('handles the last millisecond of a day and month/year ends', () => {
    expect(upcomingWindows(new Date('2026-12-31T23:59:59.999Z')).today.to.toISOString()).toBe('2026-12-31T23:59:59.999Z');
    expect(upcomingWindows(new Date('2028-02-29T00:00:00.000Z')).today.to.toISOString()).toBe('2028-02-29T23:59:59.999Z');
  });

  it('returns fresh dates that do not alias the input', () => {
    const now = new Date('2026-03-10T15:30:00.000Z');
    const windows = upcomingWindows(now);
    windows.today.from.setTime(0);
    expect(now.toISOString()).toBe('2026-03-10T15:30:00.000Z');
    expect(windows.week.to.toISOString()).toBe('2026-03-17T15:30:00.000Z');
  });

  it("ends today at the visitor's midnight: a New York visitor at 22:50 has an hour and ten minutes of today left, not the next UTC day", () => {
    const now = new Date('2026-11-28T03:50:00.000Z'); // 22:50 on 27 November in New York
    const { today, week } = upcomingWindows(now, 'America/New_York');
    expect(today.to.toISOString()).toBe('2026-11-28T04:59:59.999Z');
    expect(week.from.toISOString()).toBe('2026-11-28T05:00:00.000Z');
    // Clocks change: the day New York falls back has 25 hours.
    expect(endOfDayIn(new Date('2026-11-01T12:00:00Z'), 'America/New_York').toISOString()).toBe('2026-11-02T04:59:59.999Z');
    expect(endOfDayIn(new Date('2026-03-08T12:00:00Z'), 'America/New_York').toISOString()).toBe('2026-03-09T03:59:59.999Z');
    expect(endOfDayIn(new Date('2026-06-01T20:00:00Z'), 'Asia/Tokyo').toISOString()).toBe('2026-06-02T14:59:59.999Z');
  });

  it('shows each match once: today, the rest of the week and the rest of the month follow one another without overlap', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (now) => {
        const { today, week, month } = upcomingWindows(now);
        expect(today.from.getTime()).toBe(now.getTime());
        expect(week.from.getTime()).toBe(today.to.getTime() + 1);
        expect(month.from.getTime()).toBe(week.to.getTime() + 1);
        expect(today.to.getTime()).toBeGreaterThanOrEqual(now.getTime());
        expect(today.to.getTime() - now.getTime()).toBeLessThan(DAY);
        expect(today.to.toISOString().slice(0, 10)).toBe(now.toISOString().slice(0, 10));
        expect(today.to.toISOString().slice(11)).toBe('23:59:59.999Z');
        expect(week.to.getTime() - now.getTime()).toBe(7 * DAY);
        expect(month.to.getTime() - now.getTime()).toBe(30 * DAY);
      }),
    );
  });
});
