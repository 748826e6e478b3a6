export { buildApp } from './app';
export { loadConfig, type Config } from './config';
export { openDatabase } from './startup';
export type { AppRouter } from './router';
