import { Anchor } from '@mantine/core';
import { useState } from 'react';
import { EmbedDialog, type EmbedDialogProps } from './EmbedDialog';

/**
 * 'Embed' on a page that has an embed: opens the preview and the snippet to copy. Pages load
 * it lazily, with the dialog, so their first load stays as it was (e2e/bundle-size.e2e.test.ts):
 * a static import shared by five pages would be merged into a chunk the home page loads.
 */
export function EmbedButton(props: Omit<EmbedDialogProps, 'opened' | 'onClose'>) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Anchor component="button" type="button" size="sm" underline="always" onClick={() => setOpened(true)}>
        Embed
      </Anchor>
      {opened && <EmbedDialog {...props} opened={opened} onClose={() => setOpened(false)} />}
    </>
  );
}
