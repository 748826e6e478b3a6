import { isDatabaseUnavailable } from '@campus-elo/db';

/**
 * A listener for the process's `unhandledRejection`: a promise nobody waited for that failed
 * because the database was away does not stop the server; any other still does (thrown
 * again, Node's default).
 *
 * pg-boss 10 records a job's end without waiting for it (its manager's fetch handler calls
 * complete and fail unawaited), so a job that ends while the database restarts left a
 * rejection no code could catch, and Node ended the process (seen in
 * test/database-restart.test.ts). That job stays active in pg-boss's table, and runs again
 * once it expires (docs/architecture.md, Background jobs).
 */
export function databaseOutageRejections(warn: (message: string) => void) {
  return (reason: unknown): void => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    warn(`database unavailable: a write nobody waited for was lost: ${reason instanceof Error ? reason.message : String(reason)}`);
  };
}
