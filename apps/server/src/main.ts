import { buildApp } from './app';
import { loadConfig } from './config';
import { scheduleDiscordPosts } from './features/discord/posts';
import { schedulePushNotifications } from './features/push/send';
import { JobQueue } from './features/jobs/queue';
import { scheduleStandingsChances } from './features/standings/chances';
import { schedulePlatformSync } from './features/sync/platform-sync';
import { databaseOutageRejections } from './lib/database-outage-rejections';
import { startBanner } from './start-banner';
import { openDatabase } from './startup';

const config = loadConfig();
process.on('unhandledRejection', databaseOutageRejections((message) => console.warn(message)));
// The demo owner's sign-in is printed again in the closing banner, after the server listens.
let demoOwner: string | null = null;
const handle = await openDatabase(config, (line) => {
  console.log(line);
  if (line.startsWith('Demo owner: ')) demoOwner = line.slice('Demo owner: '.length);
});
// The queue starts before the app (whose logger Fastify owns), so it logs one line per error.
const jobLog = {
  warn: ({ err, ...details }: { err?: unknown }, message: string) =>
    console.warn(err === undefined ? `${message} ${JSON.stringify(details)}` : `${message}: ${err instanceof Error ? err.message : String(err)}`),
};
const jobs = new JobQueue({ db: handle.db, config, kind: handle.kind }, handle, jobLog);
await jobs.start();
// handle.listen serves both the response cache and the live stream.
const app = await buildApp({ db: handle.db, readDb: handle.readDb, config, jobs, listen: handle.listen });

const sync = schedulePlatformSync({ db: handle.db, config, kind: handle.kind, jobs }, app.log.child({ feature: 'sync' }));
const discord = scheduleDiscordPosts({ db: handle.db, config }, app.log.child({ feature: 'discord' }));
const standingsChances = await scheduleStandingsChances(handle.db, handle.listen, jobs, app.log.child({ feature: 'standings' }));
const push = await schedulePushNotifications({ db: handle.db, config }, jobs, app.log.child({ feature: 'push' }));

async function shutdown(signal: string) {
  app.log.info({ signal }, 'shutting down');
  await sync.stop();
  await discord.stop();
  await standingsChances.stop();
  await push.stop();
  await app.close();
  await jobs.stop();
  await handle.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
if (config.seed === 'demo') console.log(startBanner({ url: `http://localhost:${config.port}`, demoOwner }));
