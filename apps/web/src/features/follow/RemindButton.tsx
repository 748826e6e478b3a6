import '@mantine/core/styles/Button.css';
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';

/** 'Remind me' on a scheduled match: one notification 30 minutes before it starts, in this browser. */
export function RemindButton({ matchId }: { matchId: string }) {
  const utils = trpc.useUtils();
  const remind = trpc.following.remind.useMutation();
  const [message, setMessage] = useState<string | null>(null);
  const onClick = async () => {
    setMessage(null);
    // The push code loads only now: the match page's chunk stays small.
    const { pushSupport, subscribe, PushRefused } = await import('./push-client');
    const { supportMessage } = await import('./FollowDialog');
    const blocked = supportMessage(pushSupport());
    if (blocked) {
      setMessage(blocked);
      return;
    }
    try {
      const { public_key } = await utils.public.pushPublicKey.fetch();
      await remind.mutateAsync({ subscription: await subscribe(public_key), match_id: matchId });
      setMessage('You will be reminded 30 minutes before the start, in this browser.');
    } catch (caught) {
      setMessage(caught instanceof PushRefused ? caught.message : 'The reminder could not be saved; try again.');
    }
  };
  return (
    <>
      <Button variant="light" size="xs" onClick={() => void onClick()} loading={remind.isPending} data-testid="remind-me">
        Remind me
      </Button>
      {message && (
        <Text size="sm" role="status">
          {message}
        </Text>
      )}
    </>
  );
}
