import { describe, expect, it } from 'vitest';
import { countOf, possessive } from './wording';

describe('wording', () => {
  it('writes "1 loss" and "2 losses", never "1 losses"', () => {
    expect(countOf(1, 'loss', 'losses')).toBe('1 loss');
    expect(countOf(2, 'loss', 'losses')).toBe('2 losses');
    expect(countOf(0, 'win', 'wins')).toBe('0 wins');
  });

  it('writes "Griffins\'" for a name ending in s, never "Griffins\'s"', () => {
    expect(possessive('Westbrook Griffins')).toBe("Westbrook Griffins'");
    expect(possessive('Northfield Phoenix')).toBe("Northfield Phoenix's");
  });
});
