import { describe, expect, it } from 'vitest';
import { isProvisional, PROVISIONAL_MATCHES, provisionalReason } from './provisional';

describe('provisional ratings', () => {
  it('is provisional below five rated matches and established from five on', () => {
    expect(PROVISIONAL_MATCHES).toBe(5);
    expect(isProvisional(0)).toBe(true);
    expect(isProvisional(4)).toBe(true);
    expect(isProvisional(5)).toBe(false);
    expect(isProvisional(12)).toBe(false);
  });

  it('names the matches played and the threshold', () => {
    expect(provisionalReason(3)).toBe('Provisional: 3 of 5 rated matches played');
  });
});
