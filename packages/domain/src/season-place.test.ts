import { describe, expect, it } from 'vitest';
import { compareSeasonPlace, SEASON_PLACE_ORDER, seasonPlaces } from './season-place';

describe('a team\'s place in a season', () => {
  it('orders by Elo (highest first), then name, then id, so no two teams share a place', () => {
    const places = seasonPlaces([
      { id: 'c', name: 'Titans', elo: 1500 },
      { id: 'b', name: 'Badgers', elo: 1500 },
      { id: 'a', name: 'Badgers', elo: 1500 },
      { id: 'd', name: 'Zebras', elo: 1700 },
    ]);
    expect([...places]).toEqual([
      ['d', 1],
      ['a', 2],
      ['b', 3],
      ['c', 4],
    ]);
  });

  it('names its order as keys the SQL can use', () => {
    expect(SEASON_PLACE_ORDER.map((key) => `${key.column} ${key.direction}`)).toEqual(['elo desc', 'name asc', 'id asc']);
    expect(compareSeasonPlace({ id: 'x', name: 'A', elo: 1 }, { id: 'y', name: 'A', elo: 2 })).toBeGreaterThan(0);
  });
});
