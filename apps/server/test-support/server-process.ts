import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess {
  baseUrl: string;
  /** Exit code or signal once the process has ended; undefined while it runs. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** Everything the process wrote to stdout and stderr. */
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL, as a crash or an OOM kill would end it: nothing of its own shutdown runs. */
  kill(): Promise<void>;
}

/**
 * apps/server/src/main.ts in a child process (through tsx, no build), so a crash ends only the
 * child and a test can see it. Resolves once /healthz answers 200.
 */
export async function startServerProcess(env: Record<string, string>, readyWithinMs = 45_000): Promise<ServerProcess> {
  const port = await getPort({ host: '127.0.0.1' });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const ended = new Promise<void>((done) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      done();
    }),
  );

  const server: ServerProcess = {
    baseUrl: `http://127.0.0.1:${port}`,
    exit: () => exited,
    output: () => output,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await ended;
      clearTimeout(killer);
    },
    async kill() {
      if (exited) return;
      child.kill('SIGKILL');
      await ended;
    },
  };

  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The server exited during start-up (${JSON.stringify(exited)}):\n${output}`);
    const ok = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 200));
  }
  await server.stop();
  throw new Error(`The server did not answer /healthz within ${readyWithinMs} ms:\n${output}`);
}
