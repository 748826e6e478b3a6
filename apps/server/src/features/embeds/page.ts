import { uuidParam } from '@campus-elo/api-contract';
import { z } from 'zod';
import { EMBED_SCRIPT } from './embed-script';
import { html, SafeHtml } from './html';

/** The most rows an embed shows (limit=). */
export const MAX_EMBED_ROWS = 50;
export const DEFAULT_EMBED_ROWS = 10;

/**
 * An embed's query options (docs/contract.md, "Embeds and overlays"): unknown parameters are
 * ignored, so a host page may add its own cache breakers.
 */
export const embedOptionsInput = z.object({
  theme: z.enum(['light', 'dark'], { error: 'theme must be light or dark' }).default('light'),
  accent: z
    .string()
    .regex(/^#?([0-9a-f]{3}|[0-9a-f]{6})$/i, { error: 'accent must be a hex colour such as 1e88e5 or #1e88e5' })
    .transform((value) => `#${value.replace('#', '').toLowerCase()}`)
    .optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_EMBED_ROWS}` })
    .int({ error: `limit must be a whole number from 1 to ${MAX_EMBED_ROWS}` })
    .min(1, { error: `limit must be a whole number from 1 to ${MAX_EMBED_ROWS}` })
    .max(MAX_EMBED_ROWS, { error: `limit must be a whole number from 1 to ${MAX_EMBED_ROWS}` })
    .default(DEFAULT_EMBED_ROWS),
  team: uuidParam.optional(),
  season: uuidParam.optional(),
  division: uuidParam.optional(),
});
export type EmbedOptions = z.output<typeof embedOptionsInput>;

const BASE_CSS = `*{box-sizing:border-box}body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:inherit}img{object-fit:contain;vertical-align:middle}.logo{width:20px;height:20px;border-radius:3px;margin-right:6px}
.tabular{font-variant-numeric:tabular-nums}.muted{opacity:.75}`;

const EMBED_CSS = `${BASE_CSS}
body{background:var(--bg);color:var(--fg)}:root{--bg:#fff;--fg:#1a1b1e;--line:#dee2e6;--accent:#1c7ed6}
:root[data-theme=dark]{--bg:#1a1b1e;--fg:#e9ecef;--line:#373a40;--accent:#4dabf7}
main{padding:8px 10px}h1{font-size:15px;margin:0 0 6px}h2{font-size:13px;margin:10px 0 4px}
table{width:100%;border-collapse:collapse}th,td{padding:4px 6px;border-bottom:1px solid var(--line);text-align:left}
th{font-size:12px;font-weight:600;opacity:.8}td.num,th.num{text-align:right}ol,ul{list-style:none;margin:0;padding:0}
.row{display:flex;align-items:center;gap:8px;padding:5px 0;border-bottom:1px solid var(--line)}.grow{flex:1;min-width:0}
.score{font-weight:700;color:var(--accent)}.right{text-align:right}.live{color:#e03131;font-weight:700;font-size:11px}
.back{display:inline-block;margin-top:8px;color:var(--accent);font-weight:600}
.rounds{display:flex;gap:10px;overflow-x:auto}.round{min-width:150px}.slot{border:1px solid var(--line);border-radius:4px;margin:4px 0;padding:2px 6px}
.slot div{display:flex;justify-content:space-between}.win{font-weight:700}.big{font-size:22px}`;

const OVERLAY_CSS = `${BASE_CSS}
html,body{width:1920px;height:1080px;overflow:hidden;background:transparent;color:#fff}:root{--accent:#4dabf7}
.panel{position:absolute;left:50%;transform:translateX(-50%);background:rgba(16,17,20,.88);border-radius:10px;padding:14px 22px;text-shadow:0 1px 2px #000}
.top{top:24px;display:flex;align-items:center;gap:28px;min-width:1100px;justify-content:space-between}
.side{display:flex;align-items:center;gap:14px;width:400px}.side.right{flex-direction:row-reverse;text-align:right}
.side img{width:64px;height:64px}.name{font-size:30px;font-weight:700}.meta{font-size:17px;opacity:.85}
.series{font-size:54px;font-weight:800;color:var(--accent);text-align:center;min-width:160px}.status{font-size:15px;text-align:center;opacity:.9}
.bottom{bottom:24px;display:flex;gap:24px;font-size:20px}.form span{display:inline-block;width:22px;text-align:center;border-radius:3px;margin-left:2px;font-weight:700}
.form .W{background:#2f9e44}.form .L{background:#c92a2a}
.ticker{position:absolute;left:0;right:0;bottom:0;height:56px;background:rgba(16,17,20,.9);display:flex;align-items:center;gap:36px;padding:0 24px;font-size:22px;white-space:nowrap;overflow:hidden}
.ticker b{color:var(--accent)}.tag{font-size:14px;font-weight:700;padding:2px 6px;border-radius:3px;background:#e03131;margin-right:8px}.tag.done{background:#495057}`;

export interface PageParts {
  title: string;
  body: SafeHtml;
  /** Ids whose match changes refresh the page (matches, teams, events); empty: every change. */
  watch: readonly string[];
  /** Whether the page follows the live stream. */
  live: boolean;
}

/** The page around a body; the CSS is our own and the accent validated, so both are written as they are. */
function document(kind: 'embed' | 'overlay', css: string, theme: string | undefined, accent: string | undefined, nonce: string, parts: PageParts): string {
  const accentCss = accent ? `:root,:root[data-theme=dark]{--accent:${accent}}` : '';
  return html`<!doctype html>
<html lang="en"${theme ? html` data-theme="${theme}"` : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${parts.title}</title><style nonce="${nonce}">${new SafeHtml(css + accentCss)}</style><script src="${EMBED_SCRIPT.path}" defer></script></head>
<body class="${kind}" data-watch="${parts.watch.join(' ')}"${parts.live ? html` data-live` : ''}><main id="embed-root">${parts.body}</main></body></html>`.value;
}

export const embedDocument = (options: Pick<EmbedOptions, 'theme' | 'accent'>, nonce: string, parts: PageParts) =>
  document('embed', EMBED_CSS, options.theme, options.accent, nonce, parts);

export const overlayDocument = (accent: string | undefined, nonce: string, parts: PageParts) => document('overlay', OVERLAY_CSS, undefined, accent, nonce, parts);

/** A 400 or 404 answer: a plain page saying what was wrong. */
export function messageDocument(nonce: string, message: string): string {
  return document('embed', EMBED_CSS, undefined, undefined, nonce, { title: message, body: html`<p>${message}</p>`, watch: [], live: false });
}
