import type { MatchMapsResponse } from '@campus-elo/api-contract';
import { Alert, Button, Group, List, Stack, Switch, Text, Title } from '@mantine/core';
import { TRPCClientError } from '@trpc/client';
import { useCallback, useMemo, useState } from 'react';
import { serverMessage } from '../../../lib/error-message';
import { trpc } from '../../../lib/trpc';
import { useConfirm } from '../../admin-shell';
import { LoadingState } from '../../common/states';
import { MapCard } from './MapCard';
import { mapChoices } from './map-choices';
import {
  MAX_MAPS,
  emptyMap,
  formKey,
  formProblems,
  mapDetailsValues,
  mapHasData,
  problemPlace,
  replaceMapsInput,
  type FormProblems,
  type MapDetailsValues,
  type MapValues,
  type Side,
} from './map-details-form';
import { playerChoices } from './player-choices';
import { VetoSteps } from './VetoSteps';

interface Team {
  id: string;
  name: string;
}

interface MapDetailsEditorProps {
  matchId: string;
  team1: Team;
  team2: Team;
  /** The match's saved score: maps won in a series, rounds in a best-of-one. */
  matchScore: { score_team1: number | null; score_team2: number | null };
}

/**
 * A match's maps, veto and scoreboards, loaded from the staff's read (a hidden player's line
 * stays linked there, where the public read shows the nickname alone) and saved in one PUT.
 */
export function MapDetailsEditor(props: MapDetailsEditorProps) {
  const stored = trpc.admin.matchStats.maps.useQuery({ id: props.matchId });
  const players = trpc.admin.players.options.useQuery();
  return (
    <Stack gap="sm" component="section" aria-labelledby="map-details-title">
      <Title order={2} size="h3" id="map-details-title">
        Map details
      </Title>
      {stored.isError || players.isError ? (
        <Stack align="flex-start" gap="xs">
          <Alert color="red" variant="light" role="alert">
            {stored.isError ? 'The map details could not be loaded.' : 'The player list could not be loaded.'} Try again.
          </Alert>
          <Button size="xs" variant="default" onClick={() => void Promise.all([stored.refetch(), players.refetch()])}>
            Try again
          </Button>
        </Stack>
      ) : stored.isPending || players.isPending ? (
        <LoadingState label="Loading the map details" />
      ) : (
        <MapDetailsForm {...props} stored={stored.data} players={players.data} />
      )}
    </Stack>
  );
}

/** The server's field issues (a 400), each as a dotted path and the reason. */
function serverIssues(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof TRPCClientError)) return [];
  const issues = (error.data as { issues?: { path: (string | number)[]; message: string }[] } | undefined)?.issues ?? [];
  return issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

interface MapDetailsFormProps extends MapDetailsEditorProps {
  stored: MatchMapsResponse;
  players: Parameters<typeof playerChoices>[0];
}

