import type { PushNotificationPayload } from '@campus-elo/api-contract';
import { withoutControlCharacters } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import webpush from 'web-push';
import type { Config } from '../../config';
import { vapidKeys } from './vapid';

/** At most this many notifications per subscription per minute; more are dropped, not delayed (a late 'starting soon' is worth nothing). */
export const PUSH_PER_SUBSCRIPTION_PER_MINUTE = 6;
/** Pushes under way at once from one process. */
const CONCURRENT_SENDS = 16;
/** Events read per turn, oldest first. */
const EVENT_BATCH = 50;
/** Sent-notification records are kept this long (longer than any event can come again). */
const KEEP_SENT_DAYS = 30;
const KEEP_EVENTS_DAYS = 7;

export interface PushDeps {
  db: Kysely<Database>;
  config: Config;
}

type Urgency = 'very-low' | 'low' | 'normal' | 'high';

/** One notification for one subscription; `key` is what makes it unique for that subscription. */
interface Notification {
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  key: string;
  payload: PushNotificationPayload;
  ttlSeconds: number;
  urgency: Urgency;
}

interface Recipient {
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushReport {
  /** Accepted by the push service. */
  sent: number;
  /** Already sent (by this or another replica), or its subscription deleted meanwhile: nothing done. */
  duplicates: number;
  /** Over the subscription's per-minute limit: dropped. */
  rateLimited: number;
  /** The push service answered 404 or 410: the subscription was deleted. */
  gone: number;
  /** Any other failure (logged by the caller; not retried). */
  failed: number;
}

const plain = (text: string) => withoutControlCharacters(text);
const signed = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '±0');

interface MatchRow {
  id: string;
  team1_id: string;
  team2_id: string;
  team1: string;
  team2: string;
  score_team1: number | null;
  score_team2: number | null;
  team1_elo_before: number | null;
  team1_elo_change: number | null;
  team2_elo_before: number | null;
  team2_elo_change: number | null;
  competition: string | null;
  date: Date | null;
  status: string;
  elo_applied: boolean;
}

const matchQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('matches as m')
    .innerJoin('teams as t1', 't1.id', 'm.team1_id')
    .innerJoin('teams as t2', 't2.id', 'm.team2_id')
    .leftJoin('competitions as c', 'c.id', 'm.competition_id')
    .leftJoin('match_elo as e', 'e.match_id', 'm.id')
    .select([
      'm.id',
      'm.team1_id',
      'm.team2_id',
      't1.name as team1',
      't2.name as team2',
      'm.score_team1',
      'm.score_team2',
      'e.team1_elo_before',
      'e.team1_elo_change',
      'e.team2_elo_before',
      'e.team2_elo_change',
      'c.name as competition',
      'm.date',
      'm.status',
      sql<boolean>`e.match_id IS NOT NULL`.as('elo_applied'),
    ]);

const recipientColumns = ['s.id as subscription_id', 's.endpoint', 's.p256dh', 's.auth'] as const;

/** Followers of either team of `match` who chose `choice`, with the team they follow. */
async function teamFollowers(db: Kysely<Database>, match: MatchRow, choice: 'started' | 'result'): Promise<(Recipient & { team_id: string })[]> {
  return db
    .selectFrom('push_follows as f')
    .innerJoin('push_subscriptions as s', 's.id', 'f.subscription_id')
    .select([...recipientColumns, 'f.team_id'])
    .where('f.team_id', 'in', [match.team1_id, match.team2_id])
    .where(`f.${choice}`, '=', true)
    .orderBy('f.team_id')
    .execute();
}

const matchTitle = (m: MatchRow) => `${plain(m.team1)} vs ${plain(m.team2)}`;

async function startedNotifications(db: Kysely<Database>, matchId: string): Promise<Notification[]> {
  const match = await matchQuery(db).where('m.id', '=', matchId).executeTakeFirst();
  if (!match || match.status !== 'in_progress') return [];
  const payload = { title: `${matchTitle(match)} has started`, body: match.competition ? `${plain(match.competition)}: follow it live` : 'Follow it live', url: `/matches/${match.id}`, tag: `match-${match.id}` };
  return (await teamFollowers(db, match, 'started')).map((r) => ({ ...toTarget(r), key: `started:${match.id}`, payload, ttlSeconds: 60 * 60, urgency: 'high' }));
}

