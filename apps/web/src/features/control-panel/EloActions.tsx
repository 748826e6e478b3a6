import { Checkbox, NumberInput, Select } from '@mantine/core';
import { DEFAULT_ELO, DEFAULT_SKILL_LEVEL } from '@campus-elo/domain';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { ToolJobPanel } from '../jobs/JobProgress';
import { useToolJob } from '../jobs/use-job';
import { useIsOwner, wholeNumber } from './inputs';
import { ToolCard } from './ToolCard';

export function ResetPlayerEloAction() {
  const isOwner = useIsOwner();
  const utils = trpc.useUtils();
  const reset = trpc.admin.elo.resetPlayers.useMutation({ onSuccess: () => utils.public.invalidate() });
  const [defaultElo, setDefaultElo] = useState<number | string>(DEFAULT_ELO);
  const [skillLevel, setSkillLevel] = useState<number | string>(DEFAULT_SKILL_LEVEL);
  return (
    <ToolCard
      title="Reset Player ELO"
      description="Sets every player's ELO and skill level back to the defaults."
      buttonLabel="Reset Player ELO"
      ownerOnly
      canRun={isOwner}
      confirm={{ title: 'Reset player ELO?', message: `Every player will get ELO ${wholeNumber(defaultElo)} and skill level ${wholeNumber(skillLevel)}.`, color: 'red', confirmLabel: 'Reset' }}
      errorText="There was an error resetting player ELO values."
      run={async () => {
        const result = await reset.mutateAsync({ default_elo: wholeNumber(defaultElo), default_skill_level: wholeNumber(skillLevel) });
        return `Updated players: ${result.updated_players}`;
      }}
    >
      <NumberInput label="Default ELO" value={defaultElo} onChange={setDefaultElo} min={0} allowDecimal={false} />
      <NumberInput label="Default Skill Level" value={skillLevel} onChange={setSkillLevel} min={1} max={10} allowDecimal={false} />
    </ToolCard>
  );
}

export function CalculateTeamEloAction() {
  const job = useToolJob('calculate_team_elo');
  const errorText = 'There was an error calculating team ELO values.';
  const [onlyDefault, setOnlyDefault] = useState(false);
  const [defaultElo, setDefaultElo] = useState<number | string>(DEFAULT_ELO);
  return (
    <ToolCard
      title="Calculate Team ELO"
      description="Rates teams from their rosters: the best five active players, at least two needed."
      buttonLabel="Calculate Team ELO"
      confirm={{
        title: 'Calculate team ELO?',
        message: onlyDefault ? `Teams whose ELO is still ${wholeNumber(defaultElo)} will be rated from their rosters.` : 'Every team will be rated from its roster.',
      }}
      errorText={errorText}
      canRun={!job.active}
      run={async () => {
        await job.start({ only_default_elo: onlyDefault, default_elo: wholeNumber(defaultElo) });
        return null;
      }}
      footer={<ToolJobPanel tool={job} errorText={errorText} />}
    >
      <Checkbox label="Only teams with the default ELO" checked={onlyDefault} onChange={(event) => setOnlyDefault(event.currentTarget.checked)} />
      <NumberInput label="Default ELO" value={defaultElo} onChange={setDefaultElo} min={0} allowDecimal={false} />
    </ToolCard>
  );
}

export function RecalculateEloAction() {
  const isOwner = useIsOwner();
  const job = useToolJob('recalculate_elo');
  const errorText = 'There was an error recalculating ELO values.';
  const [resetToDefault, setResetToDefault] = useState(true);
  const [defaultElo, setDefaultElo] = useState<number | string>(DEFAULT_ELO);
  return (
    <ToolCard
      title="Recalculate All ELO"
      description="Replays every completed match, oldest first, and rewrites every team's ELO."
      buttonLabel="Recalculate All ELO"
      ownerOnly
      canRun={isOwner && !job.active}
      confirm={{
        title: 'Recalculate all ELO?',
        message: resetToDefault
          ? `Every team starts again from ELO ${wholeNumber(defaultElo)} and every completed match is replayed.`
          : 'Every completed match is replayed on top of the current ELO values.',
        color: 'red',
        confirmLabel: 'Recalculate',
      }}
      errorText={errorText}
      run={async () => {
        await job.start({ reset_to_default: resetToDefault, default_elo: wholeNumber(defaultElo) });
        return null;
      }}
      footer={<ToolJobPanel tool={job} errorText={errorText} />}
    >
      <Checkbox label="Reset to default first" checked={resetToDefault} onChange={(event) => setResetToDefault(event.currentTarget.checked)} />
      <NumberInput label="Default ELO" value={defaultElo} onChange={setDefaultElo} min={0} allowDecimal={false} />
    </ToolCard>
  );
}

const LATEST_SEASON = 'latest';

export function RankingSnapshotAction() {
  const utils = trpc.useUtils();
  const seasons = trpc.public.seasons.useQuery({ sort: 'start_date', order: 'desc', page_size: 50 });
  const snapshot = trpc.admin.rankings.createSnapshot.useMutation({ onSuccess: () => utils.public.invalidate() });
  const [season, setSeason] = useState(LATEST_SEASON);
  const options = [
    { value: LATEST_SEASON, label: 'Latest season' },
    ...(seasons.data?.results ?? []).map((s) => ({ value: s.id, label: s.name })),
  ];
  const seasonLabel = options.find((o) => o.value === season)?.label ?? 'the latest season';
  return (
    <ToolCard
      title="Create Ranking Snapshot"
      description="Saves this week's team ranking (every team with ELO above 0) for the public Rankings page."
      buttonLabel="Create Ranking Snapshot"
      confirm={{ title: 'Create a ranking snapshot?', message: `A new ranking week is saved for ${seasonLabel}.` }}
      errorText="There was an error creating the ranking snapshot."
      run={async () => {
        const result = await snapshot.mutateAsync(season === LATEST_SEASON ? {} : { season_id: season });
        return `Ranked ${result.teams_ranked} teams for ${result.season_name}.`;
      }}
    >
      <Select label="Season" data={options} value={season} onChange={(value) => setSeason(value ?? LATEST_SEASON)} allowDeselect={false} />
    </ToolCard>
  );
}
