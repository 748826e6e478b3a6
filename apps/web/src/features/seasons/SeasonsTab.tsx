import { competitionUpdateInput, seasonUpdateInput, type AdminCompetition, type Season } from '@campus-elo/api-contract';
import { Alert, Button, Card, Group, ScrollArea, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { fieldErrors, serverMessage } from '../../lib/error-message';
import { tooLongMessage } from '../../lib/form-messages';
import { trpc } from '../../lib/trpc';
import { useConfirm } from '../admin-shell';
import { formatDate, browserTimeZone } from '../common/format';
import { LoadingState } from '../common/states';
import { ColumnHeaders } from '../admin-shell/TableParts';
import { DivisionsCard } from './DivisionsCard';
import { EditRow, MessageAlert, SaveOrCancel, useInlineEdit } from './InlineEdit';

const MAX_SEASON_NAME = 100;
const MAX_COMPETITION_NAME = 200;

/** Zod's issues of one form, the first per field. */
function issuesByField(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of issues) byField[String(issue.path[0])] ??= issue.message;
  return byField;
}

/** The Seasons tab: seasons (rename, change dates, delete an empty one), their divisions (docs/product.md, "Standings"), and competitions (rename, delete an unused one). */
export function SeasonsTab() {
  return (
    <Stack gap="xl">
      <SeasonsCard />
      <DivisionsCard />
      <CompetitionsCard />
    </Stack>
  );
}

