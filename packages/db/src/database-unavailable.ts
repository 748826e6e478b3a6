/**
 * SQLSTATEs that mean the server is going away or will not take us now: admin_shutdown,
 * crash_shutdown, cannot_connect_now (starting up, shutting down, in recovery) and
 * too_many_connections. Class 08 (connection exceptions) is matched as a whole.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Socket and DNS failures on the way to the server. */
const UNREACHABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** node-postgres and pg-pool report a lost or unobtainable connection with these plain Errors. */
const UNREACHABLE_MESSAGES = new Set([
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
]);

function describesUnavailability(error: object): boolean {
  const code = 'code' in error ? error.code : undefined;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNREACHABLE_NODE_CODES.has(code))) {
    return true;
  }
  return error instanceof Error && UNREACHABLE_MESSAGES.has(error.message);
}

/**
 * Whether an error means "the database cannot be reached right now" (down, restarting,
 * refusing connections, connection lost) rather than a fault in the query or the code. Looks
 * through wrappers: `cause` chains (tRPC, Kysely) and AggregateError's `errors` (a host name
 * with several addresses, each refused).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<object>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (describesUnavailability(current)) return true;
    if ('cause' in current) pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...current.errors);
  }
  return false;
}
