import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ids } from './league-fixture';
import { startPublicApp, type PublicApp } from './public-app';

let site: PublicApp;
beforeAll(async () => {
  site = await startPublicApp();
});
afterAll(async () => {
  await site.close();
});

describe('400 for bad input, never 500', () => {
  const malformedIds: [string, string][] = [
    ['/v1/public/teams?season_id=abc', 'season_id'],
    ['/v1/public/teams?id=1', 'id'],
    ['/v1/public/players?season_id=not-a-uuid', 'season_id'],
    ['/v1/public/players?team_id=123e4567', 'team_id'],
    ['/v1/public/matches?season_id=x', 'season_id'],
    ['/v1/public/matches?team_id=%27%3B%20drop%20table%20teams', 'team_id'],
    ['/v1/public/rankings?season_id=00000000-0000-0000-0000-00000000000g', 'season_id'],
    ['/v1/public/ranking-items?ranking_id=abc', 'ranking_id'],
    ['/v1/public/ranking-items', 'ranking_id'],
    [`/v1/public/teams?season_id=${ids.fall}&season_id=${ids.spring}`, 'season_id'],
  ];
  test.each(malformedIds)('%s -> Invalid %s format', async (url, param) => {
    expect(await site.get(url)).toEqual({ status: 400, body: { error: `Invalid ${param} format`, issues: expect.any(Array) } });
  });

  const badValues: [string, string][] = [
    ['/v1/public/teams?page=0', 'page'],
    ['/v1/public/players?page=-1', 'page'],
    ['/v1/public/matches?page=abc', 'page'],
    ['/v1/public/seasons?page=1.5', 'page'],
    ['/v1/public/rankings?page=1e400', 'page'],
    ['/v1/public/teams?page=99999999999999999999', 'page'],
    ['/v1/public/teams?page_size=0', 'page_size'],
    ['/v1/public/players?page_size=ten', 'page_size'],
    ['/v1/public/teams?sort=skill_level', 'sort'],
    ['/v1/public/players?sort=rank', 'sort'],
    ['/v1/public/matches?sort=elo', 'sort'],
    ['/v1/public/seasons?sort=date', 'sort'],
    ['/v1/public/ranking-items?ranking_id=' + ids.weekOne + '&sort=elo', 'sort'],
    ['/v1/public/teams?order=up', 'order'],
    ['/v1/public/players?visible=yes', 'visible'],
    ['/v1/public/players?benched=1', 'benched'],
    ['/v1/public/players?visible=TRUE', 'visible'],
    ['/v1/public/matches?status=done', 'status'],
    ['/v1/public/matches?status=completed,live', 'status'],
    ['/v1/public/matches?date_from=2026-13-45', 'date_from'],
    ['/v1/public/matches?date_to=yesterday', 'date_to'],
    ['/v1/public/matches?date_from=22/11/2026', 'date_from'],
    ['/v1/public/matches?date_to=2026-11-22T25:00:00Z', 'date_to'],
    ['/v1/public/matches?date_from=2026-02-30', 'date_from'],
    ['/v1/public/matches?date_to=0000-01-01', 'date_to'],
    [`/v1/public/teams?name=${'x'.repeat(201)}`, 'name'],
    ['/v1/public/players?name=%00', 'name'],
    ['/v1/public/teams?school_name=a%00b', 'school_name'],
    ['/v1/public/matches?competition_name=%00', 'competition_name'],
    ['/v1/public/matches?competition_name=a&competition_name=b', 'competition_name'],
  ];
  test.each(badValues)('%s -> Invalid %s: ...', async (url, param) => {
    const { status, body } = await site.get(url);
    expect(status).toBe(400);
    expect(body.error).toMatch(new RegExp(`^Invalid ${param}: .+`));
  });

  test('unknown parameters are ignored', async () => {
    expect((await site.get('/v1/public/teams?colour=blue&__proto__=x&constructor=y')).status).toBe(200);
  });
});

