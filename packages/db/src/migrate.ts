import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/0001_initial';
import * as adminViewerIndexes from './migrations/0002_admin_viewer_indexes';
import * as publicIndexes from './migrations/0003_public_indexes';
import * as matchesFillfactor from './migrations/0004_matches_fillfactor';

// Migrations are imported statically so the bundled server carries them.
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_admin_viewer_indexes': adminViewerIndexes,
  '0003_public_indexes': publicIndexes,
  '0004_matches_fillfactor': matchesFillfactor,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
