import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PUBLIC_PATHS, publicQueryString } from '../test-support/public-query-arbitraries';
import { ids } from './league-fixture';
import { startPublicApp, type PublicApp } from './public-app';

let site: PublicApp;
beforeAll(async () => {
  site = await startPublicApp();
});
afterAll(async () => {
  await site.close();
});

/** 200 by default; FUZZ_RUNS=5000 for a longer hunt (`pnpm bench:fuzz` counts over 100,000). */
const RUNS_PER_PATH = Number(process.env.FUZZ_RUNS ?? 200);

const queryString = publicQueryString([ids.fall, ids.weekTwo, ids.alpha, ids.unknown]);

describe('no query string makes a public path answer 5xx', () => {
  test.each(PUBLIC_PATHS)('%s', async (path) => {
    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        const response = await site.app.inject({ method: 'GET', url: `${path}?${query}` });
        expect(response.statusCode, `${path}?${query} -> ${response.body}`).toBeLessThan(500);
        const body = JSON.parse(response.body);
        if (response.statusCode >= 400) {
          expect(typeof body.error).toBe('string');
        } else if (path !== '/v1/public/current-season') {
          expect(body.results.length).toBeLessThanOrEqual(Math.min(body.page_size, 100));
          expect(body.total_pages).toBe(Math.ceil(body.count / body.page_size));
        }
      }),
      { numRuns: RUNS_PER_PATH },
    );
  });
});
