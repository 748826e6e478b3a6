import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/*
 * Readable logs for the demo (SEED=demo, issue 29): one short line per request and plain
 * text for everything else, so the demo owner's sign-in printed at start does not scroll
 * away under two JSON lines per request. Production keeps pino's JSON (one object a line,
 * for log collectors). A small stream rather than pino-pretty: it needs no worker thread or
 * extra dependency, and the demo wants only time, level and message.
 */

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** Fastify's own two lines per request, which logRequestsInOneLine replaces with one. */
const REQUEST_MESSAGES = new Set(['incoming request', 'request completed']);

/** One pino JSON line as 'HH:MM:SS message', with the level when it is not info and the error's message; null for Fastify's request lines. */
export function readableLine(json: string): string | null {
  try {
    const entry = JSON.parse(json) as { time?: number; level?: number; msg?: string; err?: { message?: string } };
    if (entry.level === 30 && entry.msg && REQUEST_MESSAGES.has(entry.msg)) return null;
    const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
    const level = entry.level && entry.level !== 30 ? `${LEVELS[entry.level] ?? entry.level} ` : '';
    return `${time} ${level}${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`;
  } catch {
    return json;
  }
}

/** A pino destination that writes readableLine of each line to stdout. */
export function readableLogStream(): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        const readable = line.trim() ? readableLine(line) : null;
        if (readable !== null) process.stdout.write(`${readable}\n`);
      }
      done();
    },
  });
}

/** One line per answered request ('GET /rankings 200 12 ms'), in place of Fastify's two JSON lines. */
export function logRequestsInOneLine(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(`${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
  });
}
