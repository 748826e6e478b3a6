import type { AdminDivision, DivisionAssignOutput, StandingsOutput, StandingsStakesOutput, TeamStandingOutput } from '@campus-elo/api-contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';
import { refreshDivisionChances } from './chances';

let t: StaffTestApp;
let headers: Record<string, string>;
let seasonId: string;
let otherSeasonId: string;
const team: Record<string, string> = {};
const match: Record<string, string> = {};
const competition: Record<string, string> = {};

const DAY = 86_400_000;
const base = Date.parse('2027-02-01T18:00:00Z');

beforeAll(async () => {
  t = await createStaffTestApp();
  headers = await t.browserHeaders(t.admin);
  const db = t.database.db;
  ({ id: seasonId } = await db.insertInto('seasons').values({ name: 'Spring 2027', start_date: '2027-01-10', end_date: '2027-05-01' }).returning('id').executeTakeFirstOrThrow());
  ({ id: otherSeasonId } = await db.insertInto('seasons').values({ name: 'Fall 2026', start_date: '2026-09-01', end_date: '2026-12-01' }).returning('id').executeTakeFirstOrThrow());
  for (const [name, elo] of [['Aces', 1300], ['Bears', 1200], ['Cobras', 1100], ['Dingos', 1000], ['Eagles', 1250], ['Falcons', 900], ['Geckos', 800]] as const) {
    team[name[0] as string] = (await db.insertInto('teams').values({ name, elo }).returning('id').executeTakeFirstOrThrow()).id;
  }
  for (const [key, name] of [['east', 'NECC Spring'], ['west', 'Playfly Spring']] as const) {
    competition[key] = (
      await db
        .insertInto('competitions')
        .values({ name, platform: key === 'east' ? 'faceit' : 'leaguespot', external_id: `ext-${key}`, season_id: seasonId, type: 'league' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  // East: A beat B 2-0, C beat D 2-1, B beat C 2-0; A-D, B-D and C-A still to play. A beat E across divisions.
  const add = async (key: string, a: string, b: string, day: number, result: { score: [number, number]; winner: string; forfeit?: boolean } | 'scheduled' | 'cancelled', comp: string) => {
    match[key] = (
      await db
        .insertInto('matches')
        .values({
          platform: 'faceit',
          external_id: randomUUID(),
          team1_id: team[a] as string,
          team2_id: team[b] as string,
          season_id: seasonId,
          competition_id: competition[comp] as string,
          date: new Date(base + day * DAY),
          status: typeof result === 'string' ? result : 'completed',
          score_team1: typeof result === 'string' ? null : result.score[0],
          score_team2: typeof result === 'string' ? null : result.score[1],
          winner_id: typeof result === 'string' ? null : (team[result.winner] as string),
          forfeit: typeof result === 'string' ? false : (result.forfeit ?? false),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  await add('AB', 'A', 'B', 0, { score: [2, 0], winner: 'A' }, 'east');
  await add('CD', 'C', 'D', 1, { score: [2, 1], winner: 'C' }, 'east');
  await add('BC', 'B', 'C', 2, { score: [2, 0], winner: 'B' }, 'east');
  await add('AE', 'A', 'E', 3, { score: [2, 0], winner: 'A' }, 'west');
  await add('AC-cancelled', 'A', 'C', 4, 'cancelled', 'east');
  await add('EF', 'E', 'F', 5, { score: [1, 0], winner: 'E', forfeit: true }, 'west');
  await add('AD', 'A', 'D', 10, 'scheduled', 'east');
  await add('BD', 'B', 'D', 11, 'scheduled', 'east');
  await add('CA', 'C', 'A', 12, 'scheduled', 'east');
  await add('EF2', 'E', 'F', 13, 'scheduled', 'west');
}, 120_000);
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object, withHeaders = true) =>
  t.app.inject({ method, url, headers: withHeaders ? headers : {}, ...(payload ? { payload } : {}) });
const get = async <T>(url: string) => {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as T };
};
const divisionId = async (name: string, season = seasonId) => (await t.database.db.selectFrom('divisions').select('id').where('name', '=', name).where('season_id', '=', season).executeTakeFirstOrThrow()).id;

describe('staff divisions (/v1/divisions/)', () => {
  it('creates a division with the default rule, last in order, and audits it', async () => {
    const response = await send('POST', '/v1/divisions/create/', { season_id: seasonId, name: 'East', lines: [{ place: 2, label: 'Playoffs', kind: 'qualify' }, { place: 4, label: 'Relegation', kind: 'relegate' }] });
    expect(response.statusCode).toBe(201);
    const division = response.json() as AdminDivision;
    expect(division).toMatchObject({ name: 'East', order: 1, points_win: 1, points_loss: 0, tiebreakers: ['head_to_head', 'map_diff', 'round_diff', 'elo'], forfeits: 'count', teams: [] });
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('entity', '=', 'division').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ user_id: t.admin.id, action: 'create', entity_ids: [division.id] });
    const west = await send('POST', '/v1/divisions/create/', { season_id: seasonId, name: 'West', forfeits: 'ignore' });
    expect((west.json() as AdminDivision).order).toBe(2);
  });

  it.each([
    ['no name', { tiebreakers: ['elo'] }, 'name'],
    ['an unknown tiebreaker', { name: 'X', tiebreakers: ['coin_toss'] }, 'tiebreakers'],
    ['a tiebreaker twice', { name: 'X', tiebreakers: ['elo', 'elo'] }, 'Each tiebreaker may be chosen once'],
    ['a line at place 0', { name: 'X', lines: [{ place: 0, label: 'P', kind: 'qualify' }] }, 'Place must be 1 or more'],
    ['a line of another kind', { name: 'X', lines: [{ place: 2, label: 'P', kind: 'promote' }] }, 'kind'],
    ['two lines with one label', { name: 'X', lines: [{ place: 2, label: 'P', kind: 'qualify' }, { place: 3, label: 'p', kind: 'relegate' }] }, 'Line labels must differ'],
    ['an unknown forfeit rule', { name: 'X', forfeits: 'sometimes' }, 'forfeits'],
  ])('answers 400 for %s', async (_label, payload, words) => {
    const response = await send('POST', '/v1/divisions/create/', { season_id: seasonId, ...payload });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { error: string }).error).toContain(words);
  });

  it('answers 404 for an unknown season, 409 for a name taken in the season (ignoring case), 400 for an unknown source competition', async () => {
    expect((await send('POST', '/v1/divisions/create/', { season_id: randomUUID(), name: 'North' })).statusCode).toBe(404);
    const taken = await send('POST', '/v1/divisions/create/', { season_id: seasonId, name: 'east' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: "The season already has a division named 'East'" });
    const source = await send('POST', '/v1/divisions/create/', { season_id: seasonId, name: 'North', source_competition_id: randomUUID() });
    expect(source.statusCode).toBe(400);
    expect((source.json() as { error: string }).error).toContain('No competition has this id');
  });

  it('is for staff only', async () => {
    expect((await send('GET', `/v1/divisions/?season_id=${seasonId}`, undefined, false)).statusCode).toBe(401);
    expect((await send('POST', '/v1/divisions/create/', { season_id: seasonId, name: 'Sneaky' }, false)).statusCode).toBe(401);
  });

  it("sets a division's teams; a team already in another division of the season is refused whole (409), an unknown one is 400", async () => {
    const east = await divisionId('East');
    const west = await divisionId('West');
    const set = await send('PUT', `/v1/divisions/${east}/teams/`, { team_ids: [team.A, team.B, team.C, team.D] });
    expect(set.statusCode).toBe(200);
    expect((set.json() as AdminDivision).teams.map((x) => x.name)).toEqual(['Aces', 'Bears', 'Cobras', 'Dingos']);
    const clash = await send('PUT', `/v1/divisions/${west}/teams/`, { team_ids: [team.E, team.F, team.A] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ error: "'Aces' is already in division 'East' this season: a team plays in one division per season" });
    // The refused call wrote nothing (one transaction).
    expect(await t.database.db.selectFrom('division_teams').select('team_id').where('division_id', '=', west).execute()).toEqual([]);
    const unknown = await send('PUT', `/v1/divisions/${west}/teams/`, { team_ids: [randomUUID()] });
    expect(unknown.statusCode).toBe(400);
    expect((await send('PUT', `/v1/divisions/${west}/teams/`, { team_ids: [team.E, team.F] })).statusCode).toBe(200);
    // Another season is another matter: the same team may play in a division there.
    const fall = (await send('POST', '/v1/divisions/create/', { season_id: otherSeasonId, name: 'East' })).json() as AdminDivision;
    expect((await send('PUT', `/v1/divisions/${fall.id}/teams/`, { team_ids: [team.A] })).statusCode).toBe(200);
  });

  it('reorders the divisions of a season; every one must be named once (400 otherwise)', async () => {
    const east = await divisionId('East');
    const west = await divisionId('West');
    const missing = await send('PUT', '/v1/divisions/order/', { season_id: seasonId, ids: [west] });
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as { error: string }).error).toContain('Every division of the season must be listed');
    const reordered = await send('PUT', '/v1/divisions/order/', { season_id: seasonId, ids: [west, east] });
    expect(reordered.statusCode).toBe(200);
    expect((reordered.json() as { results: AdminDivision[] }).results.map((d) => d.name)).toEqual(['West', 'East']);
    await send('PUT', '/v1/divisions/order/', { season_id: seasonId, ids: [east, west] });
  });
});

