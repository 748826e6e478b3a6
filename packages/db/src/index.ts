export * from './schema';
export { createDatabase, type ConnectionOptions, type DatabaseHandle } from './connection';
export { isDatabaseUnavailable } from './database-unavailable';
export { migrateToLatest } from './migrate';
export { PGliteDialect } from './pglite-dialect';
export { createTestDatabase, eloLedgerBreaks, type TestDatabase } from './testing';
export { seedDemo, isDatabaseEmpty, type DemoSummary } from './seed/demo';
export { seedScale } from './seed/scale';
export type { SeedSummary } from './seed/write';
