import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankingItemsInput } from '@campus-elo/api-contract';
import { createTestDatabase, seedDemo, type TestDatabase } from '@campus-elo/db';
import { PROVISIONAL_MATCHES } from '@campus-elo/domain';
import { listRankingItems } from './queries';

// A saved week's lines carry the team's rated matches up to that week, and its provisional mark (issue 25).

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemo(t.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("a snapshot's lines", () => {
  it('count each team’s rated matches up to the snapshot’s date, provisional below the threshold', async () => {
    const rankings = await t.db.selectFrom('rankings').select(['id', 'date']).orderBy('date').execute();
    const applied = await t.db.selectFrom('matches').innerJoin('match_elo', 'match_elo.match_id', 'matches.id').select(['team1_id', 'team2_id', 'date']).execute();
    let provisionalSeen = 0;
    let establishedSeen = 0;
    // The first week (teams have played little) and the last (most have played enough).
    for (const ranking of [rankings[0]!, rankings.at(-1)!]) {
      const page = await listRankingItems(t.db, rankingItemsInput.parse({ ranking_id: ranking.id, page_size: 100 }));
      expect(page.results.length).toBeGreaterThan(0);
      for (const item of page.results) {
        const expected = applied.filter((m) => (m.team1_id === item.team.id || m.team2_id === item.team.id) && m.date !== null && m.date <= ranking.date).length;
        expect(item.rated_matches).toBe(expected);
        expect(item.provisional).toBe(expected < PROVISIONAL_MATCHES);
        if (item.provisional) provisionalSeen += 1;
        else establishedSeen += 1;
      }
    }
    expect(provisionalSeen).toBeGreaterThan(0);
    expect(establishedSeen).toBeGreaterThan(0);
  }, 60_000);
});
