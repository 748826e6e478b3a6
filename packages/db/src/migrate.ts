import { attachDataVersionTriggers } from './data-version';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/0001_initial';
import * as adminViewerIndexes from './migrations/0002_admin_viewer_indexes';
import * as publicIndexes from './migrations/0003_public_indexes';
import * as matchesFillfactor from './migrations/0004_matches_fillfactor';
import * as columnComments from './migrations/0005_column_comments';
import * as eloLedger from './migrations/0010_elo_ledger';
import * as search from './migrations/0011_search';
import * as authHardening from './migrations/0020_auth_hardening';
import * as staffCorrections from './migrations/0050_staff_corrections';
import * as dataVersion from './migrations/0060_data_version';
import * as matchChanges from './migrations/0070_match_changes';
import * as platformSync from './migrations/0071_platform_sync';
import * as faceitWebhookEvents from './migrations/0072_faceit_webhook_events';
import * as jobs from './migrations/0073_jobs';
import * as discordOutbox from './migrations/0074_discord_outbox';
import * as matchChangesOnInsert from './migrations/0075_match_changes_on_insert';
import * as events from './migrations/0080_events';
import * as jobsHeartbeatCancel from './migrations/0085_jobs_heartbeat_cancel';
import * as listCountSummaries from './migrations/0090_list_count_summaries';
import * as auditActorKept from './migrations/0091_audit_actor_kept';
import * as eventDetails from './migrations/0093_event_details';
import * as seasonTeamsFromMatches from './migrations/0094_season_teams_from_matches';
import * as importEloRuns from './migrations/0095_import_elo_runs';
import * as matchMaps from './migrations/0096_match_maps';
import * as playerCompetitionStats from './migrations/0097_player_competition_stats';
import * as jobsCoalesceKey from './migrations/0098_jobs_coalesce_key';
import * as teamFirstBans from './migrations/0099_team_first_bans';
import * as leaderboardSortKeys from './migrations/0100_leaderboard_sort_keys';
import * as teamEloCalculations from './migrations/0101_team_elo_calculations';
import * as divisions from './migrations/0102_divisions';
import * as pushFollows from './migrations/0103_push_follows';
import * as matchElo from './migrations/0104_match_elo';
import * as pushWriteWindows from './migrations/0105_push_write_windows';
import * as matchesLedgerIndex from './migrations/0106_matches_ledger_index';

// Migrations are imported statically so the bundled server carries them.
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_admin_viewer_indexes': adminViewerIndexes,
  '0003_public_indexes': publicIndexes,
  '0004_matches_fillfactor': matchesFillfactor,
  '0005_column_comments': columnComments,
  '0010_elo_ledger': eloLedger,
  '0011_search': search,
  '0020_auth_hardening': authHardening,
  '0050_staff_corrections': staffCorrections,
  '0060_data_version': dataVersion,
  '0070_match_changes': matchChanges,
  '0071_platform_sync': platformSync,
  '0072_faceit_webhook_events': faceitWebhookEvents,
  '0073_jobs': jobs,
  '0074_discord_outbox': discordOutbox,
  '0075_match_changes_on_insert': matchChangesOnInsert,
  '0080_events': events,
  '0085_jobs_heartbeat_cancel': jobsHeartbeatCancel,
  '0090_list_count_summaries': listCountSummaries,
  '0091_audit_actor_kept': auditActorKept,
  '0093_event_details': eventDetails,
  '0094_season_teams_from_matches': seasonTeamsFromMatches,
  '0095_import_elo_runs': importEloRuns,
  '0096_match_maps': matchMaps,
  '0097_player_competition_stats': playerCompetitionStats,
  '0098_jobs_coalesce_key': jobsCoalesceKey,
  '0099_team_first_bans': teamFirstBans,
  '0100_leaderboard_sort_keys': leaderboardSortKeys,
  '0101_team_elo_calculations': teamEloCalculations,
  '0102_divisions': divisions,
  '0103_push_follows': pushFollows,
  '0104_match_elo': matchElo,
  '0105_push_write_windows': pushWriteWindows,
  '0106_matches_ledger_index': matchesLedgerIndex,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return migrateTo(db, undefined);
}

/**
 * Migrates up or down to `name` (the latest when undefined); answers the migrations run.
 * Down exists for tests of a migration's data step: what an older database holds, then up.
 */
export async function migrateTo(db: Kysely<any>, name: string | undefined): Promise<string[]> {
  // Branches number their migrations in ranges; a database that ran a later-numbered one
  // first still takes an earlier one that arrives afterwards (each stands on its own).
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(), allowUnorderedMigrations: true });
  const { error, results } = name === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  // Every table a migration created gets the data version trigger unless it is excluded.
  await attachDataVersionTriggers(db);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
