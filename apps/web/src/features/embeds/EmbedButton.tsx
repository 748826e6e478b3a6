import { Anchor } from '@mantine/core';
import { Suspense, useState } from 'react';
import { LoadBoundary, retryableLazy } from '../common/LoadBoundary';
import type { EmbedDialogProps } from './EmbedDialog';

/** The dialog is its own chunk, fetched on the first click: the pages' first load stays as it was. */
const EmbedDialog = retryableLazy(async () => (await import('./EmbedDialog')).EmbedDialog);

/** 'Embed' on a page that has an embed: opens the preview and the snippet to copy. */
export function EmbedButton(props: Omit<EmbedDialogProps, 'onClose'>) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Anchor component="button" type="button" size="sm" underline="always" onClick={() => setOpened(true)}>
        Embed
      </Anchor>
      {opened && (
        <LoadBoundary message="The embed dialog could not be loaded.">
          <Suspense fallback={null}>
            <EmbedDialog {...props} onClose={() => setOpened(false)} />
          </Suspense>
        </LoadBoundary>
      )}
    </>
  );
}
