import type { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';

export interface NotificationHandlers {
  /** A NOTIFY on the channel arrived; its payload. */
  onNotification(payload: string): void;
  /**
   * The subscription is (again) in place. After the first time, notices sent while it was
   * away are lost: whatever was built on them must be dropped.
   */
  onListening(): void;
  /** The listening connection failed; it is being opened again (for the log). */
  onError?(error: unknown, retryInMs: number): void;
}

/** Ends a subscription. */
export type StopListening = () => Promise<void>;

/** How the listening connection names itself to PostgreSQL (pg_stat_activity). */
export const LISTENER_APPLICATION_NAME = 'campus-elo listener';

/** First wait before opening a lost listening connection again; it doubles up to the maximum. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5_000;
/**
 * A listening connection only receives, so a server that vanished without closing the socket
 * would go unnoticed: it is asked SELECT 1 this often, and dropped when that fails or hangs.
 */
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;

/**
 * LISTEN on its own PostgreSQL connection (a pooled one is handed back between queries, and its
 * LISTEN with it). A lost connection is reopened with exponential backoff, forever, until stopped.
 */
export function listenPostgres(connectionString: string, channel: string, handlers: NotificationHandlers): StopListening {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let retryMs = RETRY_FIRST_MS;

  const connect = async () => {
    retryTimer = undefined;
    if (stopped) return;
    const current = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME, connectionTimeoutMillis: HEARTBEAT_TIMEOUT_MS, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client = current;
    let lost = false;
    const lose = (error: unknown) => {
      if (lost) return;
      lost = true;
      clearInterval(heartbeat);
      current.removeAllListeners('notification');
      void current.end().catch(() => {});
      if (stopped) return;
      handlers.onError?.(error, retryMs);
      retryTimer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
    // A cut connection emits 'error' (and an unhandled one would end the process), or just 'end'.
    current.on('error', lose);
    current.on('end', () => lose(new Error('The listening connection closed')));
    current.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lose(error);
      return;
    }
    if (lost || stopped) return;
    retryMs = RETRY_FIRST_MS;
    heartbeat = setInterval(() => {
      const silent = setTimeout(() => lose(new Error('The listening connection did not answer')), HEARTBEAT_TIMEOUT_MS);
      current.query('SELECT 1').then(() => clearTimeout(silent), (error: unknown) => {
        clearTimeout(silent);
        lose(error);
      });
    }, HEARTBEAT_MS);
    heartbeat.unref();
    handlers.onListening();
  };
  void connect();

  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearInterval(heartbeat);
    await client?.end().catch(() => {});
  };
}

/**
 * LISTEN on the embedded database: one process, one connection, so it hears its own writes.
 * The LISTEN goes through Kysely, which queues it behind any transaction in progress.
 */
export async function listenPglite(pglite: PGlite, db: Kysely<any>, channel: string, handlers: NotificationHandlers): Promise<StopListening> {
  const unsubscribe = pglite.onNotification((from, payload) => {
    if (from === channel) handlers.onNotification(payload);
  });
  await sql`LISTEN ${sql.id(channel)}`.execute(db);
  handlers.onListening();
  return async () => {
    unsubscribe();
    if (!pglite.closed) await sql`UNLISTEN ${sql.id(channel)}`.execute(db);
  };
}
