import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eloLedgerBreaks } from '@campus-elo/db';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';

let t: StaffTestApp;
let admin: Record<string, string>;
let owner: Record<string, string>;
const team: Record<'a' | 'b', string> = { a: '', b: '' };

beforeAll(async () => {
  t = await createStaffTestApp();
  admin = await t.browserHeaders(t.admin);
  owner = await t.browserHeaders(t.owner);
  const db = t.database.db;
  const [a, b] = await db.insertInto('teams').values([{ name: 'Alpha', elo: 1000 }, { name: 'Bravo', elo: 1000 }]).returning('id').execute();
  team.a = a!.id;
  team.b = b!.id;
  await db
    .insertInto('players')
    .values([
      { name: 'a1', elo: 1400, team_id: team.a },
      { name: 'a2', elo: 1400, team_id: team.a },
      { name: 'b1', elo: 1100, team_id: team.b },
      { name: 'b2', elo: 1100, team_id: team.b },
    ])
    .execute();
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload });
const undo = (runId: string, headers = owner) => post(`/v1/elo-runs/${runId}/undo/`, headers);
const eloOf = async (id: string) => (await t.database.db.selectFrom('teams').select('elo').where('id', '=', id).executeTakeFirstOrThrow()).elo;

interface RunAnswer {
  elo_changes: { team_id: string; team_name: string; before: number; after: number }[];
  elo_run_id: string | null;
}

