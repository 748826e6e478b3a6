import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Button, CopyButton, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { EMBED_HEIGHT_MESSAGE, embedSnippet, embedUrl, type EmbedTheme } from './embed-snippet';
import classes from './Embeds.module.css';

export interface EmbedDialogProps {
  /** The embed's path, e.g. /embed/rankings. */
  path: string;
  params?: Record<string, string>;
  /** What it shows, for the dialog and the iframe's title. */
  title: string;
  opened: boolean;
  onClose: () => void;
}

/** A preview of the embed as another site would show it, and the snippet to paste there (docs/product.md, "Embeds"). */
export function EmbedDialog({ path, params, title, opened, onClose }: EmbedDialogProps) {
  const [theme, setTheme] = useState<EmbedTheme>('light');
  // The site's address is known in the browser only: read after render.
  const [origin, setOrigin] = useState('');
  const [height, setHeight] = useState(300);
  const preview = useRef<HTMLIFrameElement>(null);
  useEffect(() => setOrigin(window.location.origin), []);
  useEffect(() => {
    const resize = (event: MessageEvent) => {
      if (event.source === preview.current?.contentWindow && event.data?.type === EMBED_HEIGHT_MESSAGE) setHeight(Math.min(Number(event.data.height) || 300, 800));
    };
    window.addEventListener('message', resize);
    return () => window.removeEventListener('message', resize);
  }, []);
  const url = embedUrl(origin, path, { theme, ...(params ? { params } : {}) });
  const snippet = origin ? embedSnippet(url, title) : '';
  return (
    <Modal opened={opened} onClose={onClose} title={`Embed: ${title}`} size="lg" centered>
      <Stack gap="sm">
        <Text size="sm">Paste this into any web page to show it there; it updates by itself and links back here.</Text>
        <SegmentedControl
          value={theme}
          onChange={(value) => setTheme(value as EmbedTheme)}
          data={[
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
          ]}
          aria-label="Theme"
        />
        {origin && <iframe ref={preview} src={url} title={`Preview: ${title}`} className={classes.preview} style={{ height }} />}
        <Textarea label="Snippet" value={snippet} readOnly rows={9} classNames={{ input: classes.code }} />
        <Group justify="flex-end">
          <CopyButton value={snippet}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy snippet'}</Button>}</CopyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
