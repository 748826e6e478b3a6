import { Checkbox, List, MultiSelect, PasswordInput, Select, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { UpdateMatchesOutput, UpdatePlayerEloOutput } from '@campus-elo/api-contract';
import { pluralize } from '@campus-elo/domain';
import { outcomeColour } from '../admin-shell';
import { ToolCard, toolResult } from '../control-panel/ToolCard';
import { ToolJobPanel } from '../jobs/JobProgress';
import { mapDetailsLines } from './wizard';
import { useToolJob } from '../jobs/use-job';

/**
 * The counts, then each failed item and why. Coloured by the one rule (outcomeColour: green
 * only when nothing failed) and kept until dismissed when anything failed.
 */
function partialResult(counts: ReactNode, outcome: { succeeded: number; failed: number }, failures: { key: string; text: string }[], listedOf: number) {
  const color = outcomeColour(outcome);
  if (outcome.failed === 0) return toolResult(counts, { color });
  return toolResult(
    <>
      {counts}
      {failures.length > 0 && (
        <>
          <Text size="sm" fw={500} mt="xs">
            Failed:
          </Text>
          <List size="sm" spacing={2} aria-label="Failed items">
            {failures.map((failure) => (
              <List.Item key={failure.key}>{failure.text}</List.Item>
            ))}
          </List>
          {listedOf > failures.length && <Text size="xs">and {listedOf - failures.length} more</Text>}
        </>
      )}
    </>,
    { color, sticky: true },
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
  const job = useToolJob('update_player_elo');
  const [apiKey, setApiKey] = useState('');
  const errorText = 'There was an error updating player Elo values.';
  /** What the finished job's result says, as the tool showed it when it ran in the request. */
  const present = (result: UpdatePlayerEloOutput) =>
    partialResult(
      <>
        <Text size="sm">Updated players: {result.updated_players}</Text>
        <Text size="sm">Not found on Faceit: {result.not_found}</Text>
        {result.failed > 0 && <Text size="sm">Lookups failed: {result.failed}</Text>}
      </>,
      // A player not found on Faceit was not updated: that is a failure too.
      { succeeded: result.updated_players, failed: result.not_found + result.failed },
      result.failures.map((f) => ({ key: f.player_id, text: `${f.player_name}: ${f.reason}` })),
      result.failed,
    );
  return (
    <ToolCard
      title="Update Player Elo"
      description="Looks up every player with a Steam ID on Faceit and takes their CS2 Elo and skill level."
      buttonLabel="Update Player Elo"
      confirm={{ title: 'Update player Elo?', message: 'Every player with a Steam ID gets their current Faceit Elo and skill level.' }}
      errorText={errorText}
      canRun={!job.active}
      run={async () => {
        await job.start({ api_key: apiKey.trim() || undefined });
        return null;
      }}
      footer={<ToolJobPanel tool={job} errorText={errorText} present={present} />}
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
  const job = useToolJob('update_matches');
  const [platform, setPlatform] = useState<string | null>(null);
  const [autoDetect, setAutoDetect] = useState(true);
  const [statuses, setStatuses] = useState<string[]>([]);
  const [matchIds, setMatchIds] = useState('');
  const ids = idList(matchIds);
  const errorText = 'There was an error updating match data.';
  /** What the finished job's result says, as the tool showed it when it ran in the request. */
  const present = (result: UpdateMatchesOutput) =>
    partialResult(
      <>
        <Text size="sm">Updated: {result.updated_count}</Text>
        <Text size="sm">Errors: {result.error_count}</Text>
        <Text size="sm">Total processed: {result.total_processed}</Text>
        {mapDetailsLines(result.map_details).map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </>,
      { succeeded: result.total_processed - result.error_count, failed: result.error_count },
      result.failures.map((f) => ({ key: f.match_id, text: `${f.match_name} (${f.platform === 'faceit' ? 'Faceit' : 'Leaguespot'}): ${f.reason}` })),
      result.error_count,
    );
  return (
    <ToolCard
      title="Update Matches"
      description="Fetches matches again from their platform and updates status, date, scores and winner; a newly completed match moves Elo once."
      buttonLabel="Update Matches"
      confirm={{
        title: 'Update matches?',
        message:
          ids.length > 0
            ? `${pluralize(ids.length, 'match')} will be fetched again from their platform.`
            : autoDetect
              ? 'Scheduled and live matches up to a week ahead (and overdue ones) will be fetched again from their platform.'
              : 'The matches with the chosen statuses will be fetched again from their platform.',
      }}
      errorText={errorText}
      canRun={!job.active}
      run={async () => {
        await job.start({
          match_ids: ids.length > 0 ? ids : undefined,
          platform: platform === 'faceit' || platform === 'leaguespot' ? platform : undefined,
          status_filter: statuses.length > 0 ? (statuses as StatusFilter[]) : undefined,
          auto_detect: autoDetect,
        });
        return null;
      }}
      footer={<ToolJobPanel tool={job} errorText={errorText} present={present} />}
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
