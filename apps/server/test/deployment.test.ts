import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DCLinter } from 'dclint';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = resolve(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Service {
  image?: string;
  restart?: string;
  deploy?: { replicas?: number };
  ports?: string[];
  expose?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service> };
const { server, caddy, postgres } = compose.services as Record<'server' | 'caddy' | 'postgres', Service>;

/**
 * dclint checks a Compose file against the Compose specification's JSON schema (and its own
 * rules). Its rule against ports bound to every interface is off: the load balancer is the
 * public door by design.
 */
function lintCompose(path: string) {
  const linter = new DCLinter({ rules: { 'no-unbound-port-interfaces': 0 }, quiet: true, debug: false, exclude: [] });
  return linter.lintFiles([path], false)[0]!.messages.filter((message) => message.type === 'error');
}

const scratch = mkdtempSync(join(tmpdir(), 'compose-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('docker-compose.yml', () => {
  it('follows the Compose specification', () => {
    expect(lintCompose(join(root, 'docker-compose.yml'))).toEqual([]);
  });

  it('is checked for real: a key the specification does not know fails the check', () => {
    const broken = join(scratch, 'docker-compose.yml');
    writeFileSync(broken, 'services:\n  server:\n    image: campus-elo\n    replicas: 2\n');
    expect(lintCompose(broken)).toEqual([expect.objectContaining({ rule: 'invalid-schema' })]);
  });

  it('restarts every service unless it was stopped', () => {
    for (const [name, service] of Object.entries(compose.services)) expect(service.restart, name).toBe('unless-stopped');
  });

  it('serves both server replicas on one URL through Caddy', () => {
    expect(server.deploy?.replicas).toBe(2);
    // Only the load balancer is published; the replicas answer it alone, and believe its X-Forwarded-* headers.
    expect(server.ports).toBeUndefined();
    expect(postgres.ports).toBeUndefined();
    expect(server.expose).toEqual(['3000']);
    expect(server.environment?.TRUST_PROXY).toBe('true');
    expect(caddy.image).toMatch(/^caddy:\d/);
    expect(caddy.ports).toContain('${HTTP_PORT:-3000}:80');
    expect(caddy.depends_on?.server).toEqual({ condition: 'service_healthy' });
    expect(caddy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');

    // The Caddyfile balances over every address of the service 'server', on the port it listens on.
    const caddyfile = read('deploy/Caddyfile');
    const upstream = /dynamic a (\S+) (\d+)/.exec(caddyfile);
    expect(upstream?.slice(1)).toEqual(['server', server.expose![0]]);
    expect(caddyfile).toMatch(/lb_policy round_robin/);
  });

  it.skipIf(!existsSync('/usr/bin/caddy'))('has a Caddyfile that Caddy accepts', () => {
    const result = spawnSync('caddy', ['validate', '--adapter', 'caddyfile', '--config', join(root, 'deploy/Caddyfile')], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toContain('Valid configuration');
    expect(result.status).toBe(0);
  });
});

describe('apps/server/Dockerfile', () => {
  const dockerfile = read('apps/server/Dockerfile');

  it('builds and runs on Node 24 LTS, with pnpm at the version package.json pins', () => {
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map(([, image]) => image);
    expect(bases).toEqual(['node:24-bookworm-slim', 'node:24-bookworm-slim']);
    expect(dockerfile).toContain(`RUN npm install -g "$(node -p 'require("./package.json").packageManager')"`);
    expect((JSON.parse(read('package.json')) as { packageManager: string }).packageManager).toMatch(/^pnpm@\d+\.\d+\.\d+$/);
  });

  it('copies every workspace package manifest before installing from the lockfile', () => {
    const manifests = ['apps', 'packages'].flatMap((folder) =>
      readdirSync(join(root, folder)).filter((name) => existsSync(join(root, folder, name, 'package.json'))).map((name) => `${folder}/${name}/package.json`),
    );
    expect(manifests.length).toBeGreaterThanOrEqual(6);
    const install = dockerfile.indexOf('RUN pnpm install --frozen-lockfile');
    for (const manifest of manifests) {
      const copy = dockerfile.indexOf(`COPY ${manifest} `);
      expect(copy, manifest).toBeGreaterThan(-1);
      expect(copy, manifest).toBeLessThan(install);
    }
  });

  it('runs as the non-root user, with DATA_DIR on a volume that user owns', () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('FROM '));
    expect(runtime).toMatch(/^ENV .*\bDATA_DIR=\/data\b/m);
    expect(runtime).toContain('RUN mkdir -p /data && chown node:node /data');
    expect(runtime).toContain('VOLUME /data');
    expect(runtime).toMatch(/^USER node$/m);
  });
});

describe('.dockerignore', () => {
  it("keeps the host's installs, builds, data and secrets out of the build context", () => {
    const patterns = read('.dockerignore')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'));
    expect(patterns).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '**/.data', '**/.env', '.git']));
  });
});
