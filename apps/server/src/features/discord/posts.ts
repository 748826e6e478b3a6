import { withoutControlCharacters } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config';
import { retryAfterMs } from '../imports/platforms/http';

/** Each sender takes at most this many posts per turn, oldest first. */
const BATCH = 10;
/** A claimed post is someone else's to send for this long (a sender that died frees it after). */
const CLAIM_MS = 60_000;
/** Failed posts are retried after 10 s, 20 s, 40 s … at most an hour apart, then given up. */
const FIRST_RETRY_MS = 10_000;
const MAX_RETRY_MS = 60 * 60 * 1000;
const MAX_ATTEMPTS = 8;
/** Sent and given-up posts are kept this long. */
const KEEP_DAYS = 7;
/** How many teams a ranking post lists. */
const RANKING_TOP = 10;

export interface DiscordDeps {
  db: Kysely<Database>;
  config: Config;
}

/**
 * Discord reads Markdown: team names are shown as written. Line breaks and other control
 * characters are taken out, so a name stored before the contract refused them cannot add
 * lines to a post (docs/decisions/0079-plain-text-and-web-urls.md).
 */
const plain = (text: string) => withoutControlCharacters(text).replace(/([\\*_~`|>#[\]()-])/g, '\\$1');
const signed = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '±0');

async function matchMessage(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('matches as m')
    .innerJoin('teams as t1', 't1.id', 'm.team1_id')
    .innerJoin('teams as t2', 't2.id', 'm.team2_id')
    .leftJoin('competitions as c', 'c.id', 'm.competition_id')
    .leftJoin('match_elo as e', 'e.match_id', 'm.id')
    .select([
      't1.name as team1',
      't2.name as team2',
      'm.score_team1',
      'm.score_team2',
      'e.team1_elo_before',
      'e.team1_elo_change',
      'e.team2_elo_before',
      'e.team2_elo_change',
      'c.name as competition',
      sql<boolean>`e.match_id IS NOT NULL`.as('elo_applied'),
    ])
    .where('m.id', '=', id)
    .executeTakeFirst();
  if (!row?.elo_applied) return undefined;
  const score = row.score_team1 !== null && row.score_team2 !== null ? `${row.score_team1}–${row.score_team2}` : 'vs';
  const elo = (team: string, before: number | null, change: number | null) =>
    before === null || change === null ? `${plain(team)}: Elo unchanged` : `${plain(team)}: ${before} → ${before + change} (${signed(change)})`;
  return [
    `Result: **${plain(row.team1)}** ${score} **${plain(row.team2)}**${row.competition ? ` · ${plain(row.competition)}` : ''}`,
    elo(row.team1, row.team1_elo_before, row.team1_elo_change),
    elo(row.team2, row.team2_elo_before, row.team2_elo_change),
  ].join('\n');
}

async function rankingMessage(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const ranking = await db
    .selectFrom('rankings as r')
    .innerJoin('seasons as s', 's.id', 'r.season_id')
    .select(['s.name as season', 'r.date'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!ranking) return undefined;
  const items = await db
    .selectFrom('ranking_items as i')
    .innerJoin('teams as t', 't.id', 'i.team_id')
    .select(['i.rank', 't.name', 'i.elo'])
    .where('i.ranking_id', '=', id)
    .orderBy('i.rank')
    .limit(RANKING_TOP)
    .execute();
  const day = new Date(ranking.date).toISOString().slice(0, 10);
  return [`Ranking ${plain(ranking.season)}, ${day}: top ${items.length}`, ...items.map((item) => `${item.rank}. ${plain(item.name)}, ${item.elo} Elo`)].join('\n');
}

type Outcome = { sent: true } | { sent: false; retryInMs?: number; error: string };

async function post(config: Config, url: string, content: string): Promise<Outcome> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // No @everyone or role pings, whatever a team is called.
      body: JSON.stringify({ content, allowed_mentions: { parse: [] } }),
      signal: AbortSignal.timeout(config.platformTimeoutMs),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return { sent: true };
    const retryInMs = response.status === 429 ? retryAfterMs(response.headers.get('retry-after')) : undefined;
    return { sent: false, retryInMs, error: `Discord answered ${response.status}` };
  } catch (error) {
    return { sent: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends the posts that are due, oldest first, one at a time (Discord limits a webhook's
 * rate). Rows are claimed with SKIP LOCKED, so replicas never send one post twice; a failure
 * is retried with backoff (a 429 after its Retry-After) and given up after 8 attempts.
 * Without DISCORD_WEBHOOK_URL, what the triggers queued is dropped.
 */
export async function deliverDiscordPosts(deps: DiscordDeps, now = new Date()): Promise<DeliveryReport> {
  const { db, config } = deps;
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  await db
    .deleteFrom('discord_outbox')
    .where((eb) => eb.or([eb('sent_at', '<', sql<Date>`${now}::timestamptz - make_interval(days => ${KEEP_DAYS})`), eb('failed_at', '<', sql<Date>`${now}::timestamptz - make_interval(days => ${KEEP_DAYS})`)]))
    .execute();
  const url = config.discordWebhookUrl;
  if (!url) {
    await db.deleteFrom('discord_outbox').where('sent_at', 'is', null).where('failed_at', 'is', null).execute();
    return report;
  }
  const { rows } = await sql<{ id: number; kind: 'match' | 'ranking'; subject_id: string; attempts: number }>`
    UPDATE discord_outbox SET attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + CLAIM_MS)}
    WHERE id IN (
      SELECT id FROM discord_outbox
      -- At the precision of a JS Date: the trigger stamps rows with the database's microseconds,
      -- and a post queued a moment ago would otherwise not be due yet.
      WHERE sent_at IS NULL AND failed_at IS NULL AND date_trunc('milliseconds', next_attempt_at) <= ${now}
      ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, subject_id, attempts
  `.execute(db);
  for (const row of rows.sort((a, b) => Number(a.id) - Number(b.id))) {
    const content = row.kind === 'match' ? await matchMessage(db, row.subject_id) : await rankingMessage(db, row.subject_id);
    if (content === undefined) {
      // The match was deleted or no longer counts, the ranking deleted: nothing to say.
      await db.updateTable('discord_outbox').set({ failed_at: now, last_error: 'Nothing to post any more' }).where('id', '=', row.id).execute();
      report.failed += 1;
      continue;
    }
    const outcome = await post(config, url, content);
    if (outcome.sent) {
      await db.updateTable('discord_outbox').set({ sent_at: new Date(), last_error: null }).where('id', '=', row.id).execute();
      report.sent += 1;
    } else if (row.attempts >= MAX_ATTEMPTS) {
      await db.updateTable('discord_outbox').set({ failed_at: new Date(), last_error: outcome.error }).where('id', '=', row.id).execute();
      report.failed += 1;
    } else {
      const wait = outcome.retryInMs ?? Math.min(FIRST_RETRY_MS * 2 ** (row.attempts - 1), MAX_RETRY_MS);
      await db
        .updateTable('discord_outbox')
        .set({ next_attempt_at: new Date(now.getTime() + wait), last_error: outcome.error })
        .where('id', '=', row.id)
        .execute();
      report.retrying += 1;
    }
  }
  return report;
}

interface Logger {
  warn(details: object, message: string): void;
}

/** How often each process looks for posts to send (without a URL: to drop them). */
const POLL_MS = 5_000;
const POLL_WITHOUT_URL_MS = 60_000;

/** Delivers posts on a timer in every process; errors are logged and the timer goes on. */
export function scheduleDiscordPosts(deps: DiscordDeps, log: Logger): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const interval = deps.config.discordWebhookUrl ? POLL_MS : POLL_WITHOUT_URL_MS;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = deliverDiscordPosts(deps)
        .then(() => undefined)
        .catch((error: unknown) => log.warn({ err: error }, 'Discord posts: delivery failed; trying again later'))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, interval);
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
