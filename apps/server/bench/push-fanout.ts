// `pnpm --filter @campus-elo/server bench:push`: one result to N followers of a team, sent by
// two sender turns at once (two replicas) to a local fake push service; prints how long the
// fan-out took and how many pushes arrived (decision 0099, "Figures").
import { createDatabase, createTestDatabase } from '@campus-elo/db';
import { ids, insertLeague } from '../test/league-fixture';
import { startFakePushService } from '../test-support/fakes';
import { loadConfig } from '../src/config';
import { deliverPushNotifications } from '../src/features/push/send';

// Two replicas share one database: the embedded one (no DATABASE_URL) would give each its own.
if (!process.env.DATABASE_URL) {
  console.error('bench:push needs DATABASE_URL (a PostgreSQL server both replicas connect to), e.g. postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(1);
}

const sizes = (process.argv[2] ?? '100,500').split(',').map(Number);
const config = loadConfig({ LOG_LEVEL: 'silent', PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' });
const rows: string[] = ['| followers | pushes received | sent (replica A + B) | duplicates skipped | wall time | per push |', '|---|---|---|---|---|---|'];

for (const size of sizes) {
  const database = await createTestDatabase();
  const second = createDatabase({ databaseUrl: database.url });
  const push = await startFakePushService();
  try {
    await insertLeague(database.db);
    for (let n = 0; n < size; n += 1) {
      const browser = push.browser(`b${n}`);
      const sub = await database.db
        .insertInto('push_subscriptions')
        .values({ endpoint: browser.endpoint, p256dh: browser.subscription.keys.p256dh, auth: browser.subscription.keys.auth })
        .returning('id')
        .executeTakeFirstOrThrow();
      await database.db.insertInto('push_follows').values({ subscription_id: sub.id, team_id: ids.alpha, starting_soon: false, minutes_before: 30, started: false, result: true, rank_change: false }).execute();
    }
    // Keys made before the clock starts.
    await deliverPushNotifications({ db: database.db, config });
    await database.db
      .updateTable('matches')
      .set({ status: 'completed', date: new Date(), score_team1: 2, score_team2: 0 })
      .where('id', '=', ids.liveToday)
      .execute();
    await database.db
      .insertInto('match_elo')
      .values({ match_id: ids.liveToday, team1_elo_before: 1500, team1_elo_change: 12, team2_elo_before: 1480, team2_elo_change: -12 })
      .execute();
    const started = performance.now();
    const [a, b] = await Promise.all([deliverPushNotifications({ db: database.db, config }), deliverPushNotifications({ db: second.db, config })]);
    const ms = performance.now() - started;
    rows.push(`| ${size} | ${push.received.length} | ${a.sent} + ${b.sent} | ${a.duplicates + b.duplicates} | ${ms.toFixed(0)} ms | ${(ms / push.received.length).toFixed(2)} ms |`);
  } finally {
    await push.close();
    await second.close();
    await database.close();
  }
}
console.log(rows.join('\n'));