function SeasonsCard() {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const seasons = trpc.admin.seasons.list.useQuery({ sort: 'start_date', order: 'desc', page_size: 100 });
  const remove = trpc.admin.seasons.delete.useMutation({ onSuccess: () => utils.invalidate() });
  const { editing, setEditing, message, setMessage, done } = useInlineEdit();

  async function deleteSeason(season: Season) {
    setMessage(null);
    const agreed = await confirm({ title: 'Delete this season?', message: `${season.name} is deleted, with its ranking snapshots. A season that still has matches cannot be deleted.`, confirmLabel: 'Delete season', color: 'red' });
    if (!agreed) return;
    try {
      await remove.mutateAsync({ id: season.id });
      setMessage({ ok: true, text: `${season.name} was deleted.` });
    } catch (error) {
      setMessage({ ok: false, text: serverMessage(error) ?? 'The season could not be deleted. Try again.' });
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-label="Seasons">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Seasons
        </Title>
        <MessageAlert message={message} onClose={() => setMessage(null)} />
        {seasons.isError ? (
          <Text c="red.9" role="alert">
            The seasons could not be loaded. Try again.
          </Text>
        ) : seasons.isPending ? (
          <LoadingState label="Loading seasons" />
        ) : seasons.data.results.length === 0 ? (
          <Text c="dimmed">No seasons yet: the Import Matches wizard creates one.</Text>
        ) : (
          <ScrollArea type="auto">
            <Table withTableBorder miw={600}>
              <ColumnHeaders labels={['Name', 'Starts', 'Ends', '']} />
              <Table.Tbody>
                {seasons.data.results.map((season) =>
                  editing === season.id ? (
                    <EditRow key={season.id} columns={4}>
                      <SeasonForm season={season} onDone={done} />
                    </EditRow>
                  ) : (
                    <Table.Tr key={season.id}>
                      <Table.Td>{season.name}</Table.Td>
                      <Table.Td>{formatDate(`${season.start_date}T12:00:00Z`, browserTimeZone())}</Table.Td>
                      <Table.Td>{formatDate(`${season.end_date}T12:00:00Z`, browserTimeZone())}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap" justify="flex-end">
                          <Button size="xs" variant="default" onClick={() => setEditing(season.id)} aria-label={`Edit ${season.name}`}>
                            Edit
                          </Button>
                          <Button size="xs" variant="default" color="red" onClick={() => void deleteSeason(season)} aria-label={`Delete ${season.name}`}>
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ),
                )}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
    </Card>
  );
}

/** Name and dates of one season; the end may not be before the start (checked here and by the server). */
function SeasonForm({ season, onDone }: { season: Season; onDone(message: string | null): void }) {
  const utils = trpc.useUtils();
  const update = trpc.admin.seasons.update.useMutation({ onSuccess: () => utils.invalidate() });
  const [name, setName] = useState(season.name);
  const [start, setStart] = useState(season.start_date);
  const [end, setEnd] = useState(season.end_date);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function save() {
    setFormError(null);
    const parsed = seasonUpdateInput.safeParse({ id: season.id, name, start_date: start, end_date: end });
    const nameTooLong = tooLongMessage(name, MAX_SEASON_NAME);
    if (!parsed.success || nameTooLong) {
      setErrors({ ...(parsed.success ? {} : issuesByField(parsed.error.issues)), ...(nameTooLong ? { name: nameTooLong } : {}) });
      return;
    }
    setErrors({});
    try {
      const saved = await update.mutateAsync(parsed.data);
      onDone(`${saved.name} was saved.`);
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField);
      if (Object.keys(byField).length === 0) setFormError(serverMessage(error) ?? 'The season could not be saved. Try again.');
    }
  }

  return (
    <form
      noValidate
      aria-label={`Edit ${season.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="xs">
        <Group align="flex-start">
          <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} w={240} />
          <TextInput label="Start date" type="date" required value={start} onChange={(e) => setStart(e.currentTarget.value)} error={errors.start_date} />
          <TextInput label="End date" type="date" required value={end} onChange={(e) => setEnd(e.currentTarget.value)} error={errors.end_date} />
        </Group>
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <SaveOrCancel label="Save season" saving={update.isPending} onCancel={() => onDone(null)} />
      </Stack>
    </form>
  );
}

function CompetitionsCard() {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const competitions = trpc.admin.competitions.list.useQuery();
  const remove = trpc.admin.competitions.delete.useMutation({ onSuccess: () => utils.invalidate() });
  const { editing: renaming, setEditing: setRenaming, message, setMessage, done } = useInlineEdit();

  async function deleteCompetition(competition: AdminCompetition) {
    setMessage(null);
    const agreed = await confirm({ title: 'Delete this competition?', message: `${competition.name} is deleted. It names no match.`, confirmLabel: 'Delete competition', color: 'red' });
    if (!agreed) return;
    try {
      await remove.mutateAsync({ id: competition.id });
      setMessage({ ok: true, text: `${competition.name} was deleted.` });
    } catch (error) {
      setMessage({ ok: false, text: serverMessage(error) ?? 'The competition could not be deleted. Try again.' });
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-label="Competitions">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Competitions
        </Title>
        <Text size="sm" c="dimmed">
          The names shown on match lists and in the past-matches filter. A competition that names matches can be renamed, not deleted.
        </Text>
        <MessageAlert message={message} onClose={() => setMessage(null)} />
        {competitions.isError ? (
          <Text c="red.9" role="alert">
            The competitions could not be loaded. Try again.
          </Text>
        ) : competitions.isPending ? (
          <LoadingState label="Loading competitions" />
        ) : competitions.data.results.length === 0 ? (
          <Text c="dimmed">No competitions yet: importing matches adds them.</Text>
        ) : (
          <ScrollArea type="auto">
            <Table withTableBorder miw={600}>
              <ColumnHeaders labels={['Name', 'Platform', 'Season', 'Matches', '']} />
              <Table.Tbody>
                {competitions.data.results.map((competition) => (
                  <Table.Tr key={competition.id}>
                    <Table.Td>
                      {renaming === competition.id ? (
                        <RenameCompetition competition={competition} onDone={done} />
                      ) : (
                        competition.name
                      )}
                    </Table.Td>
                    <Table.Td>{competition.platform === 'faceit' ? 'Faceit' : 'Leaguespot'}</Table.Td>
                    <Table.Td>{competition.season?.name ?? '–'}</Table.Td>
                    <Table.Td>{competition.match_count}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        <Button size="xs" variant="default" onClick={() => setRenaming(competition.id)} aria-label={`Rename ${competition.name}`}>
                          Rename
                        </Button>
                        {competition.match_count === 0 && (
                          <Button size="xs" variant="default" color="red" onClick={() => void deleteCompetition(competition)} aria-label={`Delete ${competition.name}`}>
                            Delete
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
    </Card>
  );
}

function RenameCompetition({ competition, onDone }: { competition: AdminCompetition; onDone(message: string | null): void }) {
  const utils = trpc.useUtils();
  const update = trpc.admin.competitions.update.useMutation({ onSuccess: () => utils.invalidate() });
  const [name, setName] = useState(competition.name);
  const [error, setError] = useState<string | null>(null);

  async function save() {
    const parsed = competitionUpdateInput.safeParse({ id: competition.id, name });
    const invalid = tooLongMessage(name, MAX_COMPETITION_NAME) ?? (parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Name is required'));
    if (invalid || !parsed.success) {
      setError(invalid);
      return;
    }
    try {
      const saved = await update.mutateAsync(parsed.data);
      onDone(`Renamed to ${saved.name}.`);
    } catch (caught) {
      setError(serverMessage(caught) ?? 'The competition could not be renamed. Try again.');
    }
  }

  return (
    <form
      noValidate
      aria-label={`Rename ${competition.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput aria-label="New name" size="xs" value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} />
        <Button type="submit" size="xs" loading={update.isPending}>
          Save
        </Button>
        <Button size="xs" variant="default" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}
