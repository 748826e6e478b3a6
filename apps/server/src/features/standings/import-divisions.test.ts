import type { ImportMatchesInput } from '@campus-elo/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceitChampionship } from '../../../test-support/fakes';
import { secondsFromNow, setUpImports, type ImportsTestSetup } from '../imports/testing';

let setup: ImportsTestSetup;
let seasonId: string;

beforeAll(async () => {
  setup = await setUpImports();
  ({ id: seasonId } = await setup.database.db.insertInto('seasons').values({ name: 'Fall Test', start_date: '2025-07-01', end_date: '2025-12-31' }).returning('id').executeTakeFirstOrThrow());
});
afterAll(() => setup.close());

describe('divisions at import', () => {
  it("places the imported teams into the division that names the competition as its source, in the import's transaction", async () => {
    setup.faceit.setChampionship('necc-fall', faceitChampionship({ championshipId: 'necc-fall', count: 12, teams: 6, startAt: secondsFromNow(-40), name: 'NECC Fall' }));
    const preview = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: 'necc-fall' });
    const input: ImportMatchesInput = { platform: 'faceit', competition_name: 'NECC Fall', season_id: seasonId, type: 'league', data: { items: preview.items as ImportMatchesInput['data']['items'] }, participant_matches: {} };
    await setup.caller.admin.imports.commit(input);
    const db = setup.database.db;
    // No division names the championship yet: nobody is placed.
    expect(await db.selectFrom('division_teams').select('team_id').execute()).toEqual([]);

    const competition = await db.selectFrom('competitions').select('id').where('external_id', '=', 'necc-fall').executeTakeFirstOrThrow();
    const division = await setup.caller.admin.divisions.create({ season_id: seasonId, name: 'NECC', source_competition_id: competition.id });
    await setup.caller.admin.imports.commit(input);
    const placed = await db.selectFrom('division_teams').select(['team_id', 'division_id']).execute();
    expect(placed).toHaveLength(6);
    expect(placed.every((row) => row.division_id === division.id)).toBe(true);
    const audit = await db.selectFrom('audit_log').select('details').where('action', '=', 'import').orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ division_teams_placed: 6 });
  }, 60_000);
});
