import type { AuditEntry } from '@campus-elo/api-contract';
import { pluralize } from '@campus-elo/domain';
import { formatDate, formatDateTime, browserTimeZone } from '../common/format';

/** The actions the audit log records, in the words the Activity tab shows. */
export const AUDIT_ACTIONS: { value: string; label: string }[] = [
  { value: 'create', label: 'Created' },
  { value: 'update', label: 'Changed' },
  { value: 'delete', label: 'Deleted' },
  { value: 'import', label: 'Imported' },
  { value: 'merge', label: 'Merged' },
  { value: 'calculate_elo', label: 'Calculated team Elo' },
  { value: 'recalculate_elo', label: 'Recalculated all Elo' },
  { value: 'reset_elo', label: 'Reset player Elo' },
  { value: 'undo', label: 'Undid an Elo run' },
  { value: 'clear', label: 'Cleared the database' },
  { value: 'backup', label: 'Backed up' },
  { value: 'restore', label: 'Restored a backup' },
  { value: 'change_password', label: 'Changed a password' },
  { value: 'enable', label: 'Turned on two-factor sign-in' },
  { value: 'disable', label: 'Turned off two-factor sign-in' },
  { value: 'reset', label: 'Reset two-factor sign-in' },
  { value: 'regenerate_recovery_codes', label: 'Made new recovery codes' },
  { value: 'use_recovery_code', label: 'Signed in with a recovery code' },
  { value: 'deny', label: 'Was refused' },
];

/** Each entity in the singular (some are recorded in the plural: 'matches', 'teams'). */
const ENTITY_WORDS: Record<string, string> = {
  team: 'team',
  teams: 'team',
  player: 'player',
  players: 'player',
  match: 'match',
  matches: 'match',
  season: 'season',
  competition: 'competition',
  ranking: 'ranking snapshot',
  elo_run: 'Elo run',
  staff: 'staff account',
  user: 'staff account',
};

/** 'Changed match', 'Calculated team Elo (3 teams)'. */
export function auditWhat(entry: Pick<AuditEntry, 'action' | 'entity' | 'entity_ids'>): string {
  const action = AUDIT_ACTIONS.find((a) => a.value === entry.action)?.label ?? entry.action.replaceAll('_', ' ');
  const noun = ENTITY_WORDS[entry.entity] ?? entry.entity.replaceAll('_', ' ');
  const count = entry.entity_ids.length;
  if (['create', 'update', 'delete', 'import', 'merge'].includes(entry.action)) {
    return count > 1 ? `${action} ${pluralize(count, noun)}` : `${action} ${noun}`;
  }
  return action;
}

/** A changed field's name as staff read it: 'winner_id' -> 'winner', 'score_team1' -> 'score team 1'. */
export function auditField(field: string): string {
  return field.replace(/_id$/, '').replaceAll('_', ' ').replace(/([a-z])(\d)/g, '$1 $2');
}

/** A stored value as text: '–' for none, dates as dates, yes/no, JSON only for anything else. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value, browserTimeZone());
  // A date alone is a calendar date: shown as that day wherever the reader is.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(`${value}T12:00:00Z`, browserTimeZone());
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const numberOf = (details: Record<string, unknown>, key: string): number | null => (typeof details[key] === 'number' ? details[key] : null);

/**
 * A sentence for an entry that changed no single record's fields (a merge, a snapshot, an
 * Elo tool, an import, an undo), from its details; null when there is nothing to add.
 */
export function auditDescription(entry: Pick<AuditEntry, 'action' | 'entity'> & { details?: unknown }): string | null {
  const d = typeof entry.details === 'object' && entry.details !== null ? (entry.details as Record<string, unknown>) : {};
  const n = (key: string) => numberOf(d, key);
  const eloMoved = n('elo_changes') === null ? null : n('elo_changes') === 0 ? "no team's Elo changed" : `Elo changed for ${pluralize(n('elo_changes') ?? 0, 'team')}`;
  const parts = (...items: (string | null | false)[]) => items.filter(Boolean).join('; ') || null;
  switch (entry.action) {
    case 'merge':
      return typeof d.secondary === 'string' && typeof d.primary === 'string' ? `${d.secondary} merged into ${d.primary}` : null;
    case 'import':
      return parts(
        n('imported') !== null && `${pluralize(n('imported') ?? 0, 'new match', 'new matches')}, ${n('updated') ?? 0} updated, ${n('skipped') ?? 0} skipped`,
        n('teams_created') ? `${pluralize(n('teams_created') ?? 0, 'team')} created` : null,
        eloMoved,
      );
    case 'calculate_elo':
      return parts(n('updated_teams') !== null && `${pluralize(n('updated_teams') ?? 0, 'team')} rated`, eloMoved);
    case 'recalculate_elo': {
      const summary = typeof d.summary === 'object' && d.summary !== null ? (d.summary as Record<string, unknown>) : {};
      const replayed = numberOf(summary, 'processed_count');
      return parts(
        replayed !== null && `${pluralize(replayed, 'match', 'matches')} replayed ${d.reset_to_default ? `from Elo ${String(d.default_elo)}` : "from each team's starting Elo"}`,
        eloMoved,
      );
    }
    case 'reset_elo':
      return n('updated_players') === null ? null : `${pluralize(n('updated_players') ?? 0, 'player')} set to Elo ${String(d.default_elo)}`;
    case 'undo':
      return eloMoved;
    case 'create':
      if (entry.entity === 'ranking' && n('teams_ranked') !== null) {
        return `${pluralize(n('teams_ranked') ?? 0, 'team')} ranked${typeof d.date === 'string' ? `, snapshot of ${formatDate(d.date, browserTimeZone())}` : ''}`;
      }
      return null;
    default:
      return null;
  }
}