describe('Elo runs and undo', () => {
  it('Calculate Team Elo lists its changes, largest first, and undo puts them back', async () => {
    const response = await post('/v1/team-elo/calculate/', admin);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as RunAnswer;
    expect(answer.elo_changes).toEqual([
      { team_id: team.a, team_name: 'Alpha', before: 1000, after: 1400 },
      { team_id: team.b, team_name: 'Bravo', before: 1000, after: 1100 },
    ]);

    // Restoring is for the owner.
    expect((await undo(answer.elo_run_id!, admin)).statusCode).toBe(403);
    const undone = await undo(answer.elo_run_id!);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ run_id: answer.elo_run_id, elo_changes: [{ team_id: team.a, before: 1400, after: 1000 }, { team_id: team.b, before: 1100, after: 1000 }] });
    expect([await eloOf(team.a), await eloOf(team.b)]).toEqual([1000, 1000]);
    expect(await t.database.db.selectFrom('elo_adjustments').select('id').where('run_id', '=', answer.elo_run_id!).execute()).toEqual([]);
    expect(await eloLedgerBreaks(t.database.db)).toEqual([]);

    const again = await undo(answer.elo_run_id!);
    expect(again.statusCode).toBe(409);
    expect((again.json() as { error: string }).error).toContain('already undone');
  });

  it('refuses (409, with the reason) when something written since touches the same rows', async () => {
    const answer = (await post('/v1/team-elo/calculate/', admin)).json() as RunAnswer;
    const edit = await t.app.inject({ method: 'PUT', url: `/v1/teams/${team.a}/`, headers: admin, payload: { name: 'Alpha', elo: 1234 } });
    expect(edit.statusCode).toBe(200);
    const refused = await undo(answer.elo_run_id!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "Alpha's Elo is 1234 now, not the 1400 this run left: something changed it since" });
    expect(await eloOf(team.a)).toBe(1234);
  });

  it('undoes match edits newest first, through the ledger', async () => {
    const created = (await post('/v1/matches/create/', admin, { team1_id: team.a, team2_id: team.b, status: 'completed', date: '2030-01-01', winner_id: team.a })).json() as RunAnswer & {
      match: { id: string };
    };
    const corrected = (
      await t.app.inject({ method: 'PUT', url: `/v1/matches/${created.match.id}/`, headers: admin, payload: { winner_id: team.b } })
    ).json() as RunAnswer;
    const refused = await undo(created.elo_run_id!);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { error: string }).error).toContain('A later run changed the same rows');

    expect((await undo(corrected.elo_run_id!)).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('matches').select('winner_id').where('id', '=', created.match.id).executeTakeFirstOrThrow()).toEqual({ winner_id: team.a });
    expect((await undo(created.elo_run_id!)).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('matches').select('id').where('id', '=', created.match.id).executeTakeFirst()).toBeUndefined();
    expect([await eloOf(team.a), await eloOf(team.b)]).toEqual([1234, 1100]);
    expect(await eloLedgerBreaks(t.database.db)).toEqual([]);
  });

  it('undoes Recalculate All with reset to default: starting Elo and adjustments come back', async () => {
    const before = [await eloOf(team.a), await eloOf(team.b)];
    const adjustments = await t.database.db.selectFrom('elo_adjustments').select('id').execute();
    const response = await post('/v1/team-elo/recalculate/', owner, { reset_to_default: true, default_elo: 1000 });
    const answer = response.json() as RunAnswer;
    expect([await eloOf(team.a), await eloOf(team.b)]).toEqual([1000, 1000]);
    expect(answer.elo_changes.map((c) => c.team_name)).toEqual(['Alpha', 'Bravo']);

    expect((await undo(answer.elo_run_id!)).statusCode).toBe(200);
    expect([await eloOf(team.a), await eloOf(team.b)]).toEqual(before);
    expect((await t.database.db.selectFrom('elo_adjustments').select('id').execute()).length).toBe(adjustments.length);
    expect(await eloLedgerBreaks(t.database.db)).toEqual([]);
  });

  it('undoes Reset Player Elo', async () => {
    const response = await post('/v1/player-elo/reset/', owner, { default_elo: 1000, default_skill_level: 1 });
    const answer = response.json() as { player_changes: { player_name: string; before: number }[]; player_changes_total: number; elo_run_id: string };
    expect(answer.player_changes_total).toBe(4);
    expect(answer.player_changes[0]).toMatchObject({ before: 1400 });
    expect((await undo(answer.elo_run_id)).statusCode).toBe(200);
    const players = await t.database.db.selectFrom('players').select(['name', 'elo']).orderBy('name').execute();
    expect(players.map((p) => p.elo)).toEqual([1400, 1400, 1100, 1100]);
  });

  it('answers 404 for an unknown run and 400 for a malformed id', async () => {
    expect((await undo('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await undo('nope')).statusCode).toBe(400);
  });
});

describe('GET /v1/audit/', () => {
  it('answers the log newest first, paged and filtered, with before -> after', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/audit/?page_size=3', headers: admin });
    expect(response.statusCode).toBe(200);
    const page = response.json() as { count: number; results: { action: string; at: string }[] };
    expect(page.results).toHaveLength(3);
    expect(page.count).toBeGreaterThan(5);
    expect(page.results[0]!.action).toBe('undo');
    const times = page.results.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);

    const edits = await t.app.inject({ method: 'GET', url: `/v1/audit/?action=update&actor=${t.admin.id}`, headers: admin });
    const teamEdit = (edits.json() as { results: { entity: string; actor: { email: string }; changes: { field: string; before: unknown; after: unknown }[] }[] }).results.find(
      (r) => r.entity === 'team',
    );
    expect(teamEdit).toMatchObject({ actor: { email: t.admin.email }, changes: [{ field: 'elo', before: 1400, after: 1234 }] });

    // A tool run's row names its Elo run, and whether it was undone, for the Undo button.
    const runs = (await t.app.inject({ method: 'GET', url: '/v1/audit/?action=calculate_elo', headers: admin })).json() as { results: { elo_run: { id: string; undone_at: string | null } | null }[] };
    expect(runs.results.map((r) => r.elo_run?.undone_at === null)).toEqual([true, false]);

    const none = await t.app.inject({ method: 'GET', url: `/v1/audit/?actor=${t.owner.id}&action=update`, headers: admin });
    expect((none.json() as { count: number }).count).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/v1/audit/?actor=nope', headers: admin })).statusCode).toBe(400);
  });
});
