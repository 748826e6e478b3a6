import { teamListInput } from '@campus-elo/api-contract';
import { createTestDatabase, setMatchElo, type TestDatabase } from '@campus-elo/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, insertLeague } from '../../../test/league-fixture';
import { listTeams } from './queries';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await insertLeague(database.db);
  // Three rated results: Alpha beat Beta and Gamma beat Beta in the fall; Epsilon beat Alpha in the spring.
  for (const id of [ids.fallOpener, ids.fallFinal, ids.springOpener]) await setMatchElo(database.db, id, { team1_elo_before: 1000, team2_elo_before: 1000, team1_elo_change: 0, team2_elo_change: 0 });
});
afterAll(() => database.close());

const now = { currentSeasonId: undefined, day: '2026-11-22' };

describe('the rankings list: movement since last week and W-L', () => {
  it("gives each team its rank in the season's latest snapshot and its rated wins and losses in the season", async () => {
    const fall = await listTeams(database.db, teamListInput.parse({ season_id: ids.fall, sort: 'elo' }), now);
    const byId = new Map(fall.results.map((team) => [team.id, team]));
    expect(byId.get(ids.alpha)).toMatchObject({ previous_rank: 1, wins: 1, losses: 0 });
    expect(byId.get(ids.gamma)).toMatchObject({ previous_rank: 2, wins: 1, losses: 0 });
    expect(byId.get(ids.beta)).toMatchObject({ previous_rank: 3, wins: 0, losses: 2 });
    expect(byId.get(ids.delta)).toMatchObject({ previous_rank: 4, wins: 0, losses: 0 });
  });

  it('counts every season without one, and says null for a team last week did not rank (new)', async () => {
    const all = await listTeams(database.db, teamListInput.parse({ sort: 'elo', page_size: 50 }), now);
    const byId = new Map(all.results.map((team) => [team.id, team]));
    expect(byId.get(ids.alpha)).toMatchObject({ previous_rank: 1, wins: 1, losses: 1 });
    expect(byId.get(ids.epsilon)).toMatchObject({ previous_rank: null, wins: 1, losses: 0 });
  });
});
