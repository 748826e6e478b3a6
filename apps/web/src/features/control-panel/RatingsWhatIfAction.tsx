import type { AccuracyFiguresOutput, RatingEvaluateOutput, RatingSettingsInput } from '@campus-elo/api-contract';
import { ELO_K, ELO_SCALE } from '@campus-elo/domain';
import { Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { WholeNumberInput } from '../admin-shell/WholeNumberInput';
import { ToolJobPanel } from '../jobs/JobProgress';
import { useToolJob } from '../jobs/use-job';
import { useIsOwner } from './inputs';
import { ToolCard, toolResult } from './ToolCard';

/** The K a what-if may try (docs/contract.md, POST /v1/ratings/evaluate/). */
const MIN_K = 1;
const MAX_K = 400;
const kMessage = (k: number | '') => (k === '' || k < MIN_K || k > MAX_K ? `K must be a whole number from ${MIN_K} to ${MAX_K}` : undefined);

const settingName = (s: RatingSettingsInput) => (s.system === 'elo' ? `Elo K ${s.k}${s.k === ELO_K && s.scale === ELO_SCALE ? ' (live)' : ''}` : `Glicko-2 (tau ${s.tau})`);
const figure = (value: number | null, digits: number) => (value === null ? '-' : value.toFixed(digits));

/** Each setting's all-time figures beside the baselines: lower Brier and log-loss predict better. */
function WhatIfTable({ result }: { result: RatingEvaluateOutput }) {
  const allTime = result.scopes[0];
  if (!allTime || allTime.matches === 0) return <Text size="sm">No rated matches to evaluate yet.</Text>;
  const rows: [string, AccuracyFiguresOutput][] = [
    ...result.settings.map((s, i) => [settingName(s), allTime.results[i] as AccuracyFiguresOutput] as [string, AccuracyFiguresOutput]),
    ['Coin flip', allTime.baselines.coin],
    ['Starting Elo only', allTime.baselines.seed],
  ];
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label="Rating settings compared, all time">
        <Table.Caption>{allTime.matches} rated matches, all time</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Setting</Table.Th>
            <Table.Th scope="col">Accuracy</Table.Th>
            <Table.Th scope="col">Brier</Table.Th>
            <Table.Th scope="col">Log-loss</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([name, f]) => (
            <Table.Tr key={name}>
              <Table.Th scope="row">{name}</Table.Th>
              <Table.Td>{f.accuracy === null ? '-' : `${(f.accuracy * 100).toFixed(1)}%`}</Table.Td>
              <Table.Td>{figure(f.brier, 4)}</Table.Td>
              <Table.Td>{figure(f.log_loss, 4)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What if: the live K beside two others and Glicko-2 on the league's history; writes nothing. */
export function RatingsWhatIfAction() {
  const isOwner = useIsOwner();
  const job = useToolJob('evaluate_ratings');
  const [lowerK, setLowerK] = useState<number | ''>(100);
  const [higherK, setHigherK] = useState<number | ''>(200);
  const errorText = 'There was an error evaluating the rating settings.';
  const settings = (): RatingSettingsInput[] => [
    { system: 'elo', k: ELO_K, scale: ELO_SCALE },
    { system: 'elo', k: Number(lowerK), scale: ELO_SCALE },
    { system: 'elo', k: Number(higherK), scale: ELO_SCALE },
    { system: 'glicko2', tau: 0.5, deviation: 350, volatility: 0.06 },
  ];
  return (
    <ToolCard
      title="Evaluate Ratings"
      description="Replays every rated match with the live Elo, two other K values and Glicko-2, and compares how well each predicted the results. Changes nothing."
      buttonLabel="Evaluate Ratings"
      ownerOnly
      canRun={isOwner && !job.active && !kMessage(lowerK) && !kMessage(higherK)}
      confirm={{ title: 'Evaluate rating settings?', message: 'The whole history is replayed for each setting; no Elo changes.' }}
      errorText={errorText}
      run={async () => {
        await job.start({ settings: settings() });
        return null;
      }}
      footer={<ToolJobPanel tool={job} errorText={errorText} present={(result: RatingEvaluateOutput) => toolResult(<WhatIfTable result={result} />, { sticky: true })} />}
    >
      <Group grow>
        <WholeNumberInput label="Other K" description={`${MIN_K} to ${MAX_K}`} value={lowerK} onChange={setLowerK} error={kMessage(lowerK)} />
        <WholeNumberInput label="Another K" description={`${MIN_K} to ${MAX_K}`} value={higherK} onChange={setHigherK} error={kMessage(higherK)} />
      </Group>
    </ToolCard>
  );
}
