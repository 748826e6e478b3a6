import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, setMatchElo, type TestDatabase } from '@campus-elo/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ids, insertLeague } from '../../../test/league-fixture';
import { loadConfig } from '../../config';
import { deliverDiscordPosts, type DiscordDeps } from './posts';

/** A local stand-in for a Discord webhook: records each post, answers what `answers` says next (then 204). */
interface FakeDiscord {
  url: string;
  posts: { content: string; allowed_mentions: unknown }[];
  answers: { status: number; headers?: Record<string, string> }[];
  close(): Promise<void>;
}

async function startFakeDiscord(): Promise<FakeDiscord> {
  const fake = { posts: [], answers: [] } as unknown as FakeDiscord;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const answer = fake.answers.shift() ?? { status: 204 };
      if (answer.status < 300) fake.posts.push(JSON.parse(body));
      res.writeHead(answer.status, answer.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/1/token`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

let database: TestDatabase;
let discord: FakeDiscord;
let deps: DiscordDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertLeague(database.db);
  discord = await startFakeDiscord();
  deps = { db: database.db, config: loadConfig({ LOG_LEVEL: 'silent', DISCORD_WEBHOOK_URL: discord.url, PLATFORM_TIMEOUT_MS: '2000' }) };
});
afterAll(async () => {
  await discord?.close();
  await database?.close();
});
beforeEach(async () => {
  discord.posts.length = 0;
  discord.answers.length = 0;
  await database.db.deleteFrom('discord_outbox').execute();
});

/** A result that starts to count, as the Elo ledger writes it. */
const complete = async (matchId: string, date = new Date()) => {
  await database.db.updateTable('matches').set({ status: 'completed', date, score_team1: 2, score_team2: 1 }).where('id', '=', matchId).execute();
  await setMatchElo(database.db, matchId, { team1_elo_before: 1000, team1_elo_change: 16, team2_elo_before: 1010, team2_elo_change: -16 });
};
const names = async (matchId: string) => {
  const row = await database.db
    .selectFrom('matches as m')
    .innerJoin('teams as t1', 't1.id', 'm.team1_id')
    .innerJoin('teams as t2', 't2.id', 'm.team2_id')
    .select(['t1.name as team1', 't2.name as team2'])
    .where('m.id', '=', matchId)
    .executeTakeFirstOrThrow();
  return row;
};
const pending = () => database.db.selectFrom('discord_outbox').selectAll().where('sent_at', 'is', null).where('failed_at', 'is', null).execute();

describe('Discord posts', () => {
  it('posts a completed result with both Elo changes, once, and only when delivery runs', async () => {
    await complete(ids.liveToday);
    // The write itself never calls Discord.
    expect(discord.posts).toEqual([]);
    expect(await deliverDiscordPosts(deps)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const { team1, team2 } = await names(ids.liveToday);
    expect(discord.posts).toHaveLength(1);
    expect(discord.posts[0]!.content).toContain(`**${team1}** 2–1 **${team2}**`);
    expect(discord.posts[0]!.content).toContain(`${team1}: 1000 → 1016 (+16)`);
    expect(discord.posts[0]!.content).toContain(`${team2}: 1010 → 994 (−16)`);
    expect(discord.posts[0]!.allowed_mentions).toEqual({ parse: [] });
    expect(await deliverDiscordPosts(deps)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(discord.posts).toHaveLength(1);
  });

  it('posts a new ranking snapshot with its top 10', async () => {
    const ranking = await database.db.insertInto('rankings').values({ season_id: ids.fall, date: new Date() }).returning('id').executeTakeFirstOrThrow();
    const teams = await database.db.selectFrom('teams').select(['id', 'name']).orderBy('name').execute();
    await database.db
      .insertInto('ranking_items')
      .values(teams.map((team, index) => ({ ranking_id: ranking.id, team_id: team.id, rank: index + 1, elo: 1200 - index * 10 })))
      .execute();
    await deliverDiscordPosts(deps);
    const lines = discord.posts[0]!.content.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^Ranking .+, \\d{4}-\\d{2}-\\d{2}: top ${Math.min(teams.length, 10)}$`));
    expect(lines[1]).toBe(`1. ${teams[0]!.name}, 1200 Elo`);
    expect(lines).toHaveLength(1 + Math.min(teams.length, 10));
  });

  it('retries a failed post with backoff, after Retry-After on a 429, and gives up after 8 attempts', async () => {
    await complete(ids.lateTonight);
    discord.answers.push({ status: 500 });
    // A second on: the database's clock has microseconds, a Date only milliseconds.
    const start = new Date(Date.now() + 1000);
    expect(await deliverDiscordPosts(deps, start)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [afterFailure] = await pending();
    expect(afterFailure).toMatchObject({ attempts: 1, last_error: 'Discord answered 500' });
    expect(afterFailure!.next_attempt_at.getTime()).toBe(start.getTime() + 10_000);
    // Not due yet: nothing is sent.
    expect(await deliverDiscordPosts(deps, new Date(start.getTime() + 5_000))).toEqual({ sent: 0, retrying: 0, failed: 0 });

    discord.answers.push({ status: 429, headers: { 'retry-after': '120' } });
    await deliverDiscordPosts(deps, new Date(start.getTime() + 10_000));
    const [afterLimit] = await pending();
    expect(afterLimit!.next_attempt_at.getTime()).toBe(start.getTime() + 10_000 + 120_000);

    expect(await deliverDiscordPosts(deps, new Date(start.getTime() + 130_000))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(discord.posts).toHaveLength(1);

    // A post that keeps failing is given up after its eighth attempt.
    await complete(ids.tomorrowMidnight);
    let at = start.getTime() + 200_000;
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      discord.answers.push({ status: 503 });
      const report = await deliverDiscordPosts(deps, new Date(at));
      expect(report).toEqual(attempt < 8 ? { sent: 0, retrying: 1, failed: 0 } : { sent: 0, retrying: 0, failed: 1 });
      at += 2 * 60 * 60 * 1000;
    }
    expect(await pending()).toEqual([]);
  });

  it('queues nothing for history (a result dated days ago), and drops posts while no URL is set', async () => {
    await complete(ids.fallFinal, new Date(Date.now() - 10 * 24 * 60 * 60 * 1000));
    expect(await pending()).toEqual([]);

    await complete(ids.springOpener);
    expect(await pending()).toHaveLength(1);
    const withoutUrl = { ...deps, config: loadConfig({ LOG_LEVEL: 'silent' }) };
    expect(await deliverDiscordPosts(withoutUrl)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await pending()).toEqual([]);
    expect(discord.posts).toEqual([]);
  });

  it('adds no lines for a team or competition name with CRLF and control characters already stored', async () => {
    // Stored before the contract refused such names (docs/decisions/0079-plain-text-and-web-urls.md).
    const team = await database.db
      .insertInto('teams')
      .values({ name: 'Evil\r\nResult: **Forged** 9–0 **Everyone**\nForged: 0 → 5000 (+5000)\u000b\u0001' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.updateTable('competitions').set({ name: 'NECC\r\nInjected line' }).where('id', '=', ids.necc).execute();
    const match = await database.db
      .insertInto('matches')
      .values({ platform: 'manual', external_id: 'discord-controls', team1_id: team.id, team2_id: ids.alpha, status: 'scheduled', competition_id: ids.necc, date: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await complete(match.id);
    expect(await deliverDiscordPosts(deps)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const lines = discord.posts[0]!.content.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Result: \*\*Evil Result: .* · NECC Injected line$/);
    expect(lines[1]).toMatch(/^Evil Result: .*: 1000 → 1016 \(\+16\)$/);
    expect(lines[2]).toBe('Alpha Wolves: 1010 → 994 (−16)');
    // eslint-disable-next-line no-control-regex -- the test looks for control characters
    for (const line of lines) expect(line).not.toMatch(/[\u0000-\u001f\u007f]/);
  });
});
