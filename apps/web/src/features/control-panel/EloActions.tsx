import { MAX_ELO, MIN_ELO, eloValue, skillLevelValue, type EloChange, type TeamEloCalculateOutput, type TeamEloRecalculateOutput } from '@campus-elo/api-contract';
import { Button, Checkbox, Group, List, Select, Stack, Text } from '@mantine/core';
import { DEFAULT_ELO, DEFAULT_SKILL_LEVEL, pluralize } from '@campus-elo/domain';
import { useState, type ReactNode } from 'react';
import { isConflictError, serverMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { EloChangeList, outcomeColour, UndoRunButton, useConfirm, type OutcomeColour } from '../admin-shell';
import { formatCalendarDate, formatSignedNumber } from '../common/format';
import { WholeNumberInput } from '../admin-shell/WholeNumberInput';
import { ruleMessage, useIsOwner } from './inputs';
import { ToolJobPanel } from '../jobs/JobProgress';
import { useToolJob } from '../jobs/use-job';
import { ToolCard, toolResult } from './ToolCard';

/** The Default Elo field of the Elo tools, its range message beside it. */
function DefaultEloInput({ value, onChange }: { value: number | ''; onChange(value: number | ''): void }) {
  return <WholeNumberInput label="Default Elo" description={`${MIN_ELO} to ${MAX_ELO}`} value={value} onChange={onChange} error={ruleMessage(eloValue, value)} />;
}

/** How many player changes a Reset Player Elo result lists. */
const SHOWN_PLAYER_CHANGES = 20;

/** A run's counts, then the teams it moved (largest first) and Undo; it stays until dismissed. */
function eloRunResult(counts: ReactNode, changes: EloChange[], runId: string | null, color: OutcomeColour = 'green') {
  return toolResult(
    <Stack gap="xs">
      <div>{counts}</div>
      <EloChangeList changes={changes} />
      {runId && <UndoRunButton runId={runId} />}
    </Stack>,
    { color, sticky: true },
  );
}

export function ResetPlayerEloAction() {
  const isOwner = useIsOwner();
  const utils = trpc.useUtils();
  const reset = trpc.admin.elo.resetPlayers.useMutation({ onSuccess: () => utils.invalidate() });
  const [defaultElo, setDefaultElo] = useState<number | ''>(DEFAULT_ELO);
  const [skillLevel, setSkillLevel] = useState<number | ''>(DEFAULT_SKILL_LEVEL);
  return (
    <ToolCard
      title="Reset Player Elo"
      description="Sets every player's Elo and skill level back to the defaults."
      buttonLabel="Reset Player Elo"
      ownerOnly
      canRun={isOwner && !ruleMessage(eloValue, defaultElo) && !ruleMessage(skillLevelValue, skillLevel)}
      confirm={{ title: 'Reset player Elo?', message: `Every player will get Elo ${defaultElo} and skill level ${skillLevel}.`, color: 'red', confirmLabel: 'Reset' }}
      errorText="There was an error resetting player Elo values."
      run={async () => {
        const result = await reset.mutateAsync({ default_elo: Number(defaultElo), default_skill_level: Number(skillLevel) });
        const shown = result.player_changes.slice(0, SHOWN_PLAYER_CHANGES);
        return toolResult(
          <Stack gap="xs">
            <Text size="sm">Updated players: {result.updated_players}</Text>
            {shown.length > 0 && (
              <List size="sm" spacing={2} aria-label="Player Elo changes">
                {shown.map((p) => (
                  <List.Item key={p.player_id}>
                    {p.player_name} {p.before} -&gt; {p.after} ({formatSignedNumber(p.after - p.before)})
                  </List.Item>
                ))}
              </List>
            )}
            {result.player_changes_total > shown.length && <Text size="xs">and {result.player_changes_total - shown.length} more</Text>}
            {result.elo_run_id && <UndoRunButton runId={result.elo_run_id} />}
          </Stack>,
          { sticky: true },
        );
      }}
    >
      <DefaultEloInput value={defaultElo} onChange={setDefaultElo} />
      <WholeNumberInput label="Default Skill Level" description="1 to 10" value={skillLevel} onChange={setSkillLevel} error={ruleMessage(skillLevelValue, skillLevel)} />
    </ToolCard>
  );
}

export function CalculateTeamEloAction() {
  const job = useToolJob('calculate_team_elo');
  const teams = trpc.admin.teams.options.useQuery();
  // Rating every team is the deliberate choice: the panel opens on teams never rated.
  const [onlyDefault, setOnlyDefault] = useState(true);
  const [defaultElo, setDefaultElo] = useState<number | ''>(DEFAULT_ELO);
  const elo = Number(defaultElo);
  const candidates = teams.data ? (onlyDefault ? teams.data.filter((team) => team.elo === elo).length : teams.data.length) : null;
  const teamCount = candidates === null ? 'The teams' : pluralize(candidates, 'team');
  const errorText = 'There was an error calculating team Elo values.';
  /** What the finished job's result says, as the tool showed it when it ran in the request. */
  const present = (result: TeamEloCalculateOutput) =>
    eloRunResult(
      <>
        <Text size="sm">Updated teams: {result.updated_teams}</Text>
        <Text size="sm">Teams without enough players: {result.teams_without_enough_players}</Text>
        <Text size="sm">Total teams processed: {result.total_teams_processed}</Text>
      </>,
      result.elo_changes,
      result.elo_run_id,
    );
  return (
    <ToolCard
      title="Calculate Team Elo"
      description="Rates teams from their rosters: the best five active players, at least two needed."
      buttonLabel="Calculate Team Elo"
      canRun={!job.active && !ruleMessage(eloValue, defaultElo)}
      confirm={{
        title: 'Calculate team Elo?',
        message: onlyDefault
          ? `${teamCount} whose Elo is still ${elo} will be rated from their rosters (a team with fewer than two active players keeps its Elo). Undo is offered afterwards.`
          : `Every team will be rated from its roster: ${teamCount.toLowerCase()} in all, whatever their Elo now (a team with fewer than two active players keeps its Elo). Undo is offered afterwards.`,
        color: onlyDefault ? undefined : 'red',
      }}
      errorText={errorText}
      run={async () => {
        await job.start({ only_default_elo: onlyDefault, default_elo: elo });
        return null;
      }}
      footer={<ToolJobPanel tool={job} errorText={errorText} present={present} />}
    >
      <Checkbox label="Only teams with the default Elo" checked={onlyDefault} onChange={(event) => setOnlyDefault(event.currentTarget.checked)} />
      <DefaultEloInput value={defaultElo} onChange={setDefaultElo} />
    </ToolCard>
  );
}

/** What Recalculate All would do, said plainly, with the largest changes (a dry run's answer). */
function RecalculateEffect({ effect, resetToDefault, defaultElo }: { effect: TeamEloRecalculateOutput; resetToDefault: boolean; defaultElo: number }) {
  const changes = effect.elo_changes;
  return (
    <Stack gap="xs">
      <Text size="sm">
        {resetToDefault
          ? `Every team starts again from Elo ${defaultElo}, staff adjustments (Calculate Team Elo, edits) are dropped, and the ${pluralize(effect.summary.processed_count, 'completed match', 'completed matches')} are replayed.`
          : `The ${pluralize(effect.summary.processed_count, 'completed match', 'completed matches')} are replayed from each team's starting Elo and adjustments.`}
      </Text>
      <Text size="sm" fw={600}>
        {changes.length === 0 ? "No team's Elo changes." : `Elo changes for ${pluralize(changes.length, 'team')}; the largest:`}
      </Text>
      {changes.length > 0 && <EloChangeList changes={changes.slice(0, SHOWN_EFFECT_CHANGES)} label="Elo changes if recalculated" />}
      {changes.length > SHOWN_EFFECT_CHANGES && <Text size="xs">and {changes.length - SHOWN_EFFECT_CHANGES} more</Text>}
    </Stack>
  );
}

/** How many of a dry run's changes a confirmation lists (the largest). */
const SHOWN_EFFECT_CHANGES = 10;

export function RecalculateEloAction() {
  const isOwner = useIsOwner();
  const job = useToolJob('recalculate_elo');
  const dryRun = trpc.admin.elo.recalculateAll.useMutation();
  const [resetToDefault, setResetToDefault] = useState(true);
  const [defaultElo, setDefaultElo] = useState<number | ''>(DEFAULT_ELO);
  const errorText = 'There was an error recalculating Elo values.';
  /** What the finished job's result says, as the tool showed it when it ran in the request. */
  const present = (result: TeamEloRecalculateOutput) =>
    eloRunResult(
      <>
        <Text size="sm">Processed: {result.summary.processed_count}</Text>
        <Text size="sm">Errors: {result.summary.error_count}</Text>
        {result.summary.error_count > 0 && (
          <Text size="sm">Matches that could not be applied have no winner, a missing team, a bye or a bad date: correct them in the Matches tab.</Text>
        )}
        <Text size="sm">Total Elo changes: {result.total_elo_changes}</Text>
      </>,
      result.elo_changes,
      result.elo_run_id,
      outcomeColour({ failed: result.summary.error_count, succeeded: result.summary.processed_count }),
    );
  return (
    <ToolCard
      title="Recalculate All Elo"
      description="Replays every completed match, oldest first, and rewrites every team's Elo."
      buttonLabel="Recalculate All Elo"
      ownerOnly
      canRun={isOwner && !job.active && !ruleMessage(eloValue, defaultElo)}
      confirm={async () => {
        // The effect first, as the match editor shows it: the same replay, rolled back.
        const effect = await dryRun.mutateAsync({ reset_to_default: resetToDefault, default_elo: Number(defaultElo), dry_run: true });
        return {
          title: 'Recalculate all Elo?',
          message: <RecalculateEffect effect={effect} resetToDefault={resetToDefault} defaultElo={Number(defaultElo)} />,
          color: 'red',
          confirmLabel: 'Recalculate',
        };
      }}
      errorText={errorText}
      run={async () => {
        await job.start({ reset_to_default: resetToDefault, default_elo: Number(defaultElo) });
        return null;
      }}
      footer={<ToolJobPanel tool={job} errorText={errorText} present={present} />}
    >
      <Checkbox label="Reset to default first" checked={resetToDefault} onChange={(event) => setResetToDefault(event.currentTarget.checked)} />
      <DefaultEloInput value={defaultElo} onChange={setDefaultElo} />
    </ToolCard>
  );
}

const LATEST_SEASON = 'latest';

export function RankingSnapshotAction() {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const seasons = trpc.public.seasons.useQuery({ sort: 'start_date', order: 'desc', page_size: 50 });
  const snapshot = trpc.admin.rankings.createSnapshot.useMutation({ onSuccess: () => utils.invalidate() });
  const [season, setSeason] = useState(LATEST_SEASON);
  const options = [
    // Named: the latest season is the first by start date (the server's rule for no season_id).
    { value: LATEST_SEASON, label: seasons.data?.results[0] ? `Latest season (${seasons.data.results[0].name})` : 'Latest season' },
    ...(seasons.data?.results ?? []).map((s) => ({ value: s.id, label: s.name })),
  ];
  const seasonLabel = (season === LATEST_SEASON ? seasons.data?.results[0]?.name : options.find((o) => o.value === season)?.label) ?? 'the latest season';
  const seasonId = season === LATEST_SEASON ? undefined : season;
  return (
    <ToolCard
      title="Create Ranking Snapshot"
      description="Saves this week's team ranking (every team with Elo above 0) for the public Rankings page. A season that has ended is ranked by the Elo at its end."
      buttonLabel="Create Ranking Snapshot"
      confirm={{ title: 'Create a ranking snapshot?', message: `A new ranking week is saved for ${seasonLabel}.` }}
      errorText="There was an error creating the ranking snapshot."
      run={async () => {
        let result;
        try {
          result = await snapshot.mutateAsync({ season_id: seasonId });
        } catch (error) {
          if (!isConflictError(error)) throw error;
          const replace = await confirm({
            title: 'Replace the snapshot of this week?',
            // Its date as the snapshot list writes it, not as the API does.
            message: `${serverMessage(error)?.replace(/: send replace: true to replace it$/, '.').replace(/\d{4}-\d{2}-\d{2}/g, (day) => formatCalendarDate(day)) ?? 'This week already has a snapshot.'} Replace it with a new one?`,
            confirmLabel: 'Replace snapshot',
            color: 'red',
          });
          if (!replace) return 'Nothing changed: the existing snapshot was kept.';
          result = await snapshot.mutateAsync({ season_id: seasonId, replace: true });
        }
        const replaced = result.replaced_ranking_ids.length > 0 ? ' It replaces the earlier snapshot of the same week.' : '';
        return `Ranked ${result.teams_ranked} teams for ${result.season_name}.${replaced}`;
      }}
    >
      <Select label="Season" data={options} value={season} onChange={(value) => setSeason(value ?? LATEST_SEASON)} allowDeselect={false} />
      <SnapshotList seasonId={seasonId ?? seasons.data?.results[0]?.id} />
    </ToolCard>
  );
}

/** The chosen season's snapshots, newest first, each with Delete (asked first). */
function SnapshotList({ seasonId }: { seasonId: string | undefined }) {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const rankings = trpc.public.rankings.useQuery({ season_id: seasonId, order: 'desc', page_size: 10 }, { enabled: Boolean(seasonId) });
  const remove = trpc.admin.rankings.delete.useMutation({ onSuccess: () => utils.invalidate() });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  if (!seasonId || !rankings.data) return null;
  if (rankings.data.results.length === 0) return <Text size="sm" c="dimmed">No snapshots of this season yet.</Text>;

  async function deleteSnapshot(id: string, date: string) {
    setMessage(null);
    const agreed = await confirm({
      title: 'Delete this snapshot?',
      message: `The ranking week of ${formatCalendarDate(date)} disappears from the public Rankings page.`,
      confirmLabel: 'Delete snapshot',
      color: 'red',
    });
    if (!agreed) return;
    try {
      await remove.mutateAsync({ id });
      setMessage({ ok: true, text: `Deleted the snapshot of ${formatCalendarDate(date)}.` });
    } catch (error) {
      setMessage({ ok: false, text: serverMessage(error) ?? 'The snapshot could not be deleted. Try again.' });
    }
  }

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Snapshots of this season
      </Text>
      {rankings.data.results.map((ranking) => (
        <Group key={ranking.id} justify="space-between" wrap="nowrap">
          <Text size="sm">{formatCalendarDate(ranking.date)}</Text>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => void deleteSnapshot(ranking.id, ranking.date)} aria-label={`Delete the snapshot of ${formatCalendarDate(ranking.date)}`}>
            Delete
          </Button>
        </Group>
      ))}
      {message && (
        <Text size="sm" c={message.ok ? 'green.9' : 'red.9'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Text>
      )}
    </Stack>
  );
}
