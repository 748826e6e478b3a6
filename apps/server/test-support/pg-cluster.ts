import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import getPort from 'get-port';

const run = promisify(execFile);

/**
 * The folder holding initdb and pg_ctl: `pg_config --bindir` when it has them, else the
 * newest /usr/lib/postgresql/<version>/bin; undefined on a machine without PostgreSQL.
 */
export async function findPostgresBinaries(): Promise<string | undefined> {
  const hasTools = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
  try {
    const { stdout } = await run('pg_config', ['--bindir']);
    if (hasTools(stdout.trim())) return stdout.trim();
  } catch {
    // No pg_config on PATH: look in the Debian layout below.
  }
  const debianRoot = '/usr/lib/postgresql';
  const versions = existsSync(debianRoot) ? readdirSync(debianRoot).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((version) => join(debianRoot, version, 'bin')).find(hasTools);
}

export type StopMode = 'fast' | 'immediate';

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  stop(mode: StopMode): Promise<void>;
  start(): Promise<void>;
  /** The server log so far, for a failing test's message. */
  log(): string;
  /** Stops the server (if running) and deletes every file of the cluster. */
  remove(): Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster in a fresh temp folder, on a free port, trust auth, fsync off.
 * initdb refuses to run as root, so as root every tool runs as the postgres user.
 */
export async function createPgCluster(binDir: string): Promise<PgCluster> {
  const root = mkdtempSync(join(tmpdir(), 'campus-pg-'));
  const dataDir = join(root, 'data');
  const logFile = join(root, 'server.log');
  const asRoot = process.getuid?.() === 0;
  let running = false;

  const tool = async (name: string, args: string[]) => {
    const command = join(binDir, name);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    await run(file, argv, { cwd: root, env: { ...process.env, LC_ALL: 'C' } });
  };

  try {
    if (asRoot) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: group } = await run('id', ['-g', 'postgres']);
      chownSync(root, Number(stdout.trim()), Number(group.trim()));
      writeFileSync(logFile, '');
      chownSync(logFile, Number(stdout.trim()), Number(group.trim()));
    }
    const port = await getPort({ host: '127.0.0.1' });
    await tool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '--no-instructions', '-E', 'UTF8']);
    appendFileSync(
      join(dataDir, 'postgresql.conf'),
      [
        `port = ${port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${root}'`,
        // Speed only: acknowledged commits still reach the WAL before the answer, so a killed
        // server loses none of them (synchronous_commit stays on).
        'fsync = off',
        'full_page_writes = off',
        '',
      ].join('\n'),
    );
    const cluster: PgCluster = {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      async start() {
        await tool('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '30', 'start']);
        running = true;
      },
      async stop(mode) {
        await tool('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop']);
        running = false;
      },
      log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
      async remove() {
        try {
          if (running) await cluster.stop('immediate');
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      },
    };
    await cluster.start();
    return cluster;
  } catch (error) {
    // A start that timed out may still have left a server behind.
    await tool('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']).catch(() => {});
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}
