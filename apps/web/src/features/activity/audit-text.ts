import type { AuditEntry } from '@campus-elo/api-contract';

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

const ENTITY_WORDS: Record<string, string> = {
  team: 'team',
  player: 'player',
  match: 'match',
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
    return count > 1 ? `${action} ${count} ${noun === 'match' ? 'matches' : `${noun}s`}` : `${action} ${noun}`;
  }
  return action;
}

/** A stored value as text: '–' for none, JSON for anything that is not a plain value. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
