import { describe, expect, it } from 'vitest';
import { pluralize, possessive } from './wording';

describe('pluralize', () => {
  it('writes "matches", never "matchess", and one of a thing in the singular', () => {
    expect(pluralize(1, 'match')).toBe('1 match');
    expect(pluralize(2, 'match')).toBe('2 matches');
    expect(pluralize(0, 'team')).toBe('0 teams');
    expect(pluralize(1, 'loss')).toBe('1 loss');
    expect(pluralize(3, 'loss')).toBe('3 losses');
    expect(pluralize(2, 'entry', 'entries')).toBe('2 entries');
  });

  it('writes "1 loss" and "2 losses", never "1 losses"', () => {
    expect(pluralize(1, 'loss', 'losses')).toBe('1 loss');
    expect(pluralize(2, 'loss', 'losses')).toBe('2 losses');
    expect(pluralize(0, 'win', 'wins')).toBe('0 wins');
    expect(pluralize(1, 'loss')).toBe('1 loss');
    expect(pluralize(2, 'loss')).toBe('2 losses');
    expect(pluralize(0, 'win')).toBe('0 wins');
  });
});

describe('possessive', () => {
  it('writes "Griffins\'" for a name ending in s, never "Griffins\'s"', () => {
    expect(possessive('Westbrook Griffins')).toBe("Westbrook Griffins'");
    expect(possessive('Northfield Phoenix')).toBe("Northfield Phoenix's");
  });
});
