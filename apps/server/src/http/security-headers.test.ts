import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';

let database: TestDatabase;
const apps: FastifyInstance[] = [];

async function appWith(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ db: database.db, config: loadConfig({ LOG_LEVEL: 'silent', ...env }), logger: false });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insertInto('media').values({ key: 'teams/x/logo.svg', content_type: 'image/svg+xml', bytes: Buffer.from('<svg/>'), size: 6 }).execute();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

/** The policy's directives by name. */
function directives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(' ')[0]!, part.slice(part.indexOf(' ') + 1)]),
  );
}

describe('security headers', () => {
  it('sends a CSP with no inline script, no framing, nosniff and a strict referrer policy', async () => {
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url: '/v1/public/seasons' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toMatch(/^'self' 'nonce-[A-Za-z0-9+/=]+'$/);
    expect(csp.get('style-src')).toMatch(/^'self' 'nonce-[A-Za-z0-9+/=]+'$/);
    expect(csp.get('script-src-attr')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('connect-src')).toBe("'self'");
    // Style attributes only (the server's render writes Mantine's style props as attributes,
    // docs/decisions/0097): they style one element and run nothing. Nothing else is unsafe.
    expect(csp.get('style-src-attr')).toBe("'unsafe-inline'");
    expect([...csp].filter(([name]) => name !== 'style-src-attr').map(([, value]) => value).join(' ')).not.toContain('unsafe');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets only our own service worker and web app manifest load', async () => {
    const app = await appWith();
    const csp = directives((await app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    expect(csp.get('worker-src')).toBe("'self'");
    expect(csp.get('manifest-src')).toBe("'self'");
  });

  it('lets any site frame the embeds and overlays, and only them', async () => {
    const app = await appWith();
    for (const url of ['/embed/rankings', '/overlay/ticker', '/embed/match/00000000-0000-4000-8000-000000000001']) {
      const response = await app.inject({ method: 'GET', url });
      expect(directives(response.headers['content-security-policy']).get('frame-ancestors'), url).toBe('*');
      expect(response.headers['x-frame-options'], url).toBeUndefined();
    }
    for (const url of ['/', '/embedded', '/rankings', '/v1/public/teams', '/admin']) {
      const response = await app.inject({ method: 'GET', url });
      expect(directives(response.headers['content-security-policy']).get('frame-ancestors'), url).toBe("'none'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('gives every answer a nonce of its own, 16 random bytes, also past one pool of them', async () => {
    const app = await appWith();
    const nonces = new Set<string>();
    for (let i = 0; i < 300; i += 1) {
      const csp = directives((await app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
      const nonce = /'nonce-([^']+)'/.exec(csp.get('script-src') ?? '')![1]!;
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      expect(csp.get('style-src')).toContain(nonce);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(300);
  });

  it('lets the browser reach the Sanity project the news come from', async () => {
    const app = await appWith({ SANITY_PROJECT_ID: 'abc123' });
    const csp = directives((await app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    expect(csp.get('connect-src')).toBe("'self' https://abc123.api.sanity.io https://abc123.apicdn.sanity.io");
  });

  it('sends HSTS only behind a trusted proxy, for a request that came over https', async () => {
    const proxied = await appWith({ TRUST_PROXY: 'true' });
    const https = await proxied.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await proxied.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    const direct = await appWith();
    const claimed = await direct.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps the stricter policy of stored pictures', async () => {
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url: '/media/teams/x/logo.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('serves the API docs page under a policy its scripts pass', async () => {
    const app = await appWith();
    const page = await app.inject({ method: 'GET', url: '/v1/docs' });
    expect(page.statusCode).toBe(200);
    // Swagger UI's page loads its scripts from files under /v1/docs; no inline script needs allowing.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map(([, src]) => src!);
    expect(scripts).toHaveLength(3);
    for (const src of scripts) {
      expect(src).toMatch(/^\/v1\/docs\/static\//);
      expect((await app.inject({ method: 'GET', url: src })).statusCode, src).toBe(200);
    }
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('script-src')).toMatch(/^'self' 'nonce-[^']+'$/);
    // It renders <style> elements of its own: inline styles, on this page only.
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
  });
});
