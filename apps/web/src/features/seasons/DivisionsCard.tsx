import {
  divisionCreateInput,
  divisionUpdateInput,
  tiebreaker as tiebreakerSchema,
  type AdminDivision,
  type DivisionLine,
  type ForfeitRule,
  type Tiebreaker,
} from '@campus-elo/api-contract';
import { Alert, Button, Card, Checkbox, Group, NativeSelect, NumberInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useState } from 'react';
import { fieldErrors, serverMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { useConfirm } from '../admin-shell';
import { ColumnHeaders } from '../admin-shell/TableParts';
import { LoadingState } from '../common/states';
import { TIEBREAK_NAMES } from '../standings/standings-wording';
import { EditRow, MessageAlert, SaveOrCancel, useInlineEdit } from './InlineEdit';

const FORFEIT_CHOICES: { value: ForfeitRule; label: string }[] = [
  { value: 'count', label: 'Count as played, with their score' },
  { value: 'result_only', label: 'A win and a loss only (no maps or rounds)' },
  { value: 'ignore', label: 'Leave out of the standings' },
];

/** The divisions of one season: create, edit, order, delete, and fill them with teams. */
export function DivisionsCard() {
  const seasons = trpc.admin.seasons.list.useQuery({ sort: 'start_date', order: 'desc', page_size: 100 });
  const [picked, setPicked] = useState<string | null>(null);
  const seasonId = picked ?? seasons.data?.results[0]?.id ?? null;

  return (
    <Card withBorder padding="lg" component="section" aria-label="Divisions">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Divisions
        </Title>
        <Text size="sm" c="dimmed">
          Each season&apos;s divisions make the league standings: their teams, how points and ties count, and the lines (playoffs, relegation) the table draws.
        </Text>
        {seasons.isError ? (
          <Text c="red.9" role="alert">
            The seasons could not be loaded. Try again.
          </Text>
        ) : seasons.isPending ? (
          <LoadingState label="Loading seasons" />
        ) : !seasonId ? (
          <Text c="dimmed">No seasons yet: the Import Matches wizard creates one.</Text>
        ) : (
          <>
            <NativeSelect
              label="Season"
              w={280}
              data={seasons.data.results.map((season) => ({ value: season.id, label: season.name }))}
              value={seasonId}
              onChange={(event) => setPicked(event.currentTarget.value)}
            />
            <SeasonDivisions key={seasonId} seasonId={seasonId} />
          </>
        )}
      </Stack>
    </Card>
  );
}

function SeasonDivisions({ seasonId }: { seasonId: string }) {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const divisions = trpc.admin.divisions.list.useQuery({ season_id: seasonId });
  const invalidate = () => utils.invalidate();
  const remove = trpc.admin.divisions.delete.useMutation({ onSuccess: invalidate });
  const order = trpc.admin.divisions.order.useMutation({ onSuccess: invalidate });
  const assign = trpc.admin.divisions.assign.useMutation({ onSuccess: invalidate });
  // One form open at a time: a new division's, or a division's settings or teams.
  const { editing, setEditing, message, setMessage, done } = useInlineEdit<'new' | `settings:${string}` | `teams:${string}`>();
  const [replace, setReplace] = useState(false);

  async function deleteDivision(division: AdminDivision) {
    setMessage(null);
    const agreed = await confirm({
      title: 'Delete this division?',
      message: `${division.name} is deleted with its lines and its list of ${division.teams.length} teams. Matches and teams stay.`,
      confirmLabel: 'Delete division',
      color: 'red',
    });
    if (!agreed) return;
    try {
      await remove.mutateAsync({ id: division.id });
      setMessage({ ok: true, text: `${division.name} was deleted.` });
    } catch (error) {
      setMessage({ ok: false, text: serverMessage(error) ?? 'The division could not be deleted. Try again.' });
    }
  }

  async function move(list: AdminDivision[], index: number, by: -1 | 1) {
    const ids = list.map((division) => division.id);
    const target = index + by;
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    setMessage(null);
    try {
      await order.mutateAsync({ season_id: seasonId, ids });
      setMessage({ ok: true, text: `${list[index]!.name} moved ${by < 0 ? 'up' : 'down'}.` });
    } catch (error) {
      setMessage({ ok: false, text: serverMessage(error) ?? 'The order could not be saved. Try again.' });
    }
  }

  async function fill(by: 'elo' | 'imported_stage') {
    setMessage(null);
    if (replace) {
      const agreed = await confirm({
        title: 'Empty the divisions first?',
        message: 'Every division of this season loses its teams, then they are filled again.',
        confirmLabel: 'Empty and fill',
        color: 'red',
      });
      if (!agreed) return;
    }
    try {
      const result = await assign.mutateAsync({ season_id: seasonId, by, replace });
      const left = result.unassigned === 0 ? 'Every team of the season has a division.' : `${result.unassigned} ${result.unassigned === 1 ? 'team of the season still has' : 'teams of the season still have'} no division.`;
      setMessage({ ok: true, text: `Placed ${result.assigned} ${result.assigned === 1 ? 'team' : 'teams'}. ${left}` });
    } catch (error) {
      setMessage({ ok: false, text: serverMessage(error) ?? 'The teams could not be placed. Try again.' });
    }
  }

  if (divisions.isError) {
    return (
      <Text c="red.9" role="alert">
        The divisions could not be loaded. Try again.
      </Text>
    );
  }
  if (divisions.isPending) return <LoadingState label="Loading divisions" />;
  const list = divisions.data.results;

  return (
    <Stack gap="sm">
      <MessageAlert message={message} onClose={() => setMessage(null)} />
      {list.length === 0 ? (
        <Text c="dimmed">No divisions in this season yet.</Text>
      ) : (
        <Table withTableBorder>
          <ColumnHeaders labels={['Division', 'Teams', 'Lines', '']} />
          <Table.Tbody>
            {list.map((division, index) =>
              editing === `settings:${division.id}` ? (
                <EditRow key={division.id} columns={4} data-division={division.name}>
                  <DivisionForm seasonId={seasonId} division={division} onDone={done} />
                </EditRow>
              ) : editing === `teams:${division.id}` ? (
                <EditRow key={division.id} columns={4} data-division={division.name}>
                  <DivisionTeams division={division} onDone={done} />
                </EditRow>
              ) : (
                <Table.Tr key={division.id} data-division={division.name}>
                  <Table.Td fw={600}>{division.name}</Table.Td>
                  <Table.Td>{division.teams.length}</Table.Td>
                  <Table.Td>{division.lines.length === 0 ? 'None' : division.lines.map((line) => `${line.label} (${line.kind} at ${line.place})`).join(', ')}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      <Button size="xs" variant="default" disabled={index === 0 || order.isPending} onClick={() => void move(list, index, -1)} aria-label={`Move ${division.name} up`}>
                        Up
                      </Button>
                      <Button size="xs" variant="default" disabled={index === list.length - 1 || order.isPending} onClick={() => void move(list, index, 1)} aria-label={`Move ${division.name} down`}>
                        Down
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setEditing(`teams:${division.id}`)} aria-label={`Teams of ${division.name}`}>
                        Teams
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setEditing(`settings:${division.id}`)} aria-label={`Edit ${division.name}`}>
                        Edit
                      </Button>
                      <Button size="xs" variant="default" color="red" onClick={() => void deleteDivision(division)} aria-label={`Delete ${division.name}`}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      )}
      {editing === 'new' ? (
        <DivisionForm seasonId={seasonId} onDone={done} />
      ) : (
        <Group>
          <Button size="xs" onClick={() => setEditing('new')}>
            New division
          </Button>
        </Group>
      )}
      {list.length > 0 && (
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" size="sm" fw={600}>
            Fill the divisions with the season&apos;s teams
          </Text>
          <Group gap="xs" align="center">
            <Button size="xs" variant="default" loading={assign.isPending && assign.variables?.by === 'elo'} onClick={() => void fill('elo')}>
              By current Elo
            </Button>
            <Button size="xs" variant="default" loading={assign.isPending && assign.variables?.by === 'imported_stage'} onClick={() => void fill('imported_stage')}>
              By the imported stage
            </Button>
            <Checkbox size="xs" label="Empty the divisions first" checked={replace} onChange={(event) => setReplace(event.currentTarget.checked)} />
          </Group>
          <Text size="xs" c="dimmed">
            By current Elo: strongest teams into the first division, split evenly. By the imported stage: each team into the division whose source competition it played in.
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

interface Draft {
  name: string;
  points_win: number | string;
  points_loss: number | string;
  tiebreakers: Tiebreaker[];
  forfeits: ForfeitRule;
  lines: { place: number | string; label: string; kind: DivisionLine['kind'] }[];
  source_competition_id: string;
}

function draftOf(division: AdminDivision | undefined): Draft {
  return {
    name: division?.name ?? '',
    points_win: division?.points_win ?? 1,
    points_loss: division?.points_loss ?? 0,
    tiebreakers: division?.tiebreakers ?? ['head_to_head', 'map_diff', 'round_diff', 'elo'],
    forfeits: division?.forfeits ?? 'count',
    lines: division?.lines.map((line) => ({ ...line })) ?? [],
    source_competition_id: division?.source_competition?.id ?? '',
  };
}

/** Zod's or the server's issues by their path ('lines.0.label'), the first per path. */
function issuesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const issue of issues) byPath[issue.path.map(String).join('.')] ??= issue.message;
  return byPath;
}

/** A division's settings; a failed save keeps everything typed, with the reasons beside the fields. */
function DivisionForm({ seasonId, division, onDone }: { seasonId: string; division?: AdminDivision; onDone(message: string | null): void }) {
  const utils = trpc.useUtils();
  const create = trpc.admin.divisions.create.useMutation({ onSuccess: () => utils.invalidate() });
  const update = trpc.admin.divisions.update.useMutation({ onSuccess: () => utils.invalidate() });
  const competitions = trpc.admin.competitions.list.useQuery();
  const [draft, setDraft] = useState<Draft>(() => draftOf(division));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [adding, setAdding] = useState<Tiebreaker | ''>('');
  const tiebreakHeadingId = useId();
  const change = (next: Partial<Draft>) => setDraft((previous) => ({ ...previous, ...next }));
  const title = division ? `Edit ${division.name}` : 'New division';
  const unused = tiebreakerSchema.options.filter((option) => !draft.tiebreakers.includes(option));

  function moveTiebreaker(index: number, by: -1 | 1) {
    const list = [...draft.tiebreakers];
    [list[index], list[index + by]] = [list[index + by]!, list[index]!];
    change({ tiebreakers: list });
  }

  async function save() {
    setFormError(null);
    const fields = {
      name: draft.name,
      points_win: draft.points_win === '' ? Number.NaN : Number(draft.points_win),
      points_loss: draft.points_loss === '' ? Number.NaN : Number(draft.points_loss),
      tiebreakers: draft.tiebreakers,
      forfeits: draft.forfeits,
      lines: draft.lines.map((line) => ({ ...line, place: line.place === '' ? Number.NaN : Number(line.place) })),
      source_competition_id: draft.source_competition_id || null,
    };
    const parsed = division ? divisionUpdateInput.safeParse({ ...fields, id: division.id }) : divisionCreateInput.safeParse({ ...fields, season_id: seasonId });
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      const saved = 'id' in parsed.data ? await update.mutateAsync(parsed.data) : await create.mutateAsync(parsed.data);
      onDone(`${saved.name} was saved.`);
    } catch (error) {
      setErrors(fieldErrors(error));
      setFormError(serverMessage(error) ?? 'The division could not be saved. Nothing was lost: try again.');
    }
  }

  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <Text fw={700}>{title}</Text>
        <Group align="flex-start">
          <TextInput label="Name" required value={draft.name} onChange={(e) => change({ name: e.currentTarget.value })} error={errors.name} w={240} />
          <NumberInput label="Points per win" value={draft.points_win} onChange={(value) => change({ points_win: value })} error={errors.points_win} w={140} />
          <NumberInput label="Points per loss" value={draft.points_loss} onChange={(value) => change({ points_loss: value })} error={errors.points_loss} w={140} />
          <NativeSelect label="Forfeits" data={FORFEIT_CHOICES} value={draft.forfeits} onChange={(e) => change({ forfeits: e.currentTarget.value as ForfeitRule })} w={300} />
        </Group>
        <div>
          <Text size="sm" fw={500} id={tiebreakHeadingId}>
            Tiebreak order
          </Text>
          <Text size="xs" c="dimmed">
            Teams level on points are separated by the first of these that differs; level on all of them, by name.
          </Text>
          <ol aria-labelledby={tiebreakHeadingId} style={{ paddingLeft: '1.5em', margin: '4px 0' }} data-tiebreak-order>
            {draft.tiebreakers.map((decider, index) => (
              <li key={decider} style={{ marginBottom: 4 }}>
                <Group gap="xs">
                  <Text size="sm" miw={200}>
                    {TIEBREAK_NAMES[decider]}
                  </Text>
                  <Button size="compact-xs" variant="default" disabled={index === 0} onClick={() => moveTiebreaker(index, -1)} aria-label={`Move ${TIEBREAK_NAMES[decider]} up`}>
                    Up
                  </Button>
                  <Button size="compact-xs" variant="default" disabled={index === draft.tiebreakers.length - 1} onClick={() => moveTiebreaker(index, 1)} aria-label={`Move ${TIEBREAK_NAMES[decider]} down`}>
                    Down
                  </Button>
                  <Button size="compact-xs" variant="default" color="red" onClick={() => change({ tiebreakers: draft.tiebreakers.filter((other) => other !== decider) })} aria-label={`Remove ${TIEBREAK_NAMES[decider]}`}>
                    Remove
                  </Button>
                </Group>
              </li>
            ))}
          </ol>
          {errors.tiebreakers && (
            <Text size="xs" c="red.9" role="alert">
              {errors.tiebreakers}
            </Text>
          )}
          {unused.length > 0 && (
            <Group gap="xs" align="flex-end">
              <NativeSelect
                label="Add a tiebreaker"
                size="xs"
                data={[{ value: '', label: 'Choose…' }, ...unused.map((option) => ({ value: option, label: TIEBREAK_NAMES[option] }))]}
                value={adding}
                onChange={(e) => setAdding(e.currentTarget.value as Tiebreaker | '')}
              />
              <Button
                size="xs"
                variant="default"
                disabled={adding === ''}
                onClick={() => {
                  if (adding) change({ tiebreakers: [...draft.tiebreakers, adding] });
                  setAdding('');
                }}
              >
                Add
              </Button>
            </Group>
          )}
        </div>
        <LinesEditor lines={draft.lines} errors={errors} onChange={(lines) => change({ lines })} />
        <NativeSelect
          label="Imported stage (for 'By the imported stage')"
          w={400}
          data={[
            { value: '', label: 'None' },
            ...(competitions.data?.results ?? []).filter((competition) => !competition.season || competition.season.id === seasonId).map((competition) => ({ value: competition.id, label: competition.name })),
          ]}
          value={draft.source_competition_id}
          onChange={(e) => change({ source_competition_id: e.currentTarget.value })}
          error={errors.source_competition_id}
        />
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <SaveOrCancel label="Save division" saving={create.isPending || update.isPending} onCancel={() => onDone(null)} />
      </Stack>
    </form>
  );
}

function LinesEditor({ lines, errors, onChange }: { lines: Draft['lines']; errors: Record<string, string>; onChange(lines: Draft['lines']): void }) {
  const headingId = useId();
  const set = (index: number, next: Partial<Draft['lines'][number]>) => onChange(lines.map((line, at) => (at === index ? { ...line, ...next } : line)));
  return (
    <div role="group" aria-labelledby={headingId}>
      <Text size="sm" fw={500} id={headingId}>
        Lines
      </Text>
      <Text size="xs" c="dimmed">
        Qualify at place 4: places 1 to 4 (say, &apos;Playoffs&apos;). Relegate at place 10: places 10 and below.
      </Text>
      {lines.map((line, index) => (
        <Group key={index} gap="xs" align="flex-start" mt={4} data-line-editor={index}>
          <NumberInput label={`Line ${index + 1} place`} size="xs" min={1} value={line.place} onChange={(value) => set(index, { place: value })} error={errors[`lines.${index}.place`]} w={130} />
          <TextInput label={`Line ${index + 1} label`} size="xs" value={line.label} onChange={(e) => set(index, { label: e.currentTarget.value })} error={errors[`lines.${index}.label`]} w={200} />
          <NativeSelect
            label={`Line ${index + 1} kind`}
            size="xs"
            data={[
              { value: 'qualify', label: 'Qualify (at or above)' },
              { value: 'relegate', label: 'Relegate (at or below)' },
            ]}
            value={line.kind}
            onChange={(e) => set(index, { kind: e.currentTarget.value as DivisionLine['kind'] })}
          />
          <Button size="xs" variant="default" color="red" mt={22} onClick={() => onChange(lines.filter((_, at) => at !== index))} aria-label={`Remove line ${index + 1}`}>
            Remove
          </Button>
        </Group>
      ))}
      {errors.lines && (
        <Text size="xs" c="red.9" role="alert">
          {errors.lines}
        </Text>
      )}
      <Button size="xs" variant="default" mt="xs" onClick={() => onChange([...lines, { place: lines.length === 0 ? 4 : '', label: lines.length === 0 ? 'Playoffs' : '', kind: 'qualify' }])}>
        Add line
      </Button>
    </div>
  );
}

/** A division's teams: remove any, add by searching the team list; saved together (a team in another division of the season is refused, by name). */
function DivisionTeams({ division, onDone }: { division: AdminDivision; onDone(message: string | null): void }) {
  const utils = trpc.useUtils();
  const save = trpc.admin.divisions.setTeams.useMutation({ onSuccess: () => utils.invalidate() });
  const [teams, setTeams] = useState(division.teams.map(({ id, name }) => ({ id, name })));
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const found = trpc.public.teams.useQuery({ name: debounced, sort: 'name', order: 'asc', page: 1, page_size: 10 }, { enabled: debounced.length > 0 });
  const [error, setError] = useState<string | null>(null);
  const chosen = new Set(teams.map((team) => team.id));

  async function submit() {
    setError(null);
    try {
      const saved = await save.mutateAsync({ id: division.id, team_ids: teams.map((team) => team.id) });
      onDone(`${saved.name} has ${saved.teams.length} ${saved.teams.length === 1 ? 'team' : 'teams'}.`);
    } catch (caught) {
      setError(serverMessage(caught) ?? 'The teams could not be saved. Nothing was lost: try again.');
    }
  }

  return (
    <Stack gap="xs" data-division-teams={division.name}>
      <Text fw={700}>Teams of {division.name}</Text>
      {teams.length === 0 ? (
        <Text size="sm" c="dimmed">
          No teams yet.
        </Text>
      ) : (
        <ul style={{ margin: 0, paddingLeft: '1.25em' }} aria-label={`Teams of ${division.name}`}>
          {teams.map((team) => (
            <li key={team.id}>
              <Group gap="xs">
                <Text size="sm">{team.name}</Text>
                <Button size="compact-xs" variant="default" color="red" onClick={() => setTeams(teams.filter((other) => other.id !== team.id))} aria-label={`Remove ${team.name}`}>
                  Remove
                </Button>
              </Group>
            </li>
          ))}
        </ul>
      )}
      <TextInput label="Find a team to add" size="xs" w={280} value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
      {debounced.length > 0 &&
        (found.isPending ? (
          <LoadingState label="Searching teams" />
        ) : found.isError ? (
          <Text size="sm" c="red.9" role="alert">
            The search failed. Try again.
          </Text>
        ) : found.data.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            No team is called that.
          </Text>
        ) : (
          <ul style={{ margin: 0, paddingLeft: '1.25em' }} aria-label="Teams found">
            {found.data.results.map((team) => (
              <li key={team.id}>
                <Group gap="xs">
                  <Text size="sm">
                    {team.name} (Elo {team.elo})
                  </Text>
                  <Button size="compact-xs" variant="default" disabled={chosen.has(team.id)} onClick={() => setTeams([...teams, { id: team.id, name: team.name }])} aria-label={`Add ${team.name}`}>
                    {chosen.has(team.id) ? 'Added' : 'Add'}
                  </Button>
                </Group>
              </li>
            ))}
          </ul>
        ))}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Group>
        <Button size="xs" loading={save.isPending} onClick={() => void submit()}>
          Save teams
        </Button>
        <Button size="xs" variant="default" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