async function resultNotifications(db: Kysely<Database>, matchId: string): Promise<Notification[]> {
  const match = await matchQuery(db).where('m.id', '=', matchId).executeTakeFirst();
  if (!match || !match.elo_applied || match.status !== 'completed') return [];
  const score = match.score_team1 !== null && match.score_team2 !== null ? `${match.score_team1}–${match.score_team2}` : 'vs';
  const title = `${plain(match.team1)} ${score} ${plain(match.team2)}`;
  const eloLine = (teamId: string) => {
    const [name, before, change] =
      teamId === match.team1_id ? [match.team1, match.team1_elo_before, match.team1_elo_change] : [match.team2, match.team2_elo_before, match.team2_elo_change];
    return before === null || change === null ? `${plain(name)}: Elo unchanged` : `${plain(name)}: ${before} → ${before + change} Elo (${signed(change)})`;
  };
  return (await teamFollowers(db, match, 'result')).map((r) => ({
    ...toTarget(r),
    key: `result:${match.id}`,
    payload: { title, body: eloLine(r.team_id), url: `/matches/${match.id}`, tag: `match-${match.id}` },
    ttlSeconds: 24 * 60 * 60,
    urgency: 'normal',
  }));
}

/** Followers (rank_change) of teams whose rank in this snapshot differs from the season's snapshot before it. */
async function rankingNotifications(db: Kysely<Database>, rankingId: string): Promise<Notification[]> {
  const ranking = await db
    .selectFrom('rankings as r')
    .innerJoin('seasons as se', 'se.id', 'r.season_id')
    .select(['r.id', 'r.season_id', 'r.date', 'se.name as season'])
    .where('r.id', '=', rankingId)
    .executeTakeFirst();
  if (!ranking) return [];
  const previous = await db
    .selectFrom('rankings')
    .select('id')
    .where('season_id', '=', ranking.season_id)
    .where('date', '<', ranking.date)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst();
  // The season's first snapshot changes nobody's rank.
  if (!previous) return [];
  const rows = await db
    .selectFrom('push_follows as f')
    .innerJoin('push_subscriptions as s', 's.id', 'f.subscription_id')
    .innerJoin('ranking_items as now', (join) => join.onRef('now.team_id', '=', 'f.team_id').on('now.ranking_id', '=', ranking.id))
    .leftJoin('ranking_items as before', (join) => join.onRef('before.team_id', '=', 'f.team_id').on('before.ranking_id', '=', previous.id))
    .innerJoin('teams as t', 't.id', 'f.team_id')
    .select([...recipientColumns, 'f.team_id', 't.name', 'now.rank as rank', 'before.rank as rank_before'])
    .where('f.rank_change', '=', true)
    .where(sql<boolean>`now.rank IS DISTINCT FROM before.rank`)
    .execute();
  return rows.map((r) => ({
    ...toTarget(r),
    key: `rank:${ranking.id}:${r.team_id}`,
    payload: {
      title: `${plain(r.name)} is now #${r.rank}`,
      body: r.rank_before === null ? `New in the ${plain(ranking.season)} ranking` : `${r.rank < r.rank_before ? 'Up' : 'Down'} from #${r.rank_before} in the ${plain(ranking.season)} ranking`,
      url: `/teams/${r.team_id}`,
      tag: `rank-${r.team_id}`,
    },
    ttlSeconds: 24 * 60 * 60,
    urgency: 'low',
  }));
}

/**
 * Scheduled matches starting within a follower's (starting_soon) or a reminder's minutes:
 * one notification per browser and match, whichever asked. Its key holds the start time, so
 * a match moved later is announced again at its new time.
 */
