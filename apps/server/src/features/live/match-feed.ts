import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import {
  changesAfter,
  latestChangeId,
  MATCH_CHANGES_CHANNEL,
  matchItemsById,
  MAX_RESUMED_CHANGES,
  parseChangePayload,
  pruneChanges,
  type MatchChange,
} from './match-changes';
import type { NotificationSource, NotificationSubscription } from './notifications';

/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_INTERVAL_MS = 15_000;

/** The change log is pruned at most this often. */
const PRUNE_INTERVAL_MS = 60_000;

/** An open stream: where its bytes go. */
export interface StreamClient {
  write(chunk: string): void;
  end(): void;
}

interface Logger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const HEARTBEAT = ': keep-alive\n\n';

/** `event: match`: the public match item, with the change's id for Last-Event-ID. */
export function matchEventFrame(id: number, item: unknown): string {
  return `id: ${id}\nevent: match\ndata: ${JSON.stringify(item)}\n\n`;
}

/** Too much was missed to replay it: the client reloads what it shows and goes on from `id`. */
export function resyncFrame(id: number): string {
  return `id: ${id}\nevent: resync\ndata: {}\n\n`;
}

/**
 * Every open stream of this process, fed from one LISTEN on the change channel. Each change
 * is read and serialised once for all streams; work happens one step at a time (a promise
 * chain), so a resuming stream's catch-up and the live changes never interleave. The only
 * timer is one shared heartbeat, running while any stream is open.
 */
export class MatchFeed {
  private readonly clients = new Set<StreamClient>();
  private subscription: Promise<NotificationSubscription> | undefined;
  /** The highest change id sent to the streams (or seen when listening began). */
  private lastId = 0;
  private listenedBefore = false;
  private pending: MatchChange[] = [];
  private flushQueued = false;
  private steps: Promise<void> = Promise.resolve();
  private heartbeat: NodeJS.Timeout | undefined;
  private lastPrunedAt = 0;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly source: NotificationSource,
    private readonly log: Logger,
  ) {}

  get openStreams(): number {
    return this.clients.size;
  }

  /**
   * Adds a stream; with `lastEventId`, first sends what changed after it (each match once,
   * as it is now). Answers the function that removes the stream again.
   */
  async open(client: StreamClient, lastEventId: number | undefined): Promise<() => void> {
    await this.ready();
    await this.step(async () => {
      if (lastEventId !== undefined) await this.catchUp(client, lastEventId);
      this.clients.add(client);
      this.startHeartbeat();
    });
    return () => this.remove(client);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    for (const client of this.clients) client.end();
    this.clients.clear();
    const subscription = this.subscription;
    this.subscription = undefined;
    await (await subscription?.catch(() => undefined))?.close();
  }

  private remove(client: StreamClient): void {
    this.clients.delete(client);
    if (this.clients.size === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const client of this.clients) client.write(HEARTBEAT);
    }, HEARTBEAT_INTERVAL_MS);
    this.heartbeat.unref();
  }

  /** Resolves once the change channel is listened to: what is committed after that reaches the streams. */
  ready(): Promise<NotificationSubscription> {
    this.subscription ??= this.source
      .listen(MATCH_CHANGES_CHANNEL, {
        onNotification: (payload) => this.received(payload),
        onListening: () => void this.step(() => this.listening()),
        onConnectionError: (error) => this.log.warn({ err: error }, 'live stream: LISTEN connection lost or not open; retrying'),
      })
      .catch((error: unknown) => {
        this.subscription = undefined;
        throw error;
      });
    return this.subscription;
  }

  /** Runs `work` after every step before it; a failed step is logged and does not stop the next. */
  private step(work: () => Promise<void>): Promise<void> {
    const run = this.steps.then(work);
    this.steps = run.catch((error: unknown) => this.log.error({ err: error }, 'live stream step failed'));
    return run;
  }

  /** First LISTEN: start after the newest change. After a reconnect: send what was missed meanwhile. */
  private async listening(): Promise<void> {
    if (!this.listenedBefore) {
      this.listenedBefore = true;
      this.lastId = Math.max(this.lastId, await latestChangeId(this.db));
      return;
    }
    const { changes, complete } = await changesAfter(this.db, this.lastId, MAX_RESUMED_CHANGES);
    if (!complete) {
      const latest = await latestChangeId(this.db);
      this.lastId = Math.max(this.lastId, latest);
      this.broadcast(resyncFrame(this.lastId));
      return;
    }
    await this.send(changes, (frame) => this.broadcast(frame));
  }

  private received(payload: string): void {
    const change = parseChangePayload(payload);
    if (!change || this.closed) return;
    this.pending.push(change);
    if (this.flushQueued) return;
    this.flushQueued = true;
    void this.step(async () => {
      this.flushQueued = false;
      const changes = this.pending;
      this.pending = [];
      await this.send(changes, (frame) => this.broadcast(frame));
      await this.pruneNowAndThen();
    });
  }

  private async catchUp(client: StreamClient, lastEventId: number): Promise<void> {
    const { changes, complete } = await changesAfter(this.db, lastEventId, MAX_RESUMED_CHANGES);
    if (!complete) {
      client.write(resyncFrame(this.lastId));
      return;
    }
    // Later ones are on their way to every stream, this one included once it is added.
    await this.send(
      changes.filter((change) => change.id <= this.lastId),
      (frame) => client.write(frame),
    );
  }

  /** Each match once (its latest change id), as it is now, in change order. */
  private async send(changes: MatchChange[], write: (frame: string) => void): Promise<void> {
    if (changes.length === 0) return;
    const latestPerMatch = new Map<string, number>();
    for (const change of changes) latestPerMatch.set(change.matchId, Math.max(change.id, latestPerMatch.get(change.matchId) ?? 0));
    const items = await matchItemsById(this.db, [...latestPerMatch.keys()]);
    const ordered = [...latestPerMatch].sort(([, a], [, b]) => a - b);
    for (const [matchId, id] of ordered) {
      const item = items.get(matchId);
      if (item) write(matchEventFrame(id, item));
      this.lastId = Math.max(this.lastId, id);
    }
  }

  private broadcast(frame: string): void {
    for (const client of this.clients) client.write(frame);
  }

  private async pruneNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrunedAt < PRUNE_INTERVAL_MS) return;
    this.lastPrunedAt = now;
    await pruneChanges(this.db);
  }
}