function MapDetailsForm({ matchId, team1, team2, matchScore, stored, players }: MapDetailsFormProps) {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const replace = trpc.admin.matchStats.replaceMaps.useMutation();
  const [values, setValues] = useState<MapDetailsValues>(() => mapDetailsValues(stored, team1.id, team2.id));
  const [problems, setProblems] = useState<FormProblems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // Edited since loaded or saved: the match's own Save does not write these.
  const [dirty, setDirty] = useState(false);
  const [showMore, setShowMore] = useState(false);
  // What 'Remove all map details' took out of the form, until Undo or another change.
  const [removed, setRemoved] = useState<MapDetailsValues | null>(null);

  const teamNames = useMemo<Record<Side, string>>(() => ({ 1: team1.name, 2: team2.name }), [team1.name, team2.name]);
  const choices = useMemo(() => ({ 1: playerChoices(players, team1.name), 2: playerChoices(players, team2.name) }), [players, team1.name, team2.name]);
  // Stored codes outside the domain's table stay choosable; keyed by their list so the options keep their identity.
  const usedCodes = [...values.maps.map((map) => map.map), ...values.vetoes.map((veto) => veto.map)].join(' ');
  const mapOptions = useMemo(() => mapChoices(usedCodes.split(' ')), [usedCodes]);

  const edited = useCallback(() => {
    setDirty(true);
    setSaved(false);
    setRemoved(null);
  }, []);
  const change = (next: MapDetailsValues) => {
    setValues(next);
    edited();
  };
  const changeMap = useCallback(
    (index: number, update: (map: MapValues) => MapValues) => {
      setValues((current) => ({ ...current, maps: current.maps.map((map, i) => (i === index ? update(map) : map)) }));
      edited();
    },
    [edited],
  );

  const removeMap = useCallback(
    async (index: number, map: MapValues) => {
      if (mapHasData(map)) {
        const agreed = await confirm({
          title: `Remove map ${index + 1}?`,
          message: 'Its score, halves and scoreboards leave the form; the match keeps them until you save.',
          confirmLabel: 'Remove map',
          color: 'red',
        });
        if (!agreed) return;
      }
      setValues((current) => ({ ...current, maps: current.maps.filter((_, i) => i !== index) }));
      edited();
      setProblems({});
    },
    [confirm, edited],
  );
  const onRemoveMap = useCallback((index: number, map: MapValues) => void removeMap(index, map), [removeMap]);

  async function save() {
    const found = formProblems(values, matchScore);
    setProblems(found);
    setFormError(null);
    setSaved(false);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await replace.mutateAsync(replaceMapsInput(matchId, values));
      setValues(mapDetailsValues(answer, team1.id, team2.id));
      setRemoved(null);
      setSaved(true);
      setDirty(false);
      await Promise.all([utils.public.invalidate(), utils.admin.matchStats.maps.invalidate({ id: matchId }), utils.admin.audit.invalidate()]);
    } catch (error) {
      // Nothing is lost: the form keeps every value, and the server's reasons show beside the fields.
      const issues = serverIssues(error);
      if (issues.length > 0) {
        const byField: FormProblems = {};
        for (const issue of issues) byField[formKey(issue.path, values)] ??= issue.message;
        setProblems(byField);
      } else setFormError(serverMessage(error) ?? 'The map details could not be saved. Try again.');
    }
  }

  const problemList = Object.entries(problems);
  return (
    <form
      aria-label="Map details"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Checked against the saved match score
          {matchScore.score_team1 !== null && matchScore.score_team2 !== null ? ` ${matchScore.score_team1}-${matchScore.score_team2}` : ''}: a series counts maps won, a best-of-one its
          rounds. Map details entered here are never overwritten by a sync.
        </Text>
        {removed && (
          <Alert color="yellow" variant="light" role="status" title="All map details removed from the form">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Save to remove them from the match too.</Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  setValues(removed);
                  setRemoved(null);
                }}
              >
                Undo
              </Button>
            </Stack>
          </Alert>
        )}
        {values.maps.length === 0 && !removed && (
          <Text size="sm" c="dimmed">
            No map details for this match. Add the maps in the order they were played.
          </Text>
        )}
        {values.maps.length > 0 && (
          <Switch label="Show more columns (MVPs, multi-kills, entries, clutches, utility, KAST)" checked={showMore} onChange={(event) => setShowMore(event.currentTarget.checked)} />
        )}
        {values.maps.map((map, index) => (
          <MapCard
            key={map.key}
            index={index}
            map={map}
            onChange={changeMap}
            onRemove={onRemoveMap}
            teamNames={teamNames}
            choices={choices}
            mapOptions={mapOptions}
            showMore={showMore}
            problems={problems}
          />
        ))}
        {values.maps.length < MAX_MAPS && (
          <Group>
            <Button variant="default" onClick={() => change({ ...values, maps: [...values.maps, emptyMap()] })}>
              Add a map
            </Button>
          </Group>
        )}
        <VetoSteps vetoes={values.vetoes} onChange={(vetoes) => change({ ...values, vetoes })} teamNames={teamNames} mapOptions={mapOptions} problems={problems} />
        {problemList.length > 0 && (
          <Alert color="red" variant="light" role="alert" title="Not saved: fix these first">
            <List size="sm">
              {problemList.map(([key, reason]) => (
                <List.Item key={key}>
                  {problemPlace(key, teamNames)}: {reason}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {formError && (
          <Alert color="red" variant="light" role="alert" title="Not saved">
            {formError}
          </Alert>
        )}
        {saved && (
          <Alert color="green" variant="light" role="status">
            Map details saved.
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={replace.isPending}>
            Save map details
          </Button>
          {(values.maps.length > 0 || values.vetoes.length > 0) && (
            <Button
              variant="subtle"
              color="red"
              onClick={() => {
                const before = values;
                change({ maps: [], vetoes: [] });
                setProblems({});
                setRemoved(before);
              }}
            >
              Remove all map details
            </Button>
          )}
        </Group>
        {dirty && (
          <Text size="sm" c="dimmed">
            Changes not saved yet: only Save map details writes them (saving the match above does not).
          </Text>
        )}
      </Stack>
    </form>
  );
}
