import { describe, expect, it } from 'vitest';
import { seasonEndsAt, seasonHasEnded } from './season-end';

describe('season end', () => {
  it('ends after the whole of its last day (UTC)', () => {
    expect(seasonEndsAt('2026-05-31').toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(seasonHasEnded('2026-05-31', new Date('2026-05-31T23:59:59Z'))).toBe(false);
    expect(seasonHasEnded('2026-05-31', new Date('2026-06-01T00:00:00Z'))).toBe(true);
  });
});
