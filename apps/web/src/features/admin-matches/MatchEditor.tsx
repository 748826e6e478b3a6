import type { MatchWriteOutput } from '@campus-elo/api-contract';
import { Alert, Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { fieldErrors, serverMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { EloChangeList } from '../admin-shell';
import { teamChoices } from '../edit/options';
import { MapDetailsEditor } from './map-details/MapDetailsEditor';
import { MATCH_STATUSES, matchFields, validateMatchForm, type MatchFormValues, type MatchStatusValue } from './match-form-values';

const MAX_SCORE = 1000;

interface MatchEditorProps {
  /** Null for a new match. */
  matchId: string | null;
  initial: MatchFormValues;
  onSaved(result: MatchWriteOutput): void;
  onCancel(): void;
}

/**
 * Create or edit one match. 'Preview Elo effect' asks the server for a dry run; the preview
 * names every team whose Elo would move, and only then can the match be saved.
 */
export function MatchEditor({ matchId, initial, onSaved, onCancel }: MatchEditorProps) {
  const utils = trpc.useUtils();
  const teams = trpc.admin.teams.options.useQuery();
  const competitions = trpc.admin.competitions.list.useQuery();
  const seasons = trpc.admin.seasons.list.useQuery({ sort: 'start_date', order: 'desc', page_size: 100 });
  const create = trpc.admin.matches.create.useMutation();
  const update = trpc.admin.matches.update.useMutation();

  const [values, setValues] = useState<MatchFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState<MatchWriteOutput | null>(null);
  const busy = create.isPending || update.isPending;

  const set = <K extends keyof MatchFormValues>(field: K, value: MatchFormValues[K]) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      // A winner must be one of the two teams: changing a team clears a winner that no longer plays.
      if (next.winner_id && next.winner_id !== next.team1_id && next.winner_id !== next.team2_id) next.winner_id = null;
      return next;
    });
    setErrors((current) => {
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
    setPreview(null);
  };

  async function send(dryRun: boolean): Promise<MatchWriteOutput | null> {
    const found = validateMatchForm(values);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return null;
    const fields = matchFields(values);
    try {
      return matchId ? await update.mutateAsync({ id: matchId, ...fields, dry_run: dryRun }) : await create.mutateAsync({ ...fields, dry_run: dryRun });
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField);
      if (Object.keys(byField).length === 0) setFormError(serverMessage(error) ?? 'The match could not be saved. Try again.');
      return null;
    }
  }

  async function showPreview() {
    setPreview(await send(true));
  }

  async function save() {
    const result = await send(false);
    if (!result) return;
    await Promise.all([utils.admin.viewer.invalidate(), utils.admin.matches.invalidate(), utils.public.invalidate(), utils.admin.audit.invalidate()]);
    onSaved(result);
  }

  const teamOptions = teamChoices(teams.data ?? []);
  const teamName = (id: string | null) => teamOptions.find((t) => t.value === id)?.label;
  const winnerOptions = [...new Set([values.team1_id, values.team2_id])].filter((id): id is string => Boolean(id)).map((id) => ({ value: id, label: teamName(id) ?? 'Unknown team' }));
  const competitionOptions = (competitions.data?.results ?? []).map((c) => ({ value: c.id, label: c.season ? `${c.name} (${c.season.name})` : c.name }));
  const seasonOptions = (seasons.data?.results ?? []).map((s) => ({ value: s.id, label: s.name }));
  const scoreProps = { min: 0, max: MAX_SCORE, allowDecimal: false, allowNegative: false, clampBehavior: 'strict' as const };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {matchId ? 'Edit match' : 'New match'}
        </Title>
        <Button variant="subtle" onClick={onCancel}>
          Back to matches
        </Button>
      </Group>
      {teams.isError && <Alert color="red">The team list could not be loaded.</Alert>}
      <form
        aria-label="Match details"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void showPreview();
        }}
      >
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Team 1" required searchable data={teamOptions} value={values.team1_id} onChange={(v) => set('team1_id', v)} error={errors.team1_id} nothingFoundMessage="No team of that name" />
            <Select label="Team 2" required searchable data={teamOptions} value={values.team2_id} onChange={(v) => set('team2_id', v)} error={errors.team2_id} nothingFoundMessage="No team of that name" />
            <TextInput label="Date and time" type="datetime-local" value={values.date} onChange={(e) => set('date', e.currentTarget.value)} error={errors.date} description="Your local time; empty when not known" />
            <Select label="Status" required data={[...MATCH_STATUSES]} value={values.status} onChange={(v) => v && set('status', v as MatchStatusValue)} allowDeselect={false} error={errors.status} />
            <Select label="Competition" searchable clearable data={competitionOptions} value={values.competition_id} onChange={(v) => set('competition_id', v)} error={errors.competition_id} />
            <Select label="Season" searchable clearable data={seasonOptions} value={values.season_id} onChange={(v) => set('season_id', v)} error={errors.season_id} />
            <NumberInput label="Team 1 score" {...scoreProps} value={values.score_team1} onChange={(v) => set('score_team1', typeof v === 'number' ? v : '')} error={errors.score_team1} />
            <NumberInput label="Team 2 score" {...scoreProps} value={values.score_team2} onChange={(v) => set('score_team2', typeof v === 'number' ? v : '')} error={errors.score_team2} />
            <Select label="Winner" searchable clearable data={winnerOptions} value={values.winner_id} onChange={(v) => set('winner_id', v)} error={errors.winner_id} placeholder="No winner" />
            <Select
              label="Match type"
              data={[
                { value: 'league', label: 'League' },
                { value: 'event', label: 'Event' },
              ]}
              value={values.match_type}
              onChange={(v) => v && set('match_type', v as 'league' | 'event')}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Checkbox label="Forfeit (counts like any other result)" checked={values.forfeit} onChange={(e) => set('forfeit', e.currentTarget.checked)} />
          <TextInput label="Match page URL" placeholder="https://…" value={values.url} onChange={(e) => set('url', e.currentTarget.value)} error={errors.url} />
          {formError && (
            <Alert color="red" variant="light" role="alert" title="Not saved">
              {formError}
            </Alert>
          )}
          {!preview && (
            <Group>
              <Button type="submit" loading={busy}>
                Preview Elo effect
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      {preview && (
        <Paper withBorder p="md" component="section" aria-label="Elo effect">
          <Stack gap="sm">
            <Title order={3} size="h5">
              Elo effect of saving
            </Title>
            <EloChangeList changes={preview.elo_changes} label="Elo effect" />
            {preview.elo_changes.length > 0 && (
              <Text size="xs" c="dimmed">
                Later matches of these teams are replayed too.
              </Text>
            )}
            <Group>
              <Button onClick={() => void save()} loading={busy}>
                Save match
              </Button>
              <Button variant="default" onClick={() => setPreview(null)}>
                Change fields
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {matchId && initial.team1_id && initial.team2_id && (
        <MapDetailsEditor
          matchId={matchId}
          team1={{ id: initial.team1_id, name: teamName(initial.team1_id) ?? 'Team 1' }}
          team2={{ id: initial.team2_id, name: teamName(initial.team2_id) ?? 'Team 2' }}
          matchScore={{ score_team1: initial.score_team1 === '' ? null : initial.score_team1, score_team2: initial.score_team2 === '' ? null : initial.score_team2 }}
        />
      )}
    </Stack>
  );
}
