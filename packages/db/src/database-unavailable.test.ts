import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';

/** An error as node-postgres builds it from a server's ErrorResponse. */
function serverError(code: string, message = 'server error'): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

const nodeError = (code: string) => Object.assign(new Error(`connect ${code} 10.0.0.1:5432`), { code });

/** A port on which nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection due to crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['53300', 'sorry, too many clients already'],
    ['08006', 'connection failure'],
    ['08001', 'could not establish connection'],
    ['08P01', 'protocol violation'],
  ])('recognises SQLSTATE %s (%s)', (code, message) => {
    expect(isDatabaseUnavailable(serverError(code, message))).toBe(true);
  });

  it.each([
    ['23505', 'duplicate key value violates unique constraint'],
    ['42P01', 'relation does not exist'],
    ['40001', 'could not serialize access'],
    ['57014', 'canceling statement due to statement timeout'],
    ['22P02', 'invalid input syntax for type uuid'],
  ])('leaves query faults alone: SQLSTATE %s (%s)', (code, message) => {
    expect(isDatabaseUnavailable(serverError(code, message))).toBe(false);
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'])(
    'recognises the socket error %s',
    (code) => {
      expect(isDatabaseUnavailable(nodeError(code))).toBe(true);
    },
  );

  it.each([
    'Connection terminated',
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'Client has encountered a connection error and is not queryable',
    'timeout exceeded when trying to connect',
  ])("recognises node-postgres' '%s'", (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it('leaves other errors and non-errors alone', () => {
    expect(isDatabaseUnavailable(new Error('Team not found'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it('looks through causes and aggregate errors', () => {
    const wrapped = new Error('procedure failed', { cause: new Error('query failed', { cause: serverError('57P01') }) });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([nodeError('ECONNREFUSED'), nodeError('ECONNREFUSED')], 'all refused'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('procedure failed', { cause: serverError('23505') }))).toBe(false);
  });

  it('stops on a cause chain that loops', () => {
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    first.cause = second;
    expect(isDatabaseUnavailable(first)).toBe(false);
  });

  it("recognises node-postgres' own error for a server that is not there", async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'postgres', connectionTimeoutMillis: 2_000 });
    try {
      const error = await pool.query('SELECT 1').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await pool.end();
    }
  });
});
