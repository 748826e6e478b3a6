import { describe, expect, it } from 'vitest';
import { pluralize } from './plural';

describe('pluralize', () => {
  it('writes "matches", never "matchess", and one of a thing in the singular', () => {
    expect(pluralize(1, 'match')).toBe('1 match');
    expect(pluralize(2, 'match')).toBe('2 matches');
    expect(pluralize(0, 'team')).toBe('0 teams');
    expect(pluralize(1, 'loss')).toBe('1 loss');
    expect(pluralize(3, 'loss')).toBe('3 losses');
    expect(pluralize(2, 'entry', 'entries')).toBe('2 entries');
  });
});
