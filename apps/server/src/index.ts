export { buildApp } from './app';
export { loadConfig, type Config } from './config';
export { JobQueue } from './features/jobs/queue';
export { openDatabase } from './startup';
export type { AppRouter } from './router';
