import { describe, expect, it } from 'vitest';
import { scoreUnit } from './score-unit';

describe('what a score counts', () => {
  it('reads a series score (2-0, 2-1, 3-2) as maps and a map score (13-9, 16-14) as rounds', () => {
    expect(scoreUnit(2, 0)).toBe('maps');
    expect(scoreUnit(1, 2)).toBe('maps');
    expect(scoreUnit(3, 2)).toBe('maps');
    expect(scoreUnit(13, 9)).toBe('rounds');
    expect(scoreUnit(14, 16)).toBe('rounds');
    expect(scoreUnit(4, 13)).toBe('rounds');
  });

  it('has no unit without a score', () => {
    expect(scoreUnit(null, 3)).toBeNull();
  });
});
