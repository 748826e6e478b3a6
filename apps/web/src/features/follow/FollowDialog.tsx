import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Button.css';
import { PUSH_MINUTES_BEFORE_DEFAULT, type PushFollowChoices } from '@campus-elo/api-contract';
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { RouterAnchor } from '../common/RouterAnchor';
import { currentSubscription, pushSupport, PushRefused, subscribe, tellServiceWorkerFollowedTeams, type PushSupport } from './push-client';

const DEFAULT_CHOICES: PushFollowChoices = { starting_soon: true, minutes_before: PUSH_MINUTES_BEFORE_DEFAULT, started: false, result: true, rank_change: true };
const MINUTES = ['10', '15', '30', '60', '120'];

/** Why this browser cannot follow, in words, or null when it can. */
export function supportMessage(support: PushSupport | undefined): string | null {
  if (support === 'unsupported') return 'This browser cannot receive notifications from websites (on an iPhone, add the site to the Home Screen first).';
  if (support === 'denied') return 'Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.';
  return null;
}

export default function FollowDialog({ teamId, teamName, onClose }: { teamId: string; teamName: string; onClose: () => void }) {
  const utils = trpc.useUtils();
  const follow = trpc.following.follow.useMutation();
  const unfollow = trpc.following.unfollow.useMutation();
  const following = trpc.following.list.useMutation();
  const [support, setSupport] = useState<PushSupport>();
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [followed, setFollowed] = useState(false);
  const [choices, setChoices] = useState<PushFollowChoices>(DEFAULT_CHOICES);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  // Browser state is read after mount only (pages render on the server too).
  useEffect(() => {
    const found = pushSupport();
    setSupport(found);
    if (found === 'unsupported') return;
    void currentSubscription().then(async (subscription) => {
      if (!subscription) return;
      setEndpoint(subscription.endpoint);
      const mine = (await following.mutateAsync({ endpoint: subscription.endpoint })).follows.find((f) => f.team.id === teamId);
      if (mine) {
        setFollowed(true);
        setChoices(mine.choices);
      }
    });
    // Once per dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [teamId]);

  const syncOfflineTeams = async (endpointNow: string) => {
    const list = await following.mutateAsync({ endpoint: endpointNow });
    await tellServiceWorkerFollowedTeams(list.follows.map((f) => f.team.id));
  };

  const save = async () => {
    setError(null);
    setDone(null);
    try {
      const { public_key } = await utils.public.pushPublicKey.fetch();
      const subscription = await subscribe(public_key);
      await follow.mutateAsync({ subscription, team_id: teamId, choices });
      setEndpoint(subscription.endpoint);
      setFollowed(true);
      setDone(`You follow ${teamName} in this browser.`);
      await syncOfflineTeams(subscription.endpoint);
    } catch (caught) {
      if (caught instanceof PushRefused) setSupport(pushSupport());
      setError(caught instanceof PushRefused ? caught.message : errorMessage(caught, 'Could not save this; try again.'));
    }
  };

  const stop = async () => {
    if (!endpoint) return;
    setError(null);
    try {
      await unfollow.mutateAsync({ endpoint, team_id: teamId });
      setFollowed(false);
      setDone(`You no longer follow ${teamName}.`);
      await syncOfflineTeams(endpoint);
    } catch (caught) {
      setError(errorMessage(caught, 'Could not save this; try again.'));
    }
  };

  const blocked = supportMessage(support);
  const nothingChosen = !(choices.starting_soon || choices.started || choices.result || choices.rank_change);
  const set = (patch: Partial<PushFollowChoices>) => setChoices((c) => ({ ...c, ...patch }));
  return (
    <Modal opened onClose={onClose} title={`Follow ${teamName}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      {support === undefined ? (
        <Text size="sm">Checking this browser…</Text>
      ) : blocked ? (
        <Alert color="yellow" title="Notifications unavailable" data-testid="follow-unavailable">
          {blocked}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            Notifications in this browser, no account needed. Nothing about you is stored, only this browser’s subscription.{' '}
            <RouterAnchor to="/following" underline="always" onClick={onClose}>
              What this browser follows
            </RouterAnchor>
          </Text>
          <Group gap="xs" align="flex-end">
            <Checkbox label="Match starting soon" checked={choices.starting_soon} onChange={(e) => set({ starting_soon: e.currentTarget.checked })} />
            <NativeSelect
              aria-label="Minutes before the start"
              size="xs"
              disabled={!choices.starting_soon}
              value={String(choices.minutes_before)}
              data={MINUTES.map((m) => ({ value: m, label: `${m} min before` }))}
              onChange={(e) => set({ minutes_before: Number(e.currentTarget.value) })}
            />
          </Group>
          <Checkbox label="Match started" checked={choices.started} onChange={(e) => set({ started: e.currentTarget.checked })} />
          <Checkbox label="Result, with the Elo change" checked={choices.result} onChange={(e) => set({ result: e.currentTarget.checked })} />
          <Checkbox label="Rank change in the weekly ranking" checked={choices.rank_change} onChange={(e) => set({ rank_change: e.currentTarget.checked })} />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {done && (
            <Text size="sm" role="status">
              {done}
            </Text>
          )}
          <Group justify="flex-end">
            {followed && (
              <Button variant="subtle" color="red" onClick={() => void stop()} loading={unfollow.isPending}>
                Stop following
              </Button>
            )}
            <Button onClick={() => void save()} loading={follow.isPending} disabled={nothingChosen}>
              {followed ? 'Save' : 'Follow'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
