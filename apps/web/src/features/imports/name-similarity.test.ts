import { describe, expect, it } from 'vitest';
import { nameSimilarity, proposeByName } from './name-similarity';

describe('name similarity', () => {
  it('ignores case, spaces and punctuation, and scores partly shared names between 0 and 1', () => {
    expect(nameSimilarity('Alpha U.', 'alpha-u')).toBe(1);
    expect(nameSimilarity('Northview Owls', 'Northview Owls Esports')).toBeGreaterThan(0.7);
    expect(nameSimilarity('Owls', 'Foxes')).toBe(0);
  });

  it('proposes the most alike existing team for each platform team, and none when nothing is close', () => {
    const teams = [
      { id: 't1', name: 'Northview Owls' },
      { id: 't2', name: 'Northview Owls B' },
      { id: 't3', name: 'Cedar Ridge Phoenix' },
    ];
    expect(proposeByName(['northview owls', 'Cedar Ridge Phoenix Esports', 'Lakeside Sharks'], teams)).toEqual([
      { platformTeam: 'northview owls', teamId: 't1', teamName: 'Northview Owls', similarity: 1 },
      { platformTeam: 'Cedar Ridge Phoenix Esports', teamId: 't3', teamName: 'Cedar Ridge Phoenix', similarity: expect.any(Number) },
    ]);
  });
});