async function startingSoonNotifications(db: Kysely<Database>, now: Date): Promise<Notification[]> {
  const rows = await sql<Recipient & { match_id: string; team1: string; team2: string; competition: string | null; date: Date }>`
    SELECT s.id AS subscription_id, s.endpoint, s.p256dh, s.auth, m.id AS match_id, t1.name AS team1, t2.name AS team2, c.name AS competition, m.date
    FROM matches m
    JOIN teams t1 ON t1.id = m.team1_id
    JOIN teams t2 ON t2.id = m.team2_id
    LEFT JOIN competitions c ON c.id = m.competition_id
    JOIN LATERAL (
      SELECT f.subscription_id, f.minutes_before FROM push_follows f WHERE f.starting_soon AND f.team_id IN (m.team1_id, m.team2_id)
      UNION ALL
      SELECT r.subscription_id, r.minutes_before FROM push_reminders r WHERE r.match_id = m.id
    ) w ON true
    JOIN push_subscriptions s ON s.id = w.subscription_id
    WHERE m.status = 'scheduled' AND m.date > ${now} AND m.date <= ${now}::timestamptz + make_interval(mins => w.minutes_before)
  `.execute(db);
  return rows.rows.map((r) => {
    const date = new Date(r.date);
    const minutes = Math.max(1, Math.round((date.getTime() - now.getTime()) / 60_000));
    return {
      ...toTarget(r),
      key: `soon:${r.match_id}:${date.toISOString()}`,
      payload: {
        title: `${plain(r.team1)} vs ${plain(r.team2)} starts in ${minutes} min`,
        body: r.competition ? plain(r.competition) : 'Starting soon',
        url: `/matches/${r.match_id}`,
        tag: `match-${r.match_id}`,
      },
      // Worth nothing once the match has started.
      ttlSeconds: Math.max(60, Math.round((date.getTime() - now.getTime()) / 1000)),
      urgency: 'high',
    };
  });
}

const toTarget = (r: Recipient) => ({ subscriptionId: r.subscription_id, endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth });

/**
 * Records the notification as sent (unique per subscription and key) and counts it against
 * the subscription's minute, in one transaction, before anything goes out: of two replicas,
 * or of a turn and its rerun, exactly one gets 'send'. A crash between this and the push
 * loses that one notification rather than sending it twice (docs/decisions/0099-web-push-follows.md).
 */
async function claim(db: Kysely<Database>, n: Notification, now: Date): Promise<'send' | 'duplicate' | 'rate_limited'> {
  try {
    return await claimInTransaction(db, n, now);
  } catch (error) {
    // Another replica deleted the subscription (its push service said 410) since this turn read it.
    if (isForeignKeyViolation(error)) return 'duplicate';
    throw error;
  }
}

const isForeignKeyViolation = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';

async function claimInTransaction(db: Kysely<Database>, n: Notification, now: Date): Promise<'send' | 'duplicate' | 'rate_limited'> {
  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto('push_sent')
      .values({ subscription_id: n.subscriptionId, event_key: n.key, sent_at: now })
      .onConflict((oc) => oc.columns(['subscription_id', 'event_key']).doNothing())
      .returning('subscription_id')
      .executeTakeFirst();
    if (!recorded) return 'duplicate';
    const minuteAgo = new Date(now.getTime() - 60_000);
    const counted = await trx
      .updateTable('push_subscriptions')
      .set((eb) => ({
        window_started_at: eb.case().when('window_started_at', 'is', null).then(now).when('window_started_at', '<=', minuteAgo).then(now).else(eb.ref('window_started_at')).end(),
        sent_in_window: eb.case().when('window_started_at', 'is', null).then(1).when('window_started_at', '<=', minuteAgo).then(1).else(sql<number>`sent_in_window + 1`).end(),
        last_sent_at: now,
      }))
      .where('id', '=', n.subscriptionId)
      .where((eb) => eb.or([eb('window_started_at', 'is', null), eb('window_started_at', '<=', minuteAgo), eb('sent_in_window', '<', PUSH_PER_SUBSCRIPTION_PER_MINUTE)]))
      .returning('id')
      .executeTakeFirst();
    // Over the limit: the record stays, so it is not tried again either.
    return counted ? 'send' : 'rate_limited';
  });
}

/**
 * Encrypts (aes128gcm) and signs (VAPID) with `web-push`, then posts with fetch: web-push's
 * own sender speaks https only, and the tests' fake push service is http on 127.0.0.1.
 */
