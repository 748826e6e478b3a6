import { gzipSync } from 'node:zlib';
import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { prepareData } from '../../startup-data';
import { EMBED_SCRIPT } from './embed-script';

/** The budget for one embed: its page and what it loads, gzipped. */
const EMBED_BUDGET_BYTES = 30 * 1024;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000099';

describe('embeds and overlays', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const known = { match: '', liveMatch: '', team: '', event: '' };

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ SEED: 'demo', LOG_LEVEL: 'silent' });
    await prepareData(database.db, config, () => {});
    app = await buildApp({ db: database.db, config, logger: false });
    const db = database.db;
    known.match = (await db.selectFrom('matches').select('id').where('status', '=', 'completed').limit(1).executeTakeFirstOrThrow()).id;
    const live = await db.selectFrom('matches').select('id').where('status', '=', 'scheduled').limit(1).executeTakeFirstOrThrow();
    await db.updateTable('matches').set({ status: 'in_progress', score_team1: 1, score_team2: 0 }).where('id', '=', live.id).execute();
    known.liveMatch = live.id;
    known.team = (await db.selectFrom('teams').select('id').orderBy('elo', 'desc').limit(1).executeTakeFirstOrThrow()).id;
    known.event = (await db.selectFrom('events').select('id').limit(1).executeTakeFirstOrThrow()).id;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
  const paths = () => [
    '/embed/standings',
    '/embed/rankings?limit=5',
    `/embed/schedule?team=${known.team}`,
    `/embed/results?team=${known.team}`,
    '/embed/schedule',
    `/embed/bracket/${known.event}`,
    `/embed/match/${known.match}`,
    `/overlay/match/${known.liveMatch}`,
    `/overlay/team/${known.team}`,
    '/overlay/ticker',
  ];

  it('answers each embed and overlay as a small page with the shared script, framable by any site', async () => {
    for (const path of paths()) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(response.headers['x-frame-options']).toBeUndefined();
      expect(response.body).toContain(`<script src="${EMBED_SCRIPT.path}" defer></script>`);
      // No inline script, and never the web app's bundle.
      expect(response.body).not.toMatch(/<script(?![^>]*src=)/);
      expect(response.body).not.toContain('/assets/');
    }
  });

  it('keeps every other page unframable', async () => {
    for (const path of ['/', '/rankings', `/matches/${known.match}`, '/v1/public/teams', EMBED_SCRIPT.path]) {
      const response = await get(path);
      expect(response.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options'], path).toBe('DENY');
    }
  });

  it('shows what each names, with links back to the full pages', async () => {
    const db = database.db;
    const team = await db.selectFrom('teams').select(['name']).where('id', '=', known.team).executeTakeFirstOrThrow();
    const rankings = await get('/embed/rankings?limit=3');
    expect(rankings.body.match(/<tr><td/g)).toHaveLength(3);
    expect(rankings.body).toContain(team.name.replaceAll('&', '&amp;').replaceAll("'", '&#39;'));
    expect(rankings.body).toContain('href="/rankings" target="_top"');
    const match = await db
      .selectFrom('matches')
      .innerJoin('teams as t1', 't1.id', 'matches.team1_id')
      .select(['t1.name', 'matches.score_team1', 'matches.score_team2'])
      .where('matches.id', '=', known.match)
      .executeTakeFirstOrThrow();
    const embed = await get(`/embed/match/${known.match}`);
    expect(embed.body).toContain(`${match.score_team1}–${match.score_team2}`);
    expect(embed.body).toContain(`href="/matches/${known.match}" target="_top"`);
    expect((await get(`/embed/bracket/${known.event}`)).body).toContain(`href="/events/${known.event}" target="_top"`);
    expect((await get(`/embed/schedule?team=${known.team}`)).body).toContain(`data-watch="${known.team}"`);
    const overlay = await get(`/overlay/match/${known.liveMatch}`);
    expect(overlay.body).toMatch(/data-series>1 – 0</);
    expect(overlay.body).toContain('LIVE');
    expect(overlay.body).toContain('Head to head');
    expect(overlay.body).toContain('overflow:hidden');
    expect((await get('/overlay/ticker')).body).toContain('LIVE');
  });

  it('applies theme and a validated accent colour', async () => {
    const page = await get('/embed/rankings?theme=dark&accent=FF8800');
    expect(page.body).toContain('data-theme="dark"');
    expect(page.body).toContain('--accent:#ff8800');
  });

  it('answers bad options with 400 and a plain message', async () => {
    const cases: [string, RegExp][] = [
      ['/embed/rankings?theme=blue', /theme must be light or dark/],
      ['/embed/rankings?accent=red;}body{', /accent must be a hex colour/],
      ['/embed/rankings?limit=0', /limit must be a whole number from 1 to 50/],
      ['/embed/rankings?limit=500', /limit must be a whole number/],
      ['/embed/rankings?limit=ten', /limit must be a whole number/],
      ['/embed/schedule?team=nope', /Invalid format/],
    ];
    for (const [path, message] of cases) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toMatch(message);
    }
  });

  it('answers 404 for what does not exist', async () => {
    for (const path of [
      `/embed/match/${UNKNOWN_ID}`,
      '/embed/match/not-a-uuid',
      `/embed/bracket/${UNKNOWN_ID}`,
      `/embed/schedule?team=${UNKNOWN_ID}`,
      `/overlay/match/${UNKNOWN_ID}`,
      `/overlay/team/${UNKNOWN_ID}`,
    ]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toMatch(/not found/);
    }
  });

  it('serves the shared script for good, and stays under 30 KB gzip with it', async () => {
    const script = await get(EMBED_SCRIPT.path);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.headers['cache-control']).toContain('immutable');
    const scriptBytes = gzipSync(script.rawPayload).length;
    const sizes: Record<string, number> = {};
    for (const path of paths()) {
      sizes[path] = gzipSync((await get(path)).rawPayload).length + scriptBytes;
      expect(sizes[path], path).toBeLessThan(EMBED_BUDGET_BYTES);
    }
    // The figures for the decision note (docs/decisions/0100-embeds-and-overlays.md).
    console.info('embed sizes, gzip bytes with the script:', JSON.stringify(sizes));
  });
});
