import type { DatabaseHandle } from '@campus-elo/db';
import pg from 'pg';

/** What a LISTEN subscriber is told. */
export interface NotificationHandlers {
  onNotification(payload: string): void;
  /**
   * The channel is (again) being listened to. Called after the first LISTEN and after every
   * reconnect: notifications sent while no connection listened are lost, so the caller
   * catches up from its own record of what it last saw.
   */
  onListening(): void;
  /** The connection was lost or could not open; it is being retried (for the log). */
  onConnectionError(error: unknown): void;
}

export interface NotificationSubscription {
  close(): Promise<void>;
}

/** PostgreSQL LISTEN, whichever engine runs it. */
export interface NotificationSource {
  listen(channel: string, handlers: NotificationHandlers): Promise<NotificationSubscription>;
}

/** First wait before reconnecting a lost LISTEN connection; doubles up to the cap. */
const RECONNECT_FIRST_DELAY_MS = 100;
const RECONNECT_MAX_DELAY_MS = 5_000;

/**
 * One dedicated connection per channel (a pooled one cannot LISTEN: it goes back to the
 * pool). A lost connection (restart, crash, network) is replaced with backoff, for ever,
 * until close(); errors never leave this function, so they cannot end the process.
 */
export function postgresNotifications(databaseUrl: string): NotificationSource {
  return {
    async listen(channel, handlers) {
      let closed = false;
      let client: pg.Client | undefined;
      let retry: NodeJS.Timeout | undefined;
      let delay = RECONNECT_FIRST_DELAY_MS;

      const scheduleReconnect = () => {
        if (closed || retry) return;
        retry = setTimeout(() => {
          retry = undefined;
          void connect();
        }, delay);
        retry.unref();
        delay = Math.min(delay * 2, RECONNECT_MAX_DELAY_MS);
      };

      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
        // Registered before connect(): an 'error' without a listener would end the process.
        const lost = (error?: Error) => {
          if (client !== next) return;
          client = undefined;
          if (closed) return;
          handlers.onConnectionError(error ?? new Error('LISTEN connection ended'));
          void next.end().catch(() => {});
          scheduleReconnect();
        };
        next.on('error', lost);
        next.on('end', () => lost());
        next.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) handlers.onNotification(message.payload);
        });
        client = next;
        try {
          await next.connect();
          await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          if (client === next) {
            client = undefined;
            handlers.onConnectionError(error);
            void next.end().catch(() => {});
            scheduleReconnect();
          }
          return;
        }
        if (closed || client !== next) {
          await next.end().catch(() => {});
          return;
        }
        delay = RECONNECT_FIRST_DELAY_MS;
        handlers.onListening();
      };

      // The first connection is awaited once, so a stream opened now hears what follows;
      // if the database is away it keeps trying in the background.
      await connect();
      return {
        async close() {
          closed = true;
          clearTimeout(retry);
          const current = client;
          client = undefined;
          await current?.end().catch(() => {});
        },
      };
    },
  };
}

/**
 * The embedded engine's own LISTEN (PGlite runs NOTIFY in-process): the same triggers and the
 * same code above it as on PostgreSQL. LISTEN is sent while holding the dialect's one
 * connection, so it never lands inside another caller's open transaction.
 */
export function pgliteNotifications(handle: DatabaseHandle): NotificationSource {
  const pglite = handle.pglite;
  if (!pglite) throw new Error('pgliteNotifications needs an embedded (PGlite) database');
  return {
    async listen(channel, handlers) {
      const unlisten = await handle.db.connection().execute(() => pglite.listen(channel, handlers.onNotification));
      handlers.onListening();
      return {
        async close() {
          // Closing after the database itself was closed has nothing left to undo.
          await handle.db.connection().execute(() => unlisten()).catch(() => {});
        },
      };
    },
  };
}

/** LISTEN for the database `handle` opened (`databaseUrl` is the one it was opened with). */
export function notificationSourceFor(handle: DatabaseHandle, databaseUrl: string | undefined): NotificationSource {
  if (handle.kind === 'pglite') return pgliteNotifications(handle);
  if (!databaseUrl) throw new Error('A PostgreSQL database handle needs its URL to LISTEN');
  return postgresNotifications(databaseUrl);
}
