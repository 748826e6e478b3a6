import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { semesterBounds, semesterName } from './semester';

describe('semesterName', () => {
  it('is Spring for January to June and Fall for July to December (UTC)', () => {
    expect(semesterName(new Date('2026-01-01T00:00:00Z'))).toBe('Spring 2026');
    expect(semesterName(new Date('2026-06-30T23:59:59.999Z'))).toBe('Spring 2026');
    expect(semesterName(new Date('2026-07-01T00:00:00Z'))).toBe('Fall 2026');
    expect(semesterName(new Date('2026-12-31T23:59:59.999Z'))).toBe('Fall 2026');
  });

  it('rejects an invalid date', () => {
    expect(() => semesterName(new Date('nope'))).toThrow(RangeError);
    expect(() => semesterBounds(new Date('nope'))).toThrow(RangeError);
  });
});

describe('semesterBounds', () => {
  it('gives the first and last day of the semester', () => {
    expect(semesterBounds(new Date('2026-03-15T12:00:00Z'))).toEqual({ name: 'Spring 2026', start: '2026-01-01', end: '2026-06-30' });
    expect(semesterBounds(new Date('2025-09-01T12:00:00Z'))).toEqual({ name: 'Fall 2025', start: '2025-07-01', end: '2025-12-31' });
  });

  it('contains the date it was asked about and agrees with semesterName', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-12-31T23:59:59Z'), noInvalidDate: true }), (date) => {
        const bounds = semesterBounds(date);
        const day = date.toISOString().slice(0, 10);
        expect(bounds.name).toBe(semesterName(date));
        expect(bounds.start <= day && day <= bounds.end).toBe(true);
      }),
    );
  });
});