describe('GET /v1/public/standings', () => {
  it('ranks by points and names the tiebreaker that decided each tied place', async () => {
    const { status, body } = await get<StandingsOutput>(`/v1/public/standings?season_id=${seasonId}`);
    expect(status).toBe(200);
    expect(body.season).toEqual({ id: seasonId, name: 'Spring 2027' });
    expect(body.divisions.map((d) => d.name)).toEqual(['East', 'West']);
    const east = body.divisions[0]!;
    expect(east.remaining).toBe(3);
    expect(east.lines).toEqual([{ place: 2, label: 'Playoffs', kind: 'qualify' }, { place: 4, label: 'Relegation', kind: 'relegate' }]);
    // A, B and C have a point each: head-to-head among them puts C third; A and B are level on it, and map difference puts A first.
    expect(east.rows.map((r) => [r.place, r.team.name, r.points, r.tiebreak])).toEqual([
      [1, 'Aces', 1, 'map_diff'],
      [2, 'Bears', 1, 'map_diff'],
      [3, 'Cobras', 1, 'head_to_head'],
      [4, 'Dingos', 0, null],
    ]);
    // A's win over E is across divisions, the cancelled match counts for nobody.
    expect(east.rows[0]).toMatchObject({ played: 1, wins: 1, losses: 0, map_diff: 2, form: ['W'], elo: 1300, team: { id: team.A, name: 'Aces', picture: null } });
    expect(east.rows[1]).toMatchObject({ played: 2, form: ['W', 'L'], map_diff: 0 });
    expect(east.rows[0]!.chances).toBeNull();
  });

  it('counts forfeits as the division says', async () => {
    const { body } = await get<StandingsOutput>(`/v1/public/standings?season_id=${seasonId}&division_id=${await divisionId('West')}`);
    expect(body.divisions.map((d) => d.name)).toEqual(['West']);
    expect(body.divisions[0]!.rows.map((r) => r.played)).toEqual([0, 0]);
  });

  it('answers the chances once the job has simulated them, and says when they are out of date', async () => {
    expect(await refreshDivisionChances(t.database.db, {}, 2000)).toEqual({ divisions: 3, simulated: 3 });
    let { body } = await get<StandingsOutput>(`/v1/public/standings?season_id=${seasonId}`);
    const east = body.divisions[0]!;
    expect(east.chances_current).toBe(true);
    expect(east.chances_updated_at).not.toBeNull();
    for (const row of east.rows) {
      expect(row.chances!.places).toHaveLength(4);
      expect(row.chances!.places.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      expect(row.chances!.lines.Playoffs).toBeCloseTo(row.chances!.places[0]! + row.chances!.places[1]!, 9);
    }
    // Dingos can still reach 2nd only by winning both its matches.
    expect(east.rows[3]!.chances!.lines.Relegation).toBeGreaterThan(0.3);
    // Nothing changed: a second run simulates nothing.
    expect(await refreshDivisionChances(t.database.db, {}, 2000)).toEqual({ divisions: 3, simulated: 0 });
    await t.database.db.updateTable('matches').set({ status: 'completed', score_team1: 2, score_team2: 0, winner_id: team.A }).where('id', '=', match.AD!).execute();
    ({ body } = await get<StandingsOutput>(`/v1/public/standings?season_id=${seasonId}`));
    expect(body.divisions[0]!.chances_current).toBe(false);
    expect(body.divisions[0]!.remaining).toBe(2);
    expect(await refreshDivisionChances(t.database.db, {}, 2000)).toMatchObject({ simulated: 1 });
    ({ body } = await get<StandingsOutput>(`/v1/public/standings?season_id=${seasonId}`));
    expect(body.divisions[0]!.chances_current).toBe(true);
    expect(body.divisions[0]!.rows[0]).toMatchObject({ team: { name: 'Aces' }, points: 2 });
  });

  it('answers 404 for an unknown season or division, and for a division of another season; 400 for an id that is not one', async () => {
    expect((await get(`/v1/public/standings?season_id=${randomUUID()}`)).status).toBe(404);
    const unknownDivision = await get<{ error: string }>(`/v1/public/standings?division_id=${randomUUID()}`);
    expect(unknownDivision).toEqual({ status: 404, body: { error: 'Division not found' } });
    expect((await get(`/v1/public/standings?season_id=${otherSeasonId}&division_id=${await divisionId('West')}`)).status).toBe(404);
    expect((await get('/v1/public/standings?season_id=nope')).status).toBe(400);
  });
});

describe('GET /v1/public/teams/{id}/standing', () => {
  it("answers the team's division, place and chances; null for a team in no division; 404 for no team", async () => {
    const { status, body } = await get<TeamStandingOutput>(`/v1/public/teams/${team.B}/standing?season_id=${seasonId}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ season: { id: seasonId }, division: { name: 'East' }, of: 4, lines: [{ label: 'Playoffs' }, { label: 'Relegation' }] });
    expect(body!.chances).not.toBeNull();
    expect((await get(`/v1/public/teams/${team.G}/standing?season_id=${seasonId}`)).body).toBeNull();
    expect((await get(`/v1/public/teams/${randomUUID()}/standing`)).status).toBe(404);
  });
});

describe('GET /v1/public/standings/stakes', () => {
  it("answers each remaining division match's stakes for the first qualify line, leaving other matches out", async () => {
    const { status, body } = await get<StandingsStakesOutput>(`/v1/public/standings/stakes?match_ids=${match.BD},${match.CA},${match.AB},${match.EF2},${randomUUID()}`);
    expect(status).toBe(200);
    // AB is played; West has no qualify line; the random id is no match.
    expect(body.results.map((r) => r.match_id)).toEqual([match.BD, match.CA]);
    const stake = body.results[0]!;
    expect(stake).toMatchObject({ division: { name: 'East' }, line: 'Playoffs', team1: { team: { name: 'Bears' } }, team2: { team: { name: 'Dingos' } } });
    for (const side of [stake.team1, stake.team2]) {
      expect(side.win).toBeGreaterThanOrEqual(side.now);
      expect(side.loss).toBeLessThanOrEqual(side.now);
    }
  });

  it('answers 400 for ids that are not ids, none, or more than 100', async () => {
    expect((await get('/v1/public/standings/stakes?match_ids=nope')).status).toBe(400);
    expect((await get('/v1/public/standings/stakes')).status).toBe(400);
    const many = Array.from({ length: 101 }, () => randomUUID()).join(',');
    const tooMany = await get<{ error: string }>(`/v1/public/standings/stakes?match_ids=${many}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toContain('At most 100 match ids');
  });
});

describe('assigning teams', () => {
  it("by current Elo: the season's teams split evenly in Elo order, the strongest into the first division", async () => {
    const response = await send('POST', '/v1/divisions/assign/', { season_id: seasonId, by: 'elo', replace: true });
    expect(response.statusCode).toBe(200);
    const body = response.json() as DivisionAssignOutput;
    expect(body.assigned).toBe(6);
    expect(body.results.map((d) => d.teams.map((x) => x.name))).toEqual([
      ['Aces', 'Eagles', 'Bears'],
      ['Cobras', 'Dingos', 'Falcons'],
    ]);
  });

  it("by the imported stage: each team into the division whose source competition it played most in; 400 when no division names one", async () => {
    const refused = await send('POST', '/v1/divisions/assign/', { season_id: seasonId, by: 'imported_stage', replace: true });
    expect(refused.statusCode).toBe(400);
    // Still as the Elo split left them (the refusal rolled back).
    expect(await t.database.db.selectFrom('division_teams').select('team_id').where('season_id', '=', seasonId).execute()).toHaveLength(6);
    const east = await divisionId('East');
    const west = await divisionId('West');
    const edited = await send('PUT', `/v1/divisions/${east}/`, { name: 'East', source_competition_id: competition.east, lines: [{ place: 2, label: 'Playoffs', kind: 'qualify' }] });
    expect(edited.json()).toMatchObject({ name: 'East', source_competition: { name: 'NECC Spring' } });
    expect((await send('PUT', `/v1/divisions/${west}/`, { name: 'West', source_competition_id: competition.west })).statusCode).toBe(200);
    const response = await send('POST', '/v1/divisions/assign/', { season_id: seasonId, by: 'imported_stage', replace: true });
    expect(response.statusCode).toBe(200);
    const body = response.json() as DivisionAssignOutput;
    // Aces played two East matches (and one of West's): East.
    expect(body.results.map((d) => [d.name, d.source_competition?.name, d.teams.map((x) => x.name).sort()])).toEqual([
      ['East', 'NECC Spring', ['Aces', 'Bears', 'Cobras', 'Dingos']],
      ['West', 'Playfly Spring', ['Eagles', 'Falcons']],
    ]);
  });

  it('answers 400 when the season has no divisions', async () => {
    const { id } = await t.database.db.insertInto('seasons').values({ name: 'Empty', start_date: '2028-01-01', end_date: '2028-02-01' }).returning('id').executeTakeFirstOrThrow();
    const response = await send('POST', '/v1/divisions/assign/', { season_id: id, by: 'elo' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The season has no divisions yet: create them first' });
  });
});

describe('deleting a division', () => {
  it('removes it and its team places, leaves teams and matches, audits; 404 after', async () => {
    const west = await divisionId('West');
    const response = await send('DELETE', `/v1/divisions/${west}/`);
    expect(response.json()).toEqual({ id: west, message: "Deleted division 'West'." });
    expect(await t.database.db.selectFrom('division_teams').select('team_id').where('division_id', '=', west).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('teams').select('id').where('id', '=', team.E!).execute()).toHaveLength(1);
    expect((await send('DELETE', `/v1/divisions/${west}/`)).statusCode).toBe(404);
    const audit = await t.database.db.selectFrom('audit_log').select(['action']).where('entity', '=', 'division').where('action', '=', 'delete').execute();
    expect(audit).toHaveLength(1);
  });
});

describe('the OpenAPI document', () => {
  it('describes the standings and division paths', async () => {
    const { status, body } = await get<{ paths: Record<string, unknown> }>('/v1/openapi.json');
    expect(status).toBe(200);
    for (const path of ['/v1/public/standings', '/v1/public/standings/stakes', '/v1/public/teams/{id}/standing', '/v1/divisions/', '/v1/divisions/assign/', '/v1/divisions/{id}/teams/']) {
      expect(Object.keys(body.paths), path).toContain(path);
    }
  });
});

describe('merging teams', () => {
  it("gives the primary the secondary's division place in a season where it has none, and keeps the primary's own elsewhere", async () => {
    const db = t.database.db;
    const fallEast = await divisionId('East', otherSeasonId);
    const springEast = await divisionId('East');
    // Fall's East holds Geckos alone; Dingos is in Spring's East only.
    await send('PUT', `/v1/divisions/${fallEast}/teams/`, { team_ids: [team.G] });
    const { id: secondary } = await db.insertInto('teams').values({ name: 'Hawks', elo: 1000 }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('division_teams').values({ season_id: seasonId, team_id: secondary, division_id: springEast }).execute();
    const owner = await t.browserHeaders(t.owner);
    // Geckos into Dingos' record: Dingos (in Spring's East) takes Geckos' Fall place.
    const merged = await t.app.inject({ method: 'POST', url: '/v1/merge-teams/', headers: owner, payload: { primary_team_id: team.D, secondary_team_id: team.G } });
    expect(merged.statusCode).toBe(200);
    expect(await db.selectFrom('division_teams').select('division_id').where('team_id', '=', team.D!).where('season_id', '=', otherSeasonId).executeTakeFirst()).toEqual({ division_id: fallEast });
    // Hawks into Dingos: both in Spring's East; Dingos keeps its place, Hawks' goes with it.
    expect((await t.app.inject({ method: 'POST', url: '/v1/merge-teams/', headers: owner, payload: { primary_team_id: team.D, secondary_team_id: secondary } })).statusCode).toBe(200);
    expect(await db.selectFrom('division_teams').select('team_id').where('division_id', '=', springEast).where('team_id', 'in', [team.D!, secondary]).execute()).toEqual([{ team_id: team.D }]);
  });
});