async function push(deps: PushDeps, n: Notification): Promise<'sent' | 'gone' | { error: string }> {
  const keys = await vapidKeys(deps.db, deps.config);
  const details = webpush.generateRequestDetails({ endpoint: n.endpoint, keys: { p256dh: n.p256dh, auth: n.auth } }, JSON.stringify(n.payload), {
    vapidDetails: { subject: deps.config.push.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: n.ttlSeconds,
    urgency: n.urgency,
    contentEncoding: 'aes128gcm',
  });
  try {
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ?? undefined,
      signal: AbortSignal.timeout(deps.config.platformTimeoutMs),
      redirect: 'error',
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return 'sent';
    if (response.status === 404 || response.status === 410) return 'gone';
    return { error: `The push service answered ${response.status}` };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Claims and sends `notifications`, CONCURRENT_SENDS at a time. */
async function sendAll(deps: PushDeps, notifications: Notification[], now: Date, report: PushReport, onError: (error: string) => void): Promise<void> {
  const queue = [...notifications];
  const worker = async () => {
    for (let n = queue.shift(); n; n = queue.shift()) {
      const claimed = await claim(deps.db, n, now);
      if (claimed === 'duplicate') report.duplicates += 1;
      else if (claimed === 'rate_limited') report.rateLimited += 1;
      else {
        const outcome = await push(deps, n);
        if (outcome === 'sent') report.sent += 1;
        else if (outcome === 'gone') {
          // The browser unsubscribed or the subscription expired: everything it followed goes with it.
          await deps.db.deleteFrom('push_subscriptions').where('id', '=', n.subscriptionId).execute();
          report.gone += 1;
        } else {
          report.failed += 1;
          onError(outcome.error);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_SENDS, notifications.length) }, worker));
}

/**
 * One turn of the sender: the matches starting soon, then the events the triggers queued
 * (match started, result, ranking snapshot), oldest first. Safe to run in every replica at
 * once: each notification is claimed before it is sent (claim above).
 */
export async function deliverPushNotifications(deps: PushDeps, now = new Date(), onError: (error: string) => void = () => undefined): Promise<PushReport> {
  const { db } = deps;
  const report: PushReport = { sent: 0, duplicates: 0, rateLimited: 0, gone: 0, failed: 0 };
  await db.deleteFrom('push_sent').where('sent_at', '<', sql<Date>`${now}::timestamptz - make_interval(days => ${KEEP_SENT_DAYS})`).execute();
  await db.deleteFrom('push_events').where('handled_at', '<', sql<Date>`${now}::timestamptz - make_interval(days => ${KEEP_EVENTS_DAYS})`).execute();
  await sendAll(deps, await startingSoonNotifications(db, now), now, report, onError);
  // A reminder is used up once its match is under way, done, cancelled or deleted.
  await sql`DELETE FROM push_reminders r WHERE NOT EXISTS (SELECT 1 FROM matches m WHERE m.id = r.match_id AND m.status = 'scheduled')`.execute(db);
  const events = await db.selectFrom('push_events').select(['id', 'kind', 'subject_id']).where('handled_at', 'is', null).orderBy('id').limit(EVENT_BATCH).execute();
  for (const event of events) {
    const notifications =
      event.kind === 'started'
        ? await startedNotifications(db, event.subject_id)
        : event.kind === 'result'
          ? await resultNotifications(db, event.subject_id)
          : await rankingNotifications(db, event.subject_id);
    await sendAll(deps, notifications, now, report, onError);
    await db.updateTable('push_events').set({ handled_at: now }).where('id', '=', event.id).execute();
  }
  return report;
}

interface Logger {
  warn(details: object, message: string): void;
}

/** How often each process queues a sender's turn. */
export const PUSH_POLL_MS = 15_000;

/** What the sender needs of the job queue (features/jobs/queue.ts). */
export interface PushTaskQueue {
  workServerTask(task: 'push', handler: () => Promise<void>): Promise<void>;
  queueServerTask(task: 'push'): Promise<void>;
}

/**
 * Sending is a pg-boss task: every process queues a turn every 15 s (the queue keeps one
 * waiting at most, whoever queued it) and whichever replica's worker fetches it runs
 * deliverPushNotifications. Without a job queue (a process that only serves), nothing is
 * sent from here. Errors are logged and the timer goes on.
 */
export async function schedulePushNotifications(deps: PushDeps, jobs: PushTaskQueue, log: Logger): Promise<{ stop(): Promise<void> }> {
  await jobs.workServerTask('push', async () => {
    const report = await deliverPushNotifications(deps, new Date(), (error) => log.warn({ error }, 'push notification not delivered'));
    if (report.failed > 0 || report.gone > 0) log.warn({ ...report }, 'push notifications: some not delivered');
  });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = jobs
        .queueServerTask('push')
        .catch((error: unknown) => log.warn({ err: error }, 'push notifications: turn not queued; trying again later'))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, PUSH_POLL_MS);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
