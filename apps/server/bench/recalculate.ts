/**
 * Times "Recalculate all Elo" on the scale league (factor 100: 300,000+ matches) in a throwaway
 * PostgreSQL database, or in the seeded one BENCH_DATABASE_URL names (bench/database.ts).
 * Run: cd apps/server && npx tsx bench/recalculate.ts [factor]
 * DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres).
 *
 * Three runs: a reset to 1001, which moves every Elo (the seed starts teams from their roster,
 * and a kept database was left at 1000 by the last run); the same again, which changes
 * nothing; a reset to 1000, which moves every Elo again.
 *
 * Then one what-if evaluation (features/ratings) per setting, the live Elo and Glicko-2, timed
 * by part: the read, the order (which matches count, as the live replay decides), the replay
 * and the figures (all time and per season); and the what-if job itself, which reads once and
 * evaluates every setting.
 *
 * Besides wall time it prints the CPU seconds spent by this process and by the database
 * backend (read from /proc when the server is on this machine): on a busy machine those say
 * more than the wall clock.
 */
import { readFileSync } from 'node:fs';
import { teamEloRecalculateInput } from '@campus-elo/api-contract';
import { createDatabase } from '@campus-elo/db';
import { sql } from 'kysely';
import { LIVE_RATING_SETTINGS, replayChances, type RatingSettings } from '@campus-elo/domain';
import { recalculateAllElo } from '../src/features/elo/recalculate';
import { evaluateRatings, evaluationScopes, scopeFigures } from '../src/features/ratings/figures';
import { leagueHistory, readCompletedMatches } from '../src/features/ratings/history';
import { benchDatabase } from './database';

const factor = Number(process.argv[2] ?? 100);

/** CPU seconds (user + system) a process has used, or undefined when /proc cannot tell. */
function processCpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

const database = await benchDatabase(factor, (line) => console.log(line));
// One connection, so the backend measured is the one that runs the recalculation.
const single = createDatabase({ databaseUrl: database.url, poolSize: 1 });
try {
  const counts = await sql<{ total: number; completed: number }>`
    SELECT count(*) AS total, count(*) FILTER (WHERE status = 'completed') AS completed FROM matches
  `.execute(single.db);
  const { total, completed } = counts.rows[0]!;
  console.log(`${total.toLocaleString('en-US')} matches, ${completed.toLocaleString('en-US')} completed`);

  const backendPid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(single.db)).rows[0]!.pid;
  for (const defaultElo of [1001, 1001, 1000]) {
    const backendBefore = processCpuSeconds(backendPid);
    const ownBefore = process.cpuUsage();
    const started = performance.now();
    const answer = await recalculateAllElo(single.db, teamEloRecalculateInput.parse({ default_elo: defaultElo }), null);
    const wall = (performance.now() - started) / 1000;
    const own = process.cpuUsage(ownBefore);
    const backendAfter = processCpuSeconds(backendPid);
    const backend = backendBefore !== undefined && backendAfter !== undefined ? `${(backendAfter - backendBefore).toFixed(1)} s` : 'n/a';
    const audit = await single.db
      .selectFrom('audit_log')
      .select([sql<number>`(details->>'matches_written')::int`.as('matches'), sql<{ read: number; replay: number; write: number }>`details->'replay_ms'`.as('parts')])
      .where('action', '=', 'recalculate_elo')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    console.log(`Recalculate all Elo, reset to ${defaultElo}: ${answer.elo_changes.length.toLocaleString('en-US')} teams' and ${audit.matches.toLocaleString('en-US')} matches' Elo changed`);
    const { read, replay, write } = audit.parts;
    const part = (ms: number) => (ms / 1000).toFixed(2);
    console.log(`  wall ${wall.toFixed(1)} s: read ${part(read)} s, replay ${part(replay)} s, write ${part(write)} s, the rest (snapshots, run, audit, commit) ${part(wall * 1000 - read - replay - write)} s`);
    console.log(`  CPU: this process ${((own.user + own.system) / 1e6).toFixed(1)} s, database backend ${backend}`);
    console.log(`  processed ${answer.summary.processed_count.toLocaleString('en-US')}, skipped ${answer.summary.error_count}`);
  }

  // The what-if comparison of the issue: the live K = 150, two other K values, Glicko-2.
  const evaluated: RatingSettings[] = [
    LIVE_RATING_SETTINGS,
    { system: 'elo', k: 100, scale: 800 },
    { system: 'elo', k: 200, scale: 800 },
    { system: 'glicko2', tau: 0.5, deviation: 350, volatility: 0.06 },
  ];
  for (const settings of evaluated) {
    const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);
    let mark = performance.now();
    const started = mark;
    const completed = await readCompletedMatches(single.db);
    const read = seconds(mark);
    mark = performance.now();
    const history = leagueHistory(completed);
    const order = seconds(mark);
    mark = performance.now();
    const chances = replayChances(history.seeds, history.matches, settings);
    const replay = seconds(mark);
    mark = performance.now();
    const scopes = evaluationScopes(history);
    const [allTime] = scopeFigures(history, scopes, chances);
    const figures = seconds(mark);
    console.log(
      `Evaluate ${JSON.stringify(settings)}: ${history.matchIds.length.toLocaleString('en-US')} rated matches, ${scopes.length - 1} seasons; all time: accuracy ${allTime?.accuracy?.toFixed(4)}, Brier ${allTime?.brier?.toFixed(4)}, log-loss ${allTime?.log_loss?.toFixed(4)}`,
    );
    console.log(`  wall ${seconds(started)} s: read ${read} s, order ${order} s, replay ${replay} s, figures ${figures} s`);
  }

  // The what-if job as the Control Panel runs it: one read, then every setting over the same history.
  const jobStarted = performance.now();
  const report = await evaluateRatings(single.db, { settings: evaluated });
  console.log(
    `What-if job, ${evaluated.length} settings with both baselines, all time and ${report.scopes.length - 1} seasons: wall ${((performance.now() - jobStarted) / 1000).toFixed(2)} s`,
  );
} finally {
  await single.close();
  await database.close();
}
