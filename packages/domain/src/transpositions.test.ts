import { describe, expect, it } from 'vitest';
import { adjacentTranspositions } from './transpositions';

describe('adjacent transpositions for the search', () => {
  it('swaps each pair of neighbouring letters back once: "eclpise" gives "eclipse"', () => {
    expect(adjacentTranspositions('eclpise')).toContain('eclipse');
    expect(adjacentTranspositions('hwaks')).toEqual(['whaks', 'hawks', 'hwkas', 'hwask']);
  });

  it('leaves doubled letters, spaces and long queries alone', () => {
    expect(adjacentTranspositions('oo')).toEqual([]);
    expect(adjacentTranspositions('a b')).toEqual([]);
    expect(adjacentTranspositions('x'.repeat(10) + 'y'.repeat(20))).toEqual([]);
  });
});
