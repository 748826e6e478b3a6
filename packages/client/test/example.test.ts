import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import { buildApp, loadConfig } from '@campus-elo/server';
import { prepareData } from '@campus-elo/server/startup-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const OWNER = { email: 'owner@example.test', password: 'correct horse battery staple' };
const DAY_MS = 24 * 60 * 60 * 1000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const minuteOf = (date: Date) => `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)}`;

/** The lines under a section's heading, up to the next blank line. */
function section(lines: string[], heading: RegExp): { heading: RegExpMatchArray; lines: string[] } {
  const start = lines.findIndex((line) => heading.test(line));
  expect(start, `no line matching ${heading} in:\n${lines.join('\n')}`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, index) => index > start && line.trim() === '');
  return { heading: lines[start]!.match(heading)!, lines: lines.slice(start + 1, end === -1 ? undefined : end) };
}

/**
 * The demo league's results can all lie further back than a week (it has breaks between rounds),
 * so the last few results move into the past three days to give the week something to show.
 */
async function playRecentResults(database: TestDatabase, count: number): Promise<void> {
  const latest = await database.db
    .selectFrom('matches')
    .select('id')
    .where('status', '=', 'completed')
    .orderBy('date', 'desc')
    .limit(count)
    .execute();
  for (const [index, { id }] of latest.entries()) {
    await database.db
      .updateTable('matches')
      .set({ date: new Date(Date.now() - (index + 1) * DAY_MS) })
      .where('id', '=', id)
      .execute();
  }
}

describe('examples/top-10.ts against a running site', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let url: string;

  beforeAll(async () => {
    if (!existsSync(`${packageDir}/dist/index.js`)) throw new Error('No dist/index.js: run `pnpm build` first (pnpm test does)');
    database = await createTestDatabase();
    const config = loadConfig({ SEED: 'demo', LOG_LEVEL: 'warn', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
    await prepareData(database.db, config, () => {});
    await playRecentResults(database, 3);
    app = await buildApp({ db: database.db, config, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const runExample = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'examples/top-10.ts'], {
      cwd: packageDir,
      env: { PATH: process.env.PATH, ...env },
    });

  it('signs in and prints the top 10 teams and the week’s results', async () => {
    const startedAt = Date.now();
    const { stdout } = await runExample({ CAMPUS_ELO_URL: url, CAMPUS_ELO_EMAIL: OWNER.email, CAMPUS_ELO_PASSWORD: OWNER.password });
    const finishedAt = Date.now();
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^Signed in to ${url} \\(token valid until \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC\\)$`));

    const today = dayOf(startedAt);
    const season = await database.db
      .selectFrom('seasons')
      .select(['id', 'name'])
      .where('start_date', '<=', today)
      .where('end_date', '>=', today)
      .executeTakeFirstOrThrow();
    const topTeams = await database.db
      .selectFrom('teams')
      .select(['name', 'school_name', 'elo'])
      // A team of the season: it entered one of its competitions or plays one of its matches (packages/domain, season-place).
      .where('id', 'in', (eb) => eb.selectFrom('season_teams').select('team_id').where('season_id', '=', season.id))
      .orderBy('elo', 'desc')
      .orderBy('name')
      .orderBy('id')
      .limit(10)
      .execute();
    expect(topTeams).toHaveLength(10);
    const top = section(lines, /^Top 10 teams by Elo, (.+)$/);
    expect(top.heading[1]).toBe(season.name);
    expect(top.lines).toEqual(
      topTeams.map((team, index) => `${String(index + 1).padStart(3)}. ${String(team.elo).padStart(5)}  ${team.name}${team.school_name ? ` (${team.school_name})` : ''}`),
    );

    const week = section(lines, /^Results since (\d{4}-\d{2}-\d{2}) \((\d+) matches, times in UTC\)$/);
    const since = week.heading[1]!;
    expect([dayOf(startedAt - 7 * DAY_MS), dayOf(finishedAt - 7 * DAY_MS)]).toContain(since);
    const results = await database.db
      .selectFrom('matches')
      .innerJoin('teams as team1', 'team1.id', 'matches.team1_id')
      .innerJoin('teams as team2', 'team2.id', 'matches.team2_id')
      .select(['matches.date', 'matches.score_team1', 'matches.score_team2', 'team1.name as team1', 'team2.name as team2'])
      .where('matches.status', '=', 'completed')
      .where('matches.date', '>=', new Date(`${since}T00:00:00Z`))
      .orderBy('matches.date', 'desc')
      .orderBy('matches.id', 'desc')
      .execute();
    expect(results.length).toBeGreaterThanOrEqual(3);
    expect(Number(week.heading[2])).toBe(results.length);
    expect(week.lines).toEqual(results.map((m) => `  ${minuteOf(m.date as Date)}  ${m.team1} ${m.score_team1}-${m.score_team2} ${m.team2}`));
  });

  it('stops with the server’s message when the password is wrong', async () => {
    const run = runExample({ CAMPUS_ELO_URL: url, CAMPUS_ELO_EMAIL: OWNER.email, CAMPUS_ELO_PASSWORD: 'wrong password' });
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Invalid email or password') });
  });
});
