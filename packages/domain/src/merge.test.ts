import { describe, it, expect } from 'vitest';
import { MERGE_CONFIRMATION_PHRASE, isMergeConfirmation } from './merge';

describe('isMergeConfirmation', () => {
  it('has the phrase of docs/product.md', () => {
    expect(MERGE_CONFIRMATION_PHRASE).toBe('merge teams');
  });

  it.each(['merge teams', 'MERGE TEAMS', 'Merge Teams', '  merge teams  '])('accepts %j', (text) => {
    expect(isMergeConfirmation(text)).toBe(true);
  });

  it.each(['', 'merge', 'merge team', 'merge  teams', 'merge teams!', 'mergeteams'])('rejects %j', (text) => {
    expect(isMergeConfirmation(text)).toBe(false);
  });
});
