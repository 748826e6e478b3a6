import { describe, expect, it } from 'vitest';
import { mapWinPercent } from './map-pool';

describe('mapWinPercent', () => {
  it('is the share of played maps won, 0..100', () => {
    expect(mapWinPercent(3, 4)).toBe(75);
    expect(mapWinPercent(0, 5)).toBe(0);
    expect(mapWinPercent(7, 7)).toBe(100);
  });

  it('is unknown without a map played (a team that only banned)', () => {
    expect(mapWinPercent(0, 0)).toBeNull();
  });
});
