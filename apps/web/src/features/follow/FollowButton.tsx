import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

// The dialog and the push code load when the button is pressed: the page's own chunk stays small.
const FollowDialog = lazy(() => import('./FollowDialog'));

/** 'Follow' on a team page: a dialog picks what this browser is told about the team. */
export function FollowButton({ teamId, teamName }: { teamId: string; teamName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" size="xs" onClick={() => setOpen(true)} data-testid="follow-team">
        Follow
      </Button>
      {open && (
        <Suspense fallback={null}>
          <FollowDialog teamId={teamId} teamName={teamName} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