describe('404', () => {
  test.each(['/v1/public/nothing', '/v1/nope', '/v1/public/teams/x/extra', '/v1/public'])('%s answers 404 {error}', async (url) => {
    const { status, body } = await site.get(url);
    expect(status).toBe(404);
    expect(body).toEqual({ error: expect.any(String) });
  });

  test('a public path answers GET only', async () => {
    const response = await site.app.inject({ method: 'POST', url: '/v1/public/teams', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });
});

describe('caching and compression', () => {
  test('a public GET carries an ETag and Cache-Control; If-None-Match answers 304', async () => {
    const first = await site.app.inject({ url: '/v1/public/teams' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60');

    const again = await site.app.inject({ url: '/v1/public/teams', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    for (const header of [`"old", ${etag}`, `W/${etag}`, '*']) {
      expect((await site.app.inject({ url: '/v1/public/teams', headers: { 'if-none-match': header } })).statusCode, header).toBe(304);
    }

    const other = await site.app.inject({ url: '/v1/public/teams', headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);
    expect(other.json().count).toBe(5);
    expect((await site.app.inject({ url: '/v1/public/teams?sort=name' })).headers.etag).not.toBe(etag);
  });

  test('the ETag changes when the data does', async () => {
    const before = (await site.app.inject({ url: `/v1/public/teams?id=${ids.epsilon}` })).headers.etag;
    await site.database.db.updateTable('teams').set({ elo: 1001 }).where('id', '=', ids.epsilon).execute();
    const after = (await site.app.inject({ url: `/v1/public/teams?id=${ids.epsilon}` })).headers.etag;
    await site.database.db.updateTable('teams').set({ elo: 1000 }).where('id', '=', ids.epsilon).execute();
    expect(after).not.toBe(before);
  });

  test('errors are not cached', async () => {
    const response = await site.app.inject({ url: '/v1/public/teams?page=0' });
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['cache-control']).toBeUndefined();
  });

  test('a large body is gzipped when the client accepts it', async () => {
    const plain = await site.app.inject({ url: '/v1/public/matches' });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const zipped = await site.app.inject({ url: '/v1/public/matches', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.rawPayload.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });
});

describe('/healthz and /v1/openapi.json', () => {
  test('/healthz answers 200 while the database answers', async () => {
    expect(await site.get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  test('the OpenAPI document describes every /v1 path', async () => {
    const { status, body: document } = await site.get('/v1/openapi.json');
    expect(status).toBe(200);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Campus Elo API');

    // printRoutes draws a tree of path pieces; a piece's full path is its ancestors' pieces and its own.
    const ancestors: string[] = [];
    const routes = site.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => {
        const start = line.search(/[^\s│├└─]/);
        const [piece = '', methodList = ''] = line.slice(start).split(' (');
        ancestors.length = start / 4 - 1;
        ancestors.push(piece);
        return { path: ancestors.join(''), methods: methodList.replace(')', '').split(', ').filter(Boolean) };
      })
      // Swagger UI's own files under /v1/docs/ are the page's, not the API's.
      .filter(({ path }) => path.startsWith('/v1/') && !path.startsWith('/v1/docs/'));
    expect(routes.length).toBeGreaterThan(20);
    expect(routes).toContainEqual({ path: '/v1/teams/:id/', methods: ['GET', 'HEAD', 'PUT'] });
    for (const { path, methods } of routes) {
      const openApi = path.replace(/:(\w+)/g, '{$1}');
      // OPTIONS routes are the CORS preflights (http/cors.ts), described in docs/contract.md.
      for (const method of methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS')) {
        expect(document.paths[openApi]?.[method.toLowerCase()], `${method} ${openApi}`).toBeDefined();
      }
    }
  });

  test('public paths are fully described from the zod schemas; staff paths need a bearer token', async () => {
    const { body: document } = await site.get('/v1/openapi.json');
    const players = document.paths['/v1/public/players'].get;
    expect(players.security).toEqual([]);
    expect(players.parameters.map((p: { name: string }) => p.name).sort()).toEqual(
      ['benched', 'faceit_id', 'id', 'name', 'order', 'page', 'page_size', 'season_id', 'sort', 'steam_id', 'team_id', 'visible'].sort(),
    );
    expect(players.parameters.find((p: { name: string }) => p.name === 'visible').schema).toEqual({ type: 'boolean' });
    expect(players.responses['200'].content['application/json'].schema.properties.results.type).toBe('array');
    expect(players.responses['400']).toBeDefined();

    const status = document.paths['/v1/public/matches'].get.parameters.find((p: { name: string }) => p.name === 'status');
    expect(status).toMatchObject({ style: 'form', explode: false, schema: { type: 'array' } });

    const items = document.paths['/v1/public/ranking-items'].get;
    expect(items.parameters.find((p: { name: string }) => p.name === 'ranking_id').required).toBe(true);
    expect(items.parameters.find((p: { name: string }) => p.name === 'ranking_id').description).toContain('empty list');
    expect(items.responses['404']).toBeUndefined();

    for (const [path, method] of [
      ['/v1/seasons/create/', 'post'],
      ['/v1/teams/{id}/', 'put'],
      ['/v1/players/{id}/', 'put'],
      ['/v1/import-matches/', 'post'],
      ['/v1/import-matches/preview/', 'post'],
      ['/v1/clear-database/', 'post'],
      ['/v1/player-elo/update/', 'post'],
      ['/v1/player-elo/reset/', 'post'],
      ['/v1/team-elo/calculate/', 'post'],
      ['/v1/team-elo/recalculate/', 'post'],
      ['/v1/matches/update/', 'post'],
      ['/v1/rankings/snapshot/', 'post'],
      ['/v1/merge-teams/', 'post'],
      ['/v1/proxy/leaguespot/rounds/{id}/matches/', 'get'],
    ] as const) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
      expect(operation.responses['401']).toBeDefined();
    }
    expect(document.paths['/v1/seasons/create/'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('start_date');
    expect(document.paths['/v1/seasons/create/'].post.responses['413'].description).toContain('100 KB');
    expect(document.paths['/v1/teams/{id}/'].put.responses['413'].description).toContain('12 MB');
    expect(document.paths['/v1/import-matches/'].post.responses['413'].description).toContain('12 MB');
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
