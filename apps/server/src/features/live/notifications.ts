import type { DatabaseHandle } from '@campus-elo/db';

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

/** A new stream waits at most this long for the first LISTEN (the database may be away). */
const FIRST_LISTEN_WAIT_MS = 5_000;

/**
 * The database handle's LISTEN (packages/db/src/notifications.ts: on PostgreSQL a connection
 * of its own, reopened with backoff when lost and never able to end the process; on PGlite
 * the engine's own NOTIFY, in the one process). Resolves once the first LISTEN is in place,
 * or after a short wait while the database is away: the feed catches up when it is back.
 */
export function notificationSource(listen: DatabaseHandle['listen']): NotificationSource {
  return {
    async listen(channel, handlers) {
      let listening!: () => void;
      const first = new Promise<void>((resolve) => (listening = resolve));
      const stop = await listen(channel, {
        onNotification: handlers.onNotification,
        onListening: () => {
          handlers.onListening();
          listening();
        },
        onError: (error) => handlers.onConnectionError(error),
      });
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([first, new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_LISTEN_WAIT_MS)))]);
      clearTimeout(timer);
      return { close: stop };
    },
  };
}
