import { describe, expect, it } from 'vitest';
import { formatFullDate, formatRelativeTime } from './relative-time';

const now = Date.parse('2026-11-22T12:00:00Z');

describe('formatRelativeTime', () => {
  it('uses the largest whole unit', () => {
    expect(formatRelativeTime('2026-11-22T11:59:30Z', now)).toBe('just now');
    expect(formatRelativeTime('2026-11-22T11:15:00Z', now)).toBe('45 minutes ago');
    expect(formatRelativeTime('2026-11-22T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-11-21T10:00:00Z', now)).toBe('yesterday');
    expect(formatRelativeTime('2026-11-18T17:30:00Z', now)).toBe('3 days ago');
    expect(formatRelativeTime('2026-11-10T14:00:00Z', now)).toBe('last week');
    expect(formatRelativeTime('2026-10-20T15:30:00Z', now)).toBe('last month');
    expect(formatRelativeTime('2026-08-24T15:00:00Z', now)).toBe('2 months ago');
    expect(formatRelativeTime('2024-11-01T00:00:00Z', now)).toBe('2 years ago');
    expect(formatRelativeTime('2026-11-22T14:00:00Z', now)).toBe('in 2 hours');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatRelativeTime('soon', now)).toBe('');
    expect(formatFullDate('soon', 'America/New_York')).toBe('');
  });
});
