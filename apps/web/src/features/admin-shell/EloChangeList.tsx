import type { EloChange } from '@campus-elo/api-contract';
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { pluralize } from '@campus-elo/domain';
import { useState } from 'react';
import { useConfirm } from './ConfirmProvider';
import { serverMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { useIsOwner } from '../control-panel/inputs';
import { formatSignedNumber } from '../common/format';

/** How many changes a list shows before it says 'and N more'. */
const SHOWN_CHANGES = 50;

/** Largest move first, then by team name: the order staff read a run's effect in. */
export function sortEloChanges(changes: readonly EloChange[]): EloChange[] {
  return [...changes].sort((a, b) => Math.abs(b.after - b.before) - Math.abs(a.after - a.before) || a.team_name.localeCompare(b.team_name));
}

/** 'Owls 1510 -> 1496 (-14)' */
export function eloChangeText(change: EloChange): string {
  return `${change.team_name} ${change.before} -> ${change.after} (${formatSignedNumber(change.after - change.before)})`;
}

/** The teams whose Elo a run moved (or would move), largest change first; says so when none did. */
export function EloChangeList({ changes, label = 'Elo changes' }: { changes: readonly EloChange[]; label?: string }) {
  if (changes.length === 0) return <Text size="sm">No team's Elo changes.</Text>;
  const sorted = sortEloChanges(changes);
  return (
    <Stack gap={4}>
      <List size="sm" spacing={2} aria-label={label}>
        {sorted.slice(0, SHOWN_CHANGES).map((change) => (
          <List.Item key={change.team_id}>{eloChangeText(change)}</List.Item>
        ))}
      </List>
      {sorted.length > SHOWN_CHANGES && <Text size="xs">and {sorted.length - SHOWN_CHANGES} more</Text>}
    </Stack>
  );
}

/**
 * Undo for one Elo run (owners only; admins see nothing). It first asks the server what
 * undoing would change (a dry run) and lists that in a confirmation; then says what was
 * restored, or in plain words why the server refused (a later write touched the same rows: 409).
 */
export function UndoRunButton({ runId, what = 'this run', onUndone }: { runId: string; what?: string; onUndone?(): void }) {
  const isOwner = useIsOwner();
  const confirm = useConfirm();
  const utils = trpc.useUtils();
  const [outcome, setOutcome] = useState<{ ok: true; changes: EloChange[] } | { ok: false; reason: string } | null>(null);
  const undo = trpc.admin.elo.undoRun.useMutation();
  if (!isOwner) return null;

  async function undoAfterConfirming() {
    try {
      const effect = await undo.mutateAsync({ id: runId, dry_run: true });
      const agreed = await confirm({
        title: `Undo ${what}?`,
        message: (
          <Stack gap="xs">
            <Text size="sm">
              {effect.elo_changes.length === 0 ? "No team's Elo changes." : `Elo goes back for ${pluralize(effect.elo_changes.length, 'team')}, largest change first:`}
            </Text>
            {effect.elo_changes.length > 0 && <EloChangeList changes={effect.elo_changes} label="Elo changes if undone" />}
          </Stack>
        ),
        confirmLabel: 'Undo',
        color: 'red',
      });
      if (!agreed) return;
      const result = await undo.mutateAsync({ id: runId });
      setOutcome({ ok: true, changes: result.elo_changes });
      onUndone?.();
      await Promise.all([utils.public.invalidate(), utils.admin.viewer.invalidate(), utils.admin.audit.invalidate()]);
    } catch (error) {
      setOutcome({ ok: false, reason: serverMessage(error) ?? 'The server could not undo this run. Try again.' });
    }
  }

  if (outcome?.ok) {
    return (
      <Alert color="green" variant="light" title="Undone" role="status">
        <EloChangeList changes={outcome.changes} label="Elo restored" />
      </Alert>
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      <Button size="xs" variant="default" loading={undo.isPending} onClick={() => void undoAfterConfirming()}>
        Undo
      </Button>
      {outcome && !outcome.ok && (
        <Alert color="red" variant="light" title="Could not undo" role="alert">
          {outcome.reason}
        </Alert>
      )}
    </Stack>
  );
}
