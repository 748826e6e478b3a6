import { buildApp } from './app';
import { loadConfig } from './config';
import { notificationSourceFor } from './features/live/notifications';
import { openDatabase } from './startup';

const config = loadConfig();
const handle = await openDatabase(config, (line) => console.log(line));
const app = await buildApp({
  db: handle.db,
  config,
  notifications: notificationSourceFor(handle, config.databaseUrl, { warn: (details, message) => console.warn(message, details) }),
});

async function shutdown(signal: string) {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await handle.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
