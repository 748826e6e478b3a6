/**
 * The production server (dist/main.js) as the benches run it: built once, started on a free
 * port of 127.0.0.1 against a given database, stopped with SIGTERM.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';

export const serverPackage = resolve(dirname(fileURLToPath(import.meta.url)), '..');


async function waitUntilHealthy(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    const healthy = await fetch(`${origin}/healthz`).then((r) => r.ok, () => false);
    if (healthy) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The server did not become healthy within 2 minutes');
}

export function buildServer(): void {
  const build = spawnSync(process.execPath, ['build.mjs'], { cwd: serverPackage, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('Building the server failed');
}

export async function startProductionServer(databaseUrl: string, responseCache: 'on' | 'off'): Promise<{ origin: string; process: ChildProcess }> {
  const port = await getPort({ host: '127.0.0.1' });
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverPackage,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      RESPONSE_CACHE: responseCache,
      // The load comes from this one address (2,000 streams in bench:streams): no per-address cap.
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      // Request logs would measure the terminal; warnings and errors still show.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(origin, child);
  return { origin, process: child };
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

