import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { upcomingWindows } from './upcoming';

const DAY = 24 * 60 * 60 * 1000;

describe('upcomingWindows', () => {
  it('runs today to the end of the UTC day, week 7 days and month 30 days ahead', () => {
    const now = new Date('2026-03-10T15:30:00.000Z');
    const windows = upcomingWindows(now);
    expect(windows.today.from.toISOString()).toBe('2026-03-10T15:30:00.000Z');
    expect(windows.today.to.toISOString()).toBe('2026-03-10T23:59:59.999Z');
    expect(windows.week.to.toISOString()).toBe('2026-03-17T15:30:00.000Z');
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
    expect(windows.week.from.toISOString()).toBe('2026-03-10T15:30:00.000Z');
  });

  it('always starts now, with today inside the week inside the month', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (now) => {
        const { today, week, month } = upcomingWindows(now);
        for (const window of [today, week, month]) expect(window.from.getTime()).toBe(now.getTime());
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
