import { Checkbox, List, MultiSelect, PasswordInput, Select, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { trpc } from '../../lib/trpc';
import { ToolCard, toolResult } from '../control-panel/ToolCard';

/** The counts, then each failed item and why; yellow (and kept until dismissed) when anything failed. */
function partialResult(counts: ReactNode, failures: { key: string; text: string }[], total: number) {
  if (total === 0) return toolResult(counts);
  return toolResult(
    <>
      {counts}
      <Text size="sm" fw={500} mt="xs">
        Failed:
      </Text>
      <List size="sm" spacing={2} aria-label="Failed items">
        {failures.map((failure) => (
          <List.Item key={failure.key}>{failure.text}</List.Item>
        ))}
      </List>
      {total > failures.length && <Text size="xs">and {total - failures.length} more</Text>}
    </>,
    { color: 'yellow', sticky: true },
  );
}

const STATUS_OPTIONS = [
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];
type StatusFilter = 'scheduled' | 'in_progress' | 'completed' | 'cancelled';

/** Ids typed into one box, separated by commas, spaces or new lines. */
function idList(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/** Control Panel: sets players' Elo and skill level from their Faceit CS2 profile (by Steam id). */
export function UpdatePlayerEloAction() {
  const utils = trpc.useUtils();
  const update = trpc.admin.imports.updatePlayerElo.useMutation({ onSuccess: () => utils.public.invalidate() });
  const [apiKey, setApiKey] = useState('');
  return (
    <ToolCard
      title="Update Player ELO"
      description="Looks up every player with a Steam ID on Faceit and takes their CS2 ELO and skill level."
      buttonLabel="Update Player ELO"
      confirm={{ title: 'Update player ELO?', message: 'Every player with a Steam ID gets their current Faceit ELO and skill level.' }}
      errorText="There was an error updating player ELO values."
      run={async () => {
        const result = await update.mutateAsync({ api_key: apiKey.trim() || undefined });
        return partialResult(
          <>
            <Text size="sm">Updated players: {result.updated_players}</Text>
            <Text size="sm">Not found: {result.not_found}</Text>
            {result.failed > 0 && <Text size="sm">Lookups failed: {result.failed}</Text>}
          </>,
          result.failures.map((f) => ({ key: f.player_id, text: `${f.player_name}: ${f.reason}` })),
          result.failed,
        );
      }}
    >
      <PasswordInput
        label="Faceit API key (optional)"
        description="Leave empty to use the server's key."
        value={apiKey}
        onChange={(e) => setApiKey(e.currentTarget.value)}
        autoComplete="off"
      />
    </ToolCard>
  );
}

/** Control Panel: refreshes imported matches from Faceit and Leaguespot (status, scores, winner, Elo). */
export function UpdateMatchesAction() {
  const utils = trpc.useUtils();
  const update = trpc.admin.imports.updateMatches.useMutation({ onSuccess: () => utils.public.invalidate() });
  const [platform, setPlatform] = useState<string | null>(null);
  const [autoDetect, setAutoDetect] = useState(true);
  const [statuses, setStatuses] = useState<string[]>([]);
  const [matchIds, setMatchIds] = useState('');
  const ids = idList(matchIds);
  return (
    <ToolCard
      title="Update Matches"
      description="Fetches matches again from their platform and updates status, date, scores and winner; a newly completed match moves ELO once."
      buttonLabel="Update Matches"
      confirm={{
        title: 'Update matches?',
        message:
          ids.length > 0
            ? `${ids.length} match${ids.length === 1 ? '' : 'es'} will be fetched again from their platform.`
            : autoDetect
              ? 'Scheduled and live matches up to a week ahead (and overdue ones) will be fetched again from their platform.'
              : 'The matches with the chosen statuses will be fetched again from their platform.',
      }}
      errorText="There was an error updating match data."
      run={async () => {
        const result = await update.mutateAsync({
          match_ids: ids.length > 0 ? ids : undefined,
          platform: platform === 'faceit' || platform === 'leaguespot' ? platform : undefined,
          status_filter: statuses.length > 0 ? (statuses as StatusFilter[]) : undefined,
          auto_detect: autoDetect,
        });
        return partialResult(
          <>
            <Text size="sm">Updated: {result.updated_count}</Text>
            <Text size="sm">Errors: {result.error_count}</Text>
            <Text size="sm">Total processed: {result.total_processed}</Text>
          </>,
          result.failures.map((f) => ({ key: f.match_id, text: `Match ${f.external_id} (${f.platform === 'faceit' ? 'Faceit' : 'Leaguespot'}): ${f.reason}` })),
          result.error_count,
        );
      }}
    >
      <Select
        label="Platform"
        data={[
          { value: 'all', label: 'All platforms' },
          { value: 'faceit', label: 'Faceit' },
          { value: 'leaguespot', label: 'Leaguespot' },
        ]}
        value={platform ?? 'all'}
        onChange={(value) => setPlatform(value === 'all' ? null : value)}
        allowDeselect={false}
      />
      <Checkbox label="Auto-detect (scheduled and live matches up to a week ahead)" checked={autoDetect} onChange={(e) => setAutoDetect(e.currentTarget.checked)} />
      <MultiSelect label="Status filter" placeholder="Scheduled and in progress" data={STATUS_OPTIONS} value={statuses} onChange={setStatuses} clearable />
      <TextInput label="Match IDs (optional)" placeholder="Comma-separated match ids" value={matchIds} onChange={(e) => setMatchIds(e.currentTarget.value)} />
    </ToolCard>
  );
}
