import { Anchor, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { EMBED_HEIGHT_MESSAGE, embedSnippet, embedUrl, type EmbedTheme } from './embed-snippet';

export { embedSnippet, embedUrl, LEAGUE_EMBEDS, overlayUrls } from './embed-snippet';
import classes from './Embeds.module.css';

export interface EmbedDialogProps {
  /** The embed's path, e.g. /embed/rankings. */
  path: string;
  params?: Record<string, string>;
  /** What it shows, for the dialog and the iframe's title. */
  title: string;
  onClose: () => void;
}

const MAX_PREVIEW_HEIGHT = 800;

/** The open previews by their frame's window: what to do with the height each reports. */
const previewHeights = new Map<MessageEventSource, (height: number) => void>();

// One listener for every preview, added when this module first loads in a browser (on the
// first click on 'Embed', or with the admin tab). Being a module with an effect also keeps Rollup from merging other
// small chunks into this one, which put it in the home page's first load (decision 0100).
if (typeof window !== 'undefined') {
  window.addEventListener('message', (event: MessageEvent) => {
    const height = Number(event.data?.height);
    if (event.source && event.data?.type === EMBED_HEIGHT_MESSAGE && height > 0) previewHeights.get(event.source)?.(height);
  });
}

const THEMES: { value: EmbedTheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/**
 * A preview of the embed as another site would show it, and the snippet to paste there
 * (docs/product.md, "Embeds"). A native modal <dialog> (focus kept inside, Escape closes) and
 * plain controls: Mantine's Modal and inputs, shared with other chunks, made Rollup regroup
 * the chunks the home page loads (docs/decisions/0100-embeds-and-overlays.md).
 */
export function EmbedDialog({ path, params, title, onClose }: EmbedDialogProps) {
  const [theme, setTheme] = useState<EmbedTheme>('light');
  // The site's address is known in the browser only: read after render.
  const [origin, setOrigin] = useState('');
  const [height, setHeight] = useState(300);
  const [copied, setCopied] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const preview = useRef<HTMLIFrameElement>(null);
  const snippetField = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  useEffect(() => {
    setOrigin(window.location.origin);
    const element = dialog.current;
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
  }, []);
  useEffect(() => {
    const frame = preview.current?.contentWindow;
    if (!frame) return;
    previewHeights.set(frame, (reported) => setHeight(Math.min(reported, MAX_PREVIEW_HEIGHT)));
    return () => void previewHeights.delete(frame);
  }, [origin, theme]);
  const url = embedUrl(origin, path, { theme, ...(params ? { params } : {}) });
  const snippet = origin ? embedSnippet(url, title) : '';
  const copy = () => {
    snippetField.current?.select();
    void navigator.clipboard?.writeText(snippet).then(() => setCopied(true));
  };
  return (
    <dialog ref={dialog} className={classes.dialog} aria-labelledby={`${ids}-title`} onClose={onClose}>
      <h2 id={`${ids}-title`} className={classes.title}>
        Embed: {title}
      </h2>
      <Text size="sm">Paste this into any web page to show it there; it updates by itself and links back here.</Text>
      <fieldset className={classes.themes}>
        <legend>Theme</legend>
        {THEMES.map((option) => (
          <label key={option.value}>
            <input type="radio" name={`${ids}-theme`} value={option.value} checked={theme === option.value} onChange={() => setTheme(option.value)} /> {option.label}
          </label>
        ))}
      </fieldset>
      {origin && <iframe ref={preview} src={url} title={`Preview: ${title}`} className={classes.preview} style={{ height }} />}
      <label htmlFor={`${ids}-snippet`} className={classes.label}>
        Snippet
      </label>
      <textarea id={`${ids}-snippet`} ref={snippetField} className={classes.code} value={snippet} readOnly rows={9} />
      <div className={classes.actions}>
        <Anchor component="button" type="button" underline="always" onClick={copy}>
          {copied ? 'Copied' : 'Copy snippet'}
        </Anchor>
        <Anchor component="button" type="button" underline="always" onClick={() => dialog.current?.close?.() ?? onClose()}>
          Close
        </Anchor>
      </div>
    </dialog>
  );
}
