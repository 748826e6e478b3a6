import { describe, expect, it } from 'vitest';
import { moveTo } from './SeedOrder';

describe('moveTo', () => {
  it('moves one id to another place and shifts the rest', () => {
    expect(moveTo(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveTo(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTo(['a', 'b'], 1, 9)).toEqual(['a', 'b']);
  });
});
