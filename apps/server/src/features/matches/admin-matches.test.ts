import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eloLedgerBreaks, selectMatchesWithElo } from '@campus-elo/db';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';

let t: StaffTestApp;
let admin: Record<string, string>;
let owner: Record<string, string>;
const team: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };

beforeAll(async () => {
  t = await createStaffTestApp();
  admin = await t.browserHeaders(t.admin);
  owner = await t.browserHeaders(t.owner);
  for (const key of ['a', 'b', 'c'] as const) {
    const row = await t.database.db.insertInto('teams').values({ name: `Team ${key.toUpperCase()}`, elo: 1000 }).returning('id').executeTakeFirstOrThrow();
    team[key] = row.id;
  }
});
afterAll(() => t.close());

interface WriteAnswer {
  match: { id: string; platform: string; manual_result: boolean; forfeit: boolean; status: string; winner_id: string | null } | null;
  dry_run: boolean;
  elo_changes: { team_id: string; team_name: string; before: number; after: number }[];
  elo_run_id: string | null;
}

const inject = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin) => t.app.inject({ method, url, headers, payload });
const create = (payload: object) => inject('POST', '/v1/matches/create/', payload);
const eloOf = async (id: string) => (await t.database.db.selectFrom('teams').select('elo').where('id', '=', id).executeTakeFirstOrThrow()).elo;
const matchCount = async () => Number((await t.database.db.selectFrom('matches').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** Every team's Elo and every match's Elo columns: what Recalculate All must leave alone. */
const ledgerState = async () => ({
  teams: await t.database.db.selectFrom('teams').select(['id', 'elo']).orderBy('id').execute(),
  matches: await selectMatchesWithElo(t.database.db).select(['id', 'elo_applied', 'team1_elo_before', 'team2_elo_before', 'team1_elo_change', 'team2_elo_change']).orderBy('id').execute(),
});

describe('matches by hand', () => {
  let first: string;
  let second: string;

  it('creates a forfeit by hand: platform manual, Elo moved, run and audit kept', async () => {
    const response = await create({
      team1_id: team.a,
      team2_id: team.b,
      date: '2026-01-10T18:00:00Z',
      status: 'completed',
      score_team1: 1,
      score_team2: 0,
      winner_id: team.a,
      forfeit: true,
    });
    expect(response.statusCode).toBe(201);
    const answer = response.json() as WriteAnswer;
    first = answer.match!.id;
    expect(answer.match).toMatchObject({ platform: 'manual', manual_result: true, forfeit: true, status: 'completed', winner_id: team.a });
    expect(answer.dry_run).toBe(false);
    expect(answer.elo_changes).toEqual([
      { team_id: team.a, team_name: 'Team A', before: 1000, after: 1075 },
      { team_id: team.b, team_name: 'Team B', before: 1000, after: 925 },
    ]);
    expect(answer.elo_run_id).toEqual(expect.any(String));
    expect(await eloOf(team.a)).toBe(1075);

    const forForm = await t.app.inject({ method: 'GET', url: `/trpc/admin.matches.get?input=${encodeURIComponent(JSON.stringify({ id: first }))}`, headers: admin });
    expect((forForm.json() as { result: { data: unknown } }).result.data).toEqual(answer.match);

    const publicItem = await t.app.inject({ method: 'GET', url: `/v1/public/matches/${first}` });
    expect(publicItem.json()).toMatchObject({ platform: 'manual' });
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('entity', '=', 'match').where('action', '=', 'create').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ user_id: t.admin.id, entity_ids: [first] });
    const run = await t.database.db.selectFrom('elo_run_changes').selectAll().where('run_id', '=', answer.elo_run_id!).execute();
    expect(run).toHaveLength(2);
  });

  it('answers a dry run without writing', async () => {
    const count = await matchCount();
    const response = await create({ team1_id: team.b, team2_id: team.c, date: '2026-01-20', status: 'completed', winner_id: team.b, dry_run: true });
    expect(response.statusCode).toBe(201);
    const answer = response.json() as WriteAnswer;
    expect(answer.dry_run).toBe(true);
    expect(answer.elo_run_id).toBeNull();
    expect(answer.elo_changes.map((c) => c.team_id).sort()).toEqual([team.b, team.c].sort());
    expect(await matchCount()).toBe(count);
    expect(await eloOf(team.b)).toBe(925);
  });

  it('corrects an earlier result: replays the later ones, and Recalculate All then changes nothing', async () => {
    second = ((await create({ team1_id: team.b, team2_id: team.c, date: '2026-01-20', status: 'completed', winner_id: team.b })).json() as WriteAnswer).match!.id;
    const cBefore = await eloOf(team.c);

    const preview = await inject('PUT', `/v1/matches/${first}/`, { winner_id: team.b, score_team1: 0, score_team2: 1, dry_run: true });
    expect(preview.statusCode).toBe(200);
    const previewAnswer = preview.json() as WriteAnswer;
    expect(await eloOf(team.a)).toBe(1075);

    const response = await inject('PUT', `/v1/matches/${first}/`, { winner_id: team.b, score_team1: 0, score_team2: 1 });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as WriteAnswer;
    expect(answer.elo_changes).toEqual(previewAnswer.elo_changes);
    // Both teams of the corrected match, and C, whose later match started from B's Elo.
    expect(answer.elo_changes.map((c) => c.team_id).sort()).toEqual([team.a, team.b, team.c].sort());
    expect(await eloOf(team.a)).toBe(925);
    expect(await eloOf(team.c)).not.toBe(cBefore);
    expect(await eloLedgerBreaks(t.database.db)).toEqual([]);

    const state = await ledgerState();
    const recalculate = await inject('POST', '/v1/team-elo/recalculate/', { reset_to_default: false }, owner);
    expect(recalculate.statusCode).toBe(200);
    expect(await ledgerState()).toEqual(state);
  });

  it('deletes a match: ?dry_run=true answers the effect only, then the Elo goes back', async () => {
    const state = await ledgerState();
    const preview = await t.app.inject({ method: 'DELETE', url: `/v1/matches/${second}/?dry_run=true`, headers: admin });
    expect(preview.statusCode).toBe(200);
    expect((preview.json() as WriteAnswer).elo_changes.length).toBe(2);
    expect(await ledgerState()).toEqual(state);

    const response = await inject('DELETE', `/v1/matches/${second}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ match: null, dry_run: false });
    expect(await eloOf(team.c)).toBe(1000);
    expect(await eloLedgerBreaks(t.database.db)).toEqual([]);
  });

  it('answers 400 for what is not a match, 404 for unknown ids', async () => {
    const statuses = await Promise.all([
      create({ team1_id: team.a, team2_id: team.a, status: 'scheduled' }),
      create({ team1_id: team.a, team2_id: team.b, status: 'completed', winner_id: team.c }),
      create({ team1_id: team.a, team2_id: team.b, status: 'done' }),
      create({ team1_id: team.a, team2_id: team.b, status: 'completed', score_team1: 'abc' }),
      create({ team1_id: 'nope', team2_id: team.b, status: 'scheduled' }),
      inject('PUT', `/v1/matches/${first}/`, { team2_id: team.a }),
      inject('PUT', `/v1/matches/${first}/`, { winner_id: team.c }),
    ]).then((responses) => responses.map((r) => r.statusCode));
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400]);

    const unknown = '00000000-0000-4000-8000-000000000000';
    const notFound = await Promise.all([
      create({ team1_id: team.a, team2_id: unknown, status: 'scheduled' }),
      create({ team1_id: team.a, team2_id: team.b, status: 'scheduled', season_id: unknown }),
      inject('PUT', `/v1/matches/${unknown}/`, { status: 'completed' }),
      inject('DELETE', `/v1/matches/${unknown}/`),
    ]).then((responses) => responses.map((r) => [r.statusCode, (r.json() as { error: string }).error]));
    expect(notFound).toEqual([
      [404, 'Team not found'],
      [404, 'Season not found'],
      [404, 'Match not found'],
      [404, 'Match not found'],
    ]);
  });
});
