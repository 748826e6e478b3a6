import type { ImportMatchesOutput, ImportPreviewOutput } from '@campus-elo/api-contract';
import { pluralize } from '@campus-elo/domain';
import { Alert, Button, Group, List, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { serverMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { EloChangeList, useConfirm } from '../admin-shell';
import { useToolJob } from '../jobs/use-job';
import { PlatformStep, TypeStep } from './ChoiceSteps';
import { CompleteStep, type ImportResult } from './CompleteStep';
import { DetailsStep } from './DetailsStep';
import { ParticipantMatcher } from './ParticipantMatcher';
import { PreviewStep } from './PreviewStep';
import { SeasonStep } from './SeasonStep';
import {
  clampStep,
  DETAILS_STEP,
  FIRST_STEP,
  INITIAL_CHOICES,
  LAST_STEP,
  MATCH_STEP,
  MESSAGES,
  participantMatches,
  platformTeamIds,
  platformTeamNames,
  previewRequest,
  STEPS,
  stepProblem,
  type TeamMatch,
  type WizardChoices,
} from './wizard';

/** 'Import 12 matches and create 3 teams?' */
function importQuestion(effect: ImportMatchesOutput): string {
  const writes = effect.matches_imported + effect.matches_updated;
  return `Import ${pluralize(writes, 'match')}${effect.teams_created > 0 ? ` and create ${pluralize(effect.teams_created, 'team')}` : ''}?`;
}

interface Problem {
  message: string;
  detail?: string | null;
}

/**
 * The Import Matches wizard, steps 1 to 7 (0 to 6 in the code): platform, type, season,
 * details (fetches the preview on the server), preview, participant matcher (submits, after
 * confirming the teams it will create and the Elo it will move: a dry run), complete.
 */
export function ImportMatchesTab() {
  const confirm = useConfirm();
  const previewCall = trpc.admin.imports.preview.useMutation();
  const dryRun = trpc.admin.imports.commit.useMutation();
  // The import runs as a background job: its progress shows on the last step and it goes on if the page closes.
  const importJob = useToolJob('import');
  const narrow = useMediaQuery('(max-width: 62em)');

  const [step, setStep] = useState(FIRST_STEP);
  const [choices, setChoices] = useState<WizardChoices>(INITIAL_CHOICES);
  const [preview, setPreview] = useState<ImportPreviewOutput | null>(null);
  const [matches, setMatches] = useState<TeamMatch[]>([]);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  const change = (changes: Partial<WizardChoices>) => setChoices((current) => ({ ...current, ...changes }));
  const busy = previewCall.isPending || dryRun.isPending || importJob.starting;

  async function fetchPreview() {
    try {
      const answer = await previewCall.mutateAsync(previewRequest(choices));
      setPreview(answer);
      setMatches([]);
      setStep(DETAILS_STEP + 1);
    } catch (error) {
      setProblem({ message: MESSAGES.previewFailed, detail: serverMessage(error) });
    }
  }

  async function submitImport() {
    if (!preview || !choices.seasonId) return;
    const matched = new Set(matches.map((m) => m.platformTeam));
    const unmatched = platformTeamNames(preview).filter((name) => !matched.has(name));
    const request = {
      platform: choices.platform,
      competition_name: choices.competitionName.trim(),
      competition_id: choices.platformId.trim(),
      season_id: choices.seasonId,
      type: choices.type,
      data: { items: preview.items },
      participant_matches: participantMatches(choices.platform, matches),
    };
    // What the import would do, Elo included, before it runs: the same import, rolled back.
    let effect: ImportMatchesOutput;
    try {
      effect = await dryRun.mutateAsync({ ...request, dry_run: true });
    } catch (error) {
      setProblem({ message: MESSAGES.importFailed, detail: serverMessage(error) });
      return;
    }
    const agreed = await confirm({
      title: importQuestion(effect),
      message: (
        <Stack gap="xs">
          {unmatched.length > 0 && (
            <>
              <Text size="sm">
                These platform teams are not matched to one of ours. Each becomes a new team, unless an earlier import already linked it to one:
              </Text>
              <List size="sm" spacing={2} aria-label="Teams to create">
                {unmatched.map((name) => (
                  <List.Item key={name}>{name}</List.Item>
                ))}
              </List>
            </>
          )}
          <Text size="sm" fw={600}>
            {effect.elo_changes.length === 0 ? 'No team\'s Elo changes.' : `Elo of ${pluralize(effect.elo_changes.length, 'team')} changes, largest first:`}
          </Text>
          {effect.elo_changes.length > 0 && <EloChangeList changes={effect.elo_changes} label="Elo changes if imported" />}
          {effect.elo_changes.length > 0 && <Text size="xs">An owner can undo the import afterwards.</Text>}
        </Stack>
      ),
      confirmLabel: 'Import',
    });
    if (!agreed) return;
    try {
      await importJob.start(request);
      setResult({ ok: true });
    } catch (error) {
      setResult({ ok: false, error: serverMessage(error) ?? MESSAGES.importFailed });
    }
    setStep(LAST_STEP);
  }

  async function next() {
    const blocked = stepProblem(step, choices);
    setProblem(blocked ? { message: blocked } : null);
    if (blocked) return;
    if (step === DETAILS_STEP) return fetchPreview();
    if (step === MATCH_STEP) return submitImport();
    setStep(clampStep(step + 1));
  }

  function previous() {
    setProblem(null);
    setStep(clampStep(step - 1));
  }

  function restart() {
    setStep(FIRST_STEP);
    setChoices(INITIAL_CHOICES);
    setPreview(null);
    setMatches([]);
    setResult(null);
    setProblem(null);
  }

  const content = [
    <PlatformStep key="platform" value={choices.platform} onChange={(platform) => change({ platform })} />,
    <TypeStep key="type" value={choices.type} onChange={(type) => change({ type })} />,
    <SeasonStep key="season" seasonId={choices.seasonId} onChange={(seasonId) => change({ seasonId })} />,
    <DetailsStep key="details" choices={choices} onChange={change} />,
    preview ? <PreviewStep key="preview" preview={preview} /> : null,
    <ParticipantMatcher key="match" platform={choices.platform} platformTeams={platformTeamNames(preview)} platformTeamIds={platformTeamIds(preview)} matches={matches} onChange={setMatches} />,
    <CompleteStep key="complete" result={result} job={importJob} onRestart={restart} />,
  ];

  return (
    <Stack gap="lg">
      <Stepper active={step} size="sm" orientation={narrow ? 'vertical' : 'horizontal'} allowNextStepsSelect={false}>
        {STEPS.map((label, index) => (
          // Numbered 1 to 7 whatever the step's state (Mantine would otherwise show its own count for the active step).
          // Named by what it shows ('1 Platform'): a label that differs from the visible text fails speech input (WCAG 2.5.3).
          <Stepper.Step key={label} label={label} icon={index + 1} progressIcon={index + 1} />
        ))}
      </Stepper>
      <section aria-label={`Step ${step + 1}: ${STEPS[step]}`}>{content[step]}</section>
      {problem && (
        <Alert color="red" role="alert">
          {problem.message}
          {problem.detail && (
            <Text size="xs" mt={4}>
              {problem.detail}
            </Text>
          )}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={previous} disabled={step === FIRST_STEP || busy}>
          Previous
        </Button>
        <Button onClick={() => void next()} disabled={step === LAST_STEP} loading={busy}>
          {step === MATCH_STEP ? 'Import' : 'Next'}
        </Button>
      </Group>
    </Stack>
  );
}
