import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Group.css';
import type { PushFollowsOutput } from '@campus-elo/api-contract';
import { Alert, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { pageTitle } from '../../lib/site-settings';
import { trpc } from '../../lib/trpc';
import { RouterAnchor } from '../common/RouterAnchor';
import { usePageTitle } from '../common/usePageTitle';

type State = { kind: 'checking' } | { kind: 'unsupported' } | { kind: 'none' } | { kind: 'failed' } | { kind: 'listed'; endpoint: string; list: PushFollowsOutput };

const chosen = (c: PushFollowsOutput['follows'][number]['choices']) =>
  [c.starting_soon && `starting soon (${c.minutes_before} min before)`, c.started && 'started', c.result && 'result', c.rank_change && 'rank change'].filter(Boolean).join(', ');

/** The teams and matches this browser follows, each with a way to end it (docs/product.md, "Following"). */
export function FollowingPage() {
  usePageTitle(pageTitle('Following'));
  const following = trpc.following.list.useMutation();
  const unfollow = trpc.following.unfollow.useMutation();
  const [state, setState] = useState<State>({ kind: 'checking' });

  const load = async () => {
    // Loaded here, not with the page's first render: the push code touches the browser.
    const push = await import('./push-client');
    if (push.pushSupport() === 'unsupported') return setState({ kind: 'unsupported' });
    const subscription = await push.currentSubscription();
    if (!subscription) return setState({ kind: 'none' });
    try {
      const list = await following.mutateAsync({ endpoint: subscription.endpoint });
      setState(list.follows.length + list.reminders.length === 0 ? { kind: 'none' } : { kind: 'listed', endpoint: subscription.endpoint, list });
      await push.tellServiceWorkerFollowedTeams(list.follows.map((f) => f.team.id));
    } catch {
      setState({ kind: 'failed' });
    }
  };
  useEffect(() => {
    void load();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const end = async (endpoint: string, target: { team_id?: string; match_id?: string }) => {
    await unfollow.mutateAsync({ endpoint, ...target });
    await load();
  };
  const endAll = async (endpoint: string) => {
    await unfollow.mutateAsync({ endpoint });
    await (await import('./push-client')).unsubscribeBrowser();
    setState({ kind: 'none' });
  };

  return (
    <Container size="md" py="xl">
      <Title order={1} mb="md">
        Following
      </Title>
      {state.kind === 'checking' && <Skeleton height={80} />}
      {state.kind === 'unsupported' && <Alert color="yellow">This browser cannot receive notifications from websites, so it follows nothing.</Alert>}
      {state.kind === 'failed' && (
        <Alert color="red" role="alert">
          What this browser follows could not be loaded. Check your connection and try again.
        </Alert>
      )}
      {state.kind === 'none' && (
        <Text data-testid="following-empty">
          This browser follows no team. Use the Follow button on a team’s page, or Remind me on a scheduled match.
        </Text>
      )}
      {state.kind === 'listed' && (
        <Stack gap="lg" data-testid="following-list">
          {state.list.follows.length > 0 && (
            <section aria-labelledby="followed-teams">
              <Title order={2} size="h3" id="followed-teams" mb="xs">
                Teams
              </Title>
              <Stack gap="xs">
                {state.list.follows.map((f) => (
                  <Group key={f.team.id} justify="space-between" wrap="nowrap">
                    <div>
                      <RouterAnchor to="/teams/$id" params={{ id: f.team.id }} fw={600}>
                        {f.team.name}
                      </RouterAnchor>
                      <Text size="sm" c="dimmed">
                        {chosen(f.choices)}
                      </Text>
                    </div>
                    <Button variant="subtle" color="red" size="xs" onClick={() => void end(state.endpoint, { team_id: f.team.id })} aria-label={`Stop following ${f.team.name}`}>
                      Stop following
                    </Button>
                  </Group>
                ))}
              </Stack>
            </section>
          )}
          {state.list.reminders.length > 0 && (
            <section aria-labelledby="match-reminders">
              <Title order={2} size="h3" id="match-reminders" mb="xs">
                Match reminders
              </Title>
              <Stack gap="xs">
                {state.list.reminders.map((r) => (
                  <Group key={r.match_id} justify="space-between" wrap="nowrap">
                    <RouterAnchor to="/matches/$id" params={{ id: r.match_id }} fw={600}>
                      {r.team1} vs {r.team2}
                    </RouterAnchor>
                    <Button variant="subtle" color="red" size="xs" onClick={() => void end(state.endpoint, { match_id: r.match_id })} aria-label={`Cancel the reminder of ${r.team1} vs ${r.team2}`}>
                      Cancel reminder
                    </Button>
                  </Group>
                ))}
              </Stack>
            </section>
          )}
          <Group>
            <Button variant="light" color="red" onClick={() => void endAll(state.endpoint)}>
              Stop all notifications in this browser
            </Button>
          </Group>
        </Stack>
      )}
    </Container>
  );
}
