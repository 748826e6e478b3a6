/** The message an embed posts to the page framing it (apps/server/src/features/embeds/embed-script.ts). */
export const EMBED_HEIGHT_MESSAGE = 'campus-elo:embed-height';

export type EmbedTheme = 'light' | 'dark';

/** An embed's address on this site: its path with the chosen options (docs/contract.md, "Embeds and overlays"). */
export function embedUrl(origin: string, path: string, options: { theme?: EmbedTheme; params?: Record<string, string> } = {}): string {
  const query = new URLSearchParams(options.params);
  if (options.theme && options.theme !== 'light') query.set('theme', options.theme);
  const search = query.toString();
  return `${origin}${path}${search ? `?${search}` : ''}`;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * What a site pastes: the iframe, and a few lines that size every embed of ours on the page
 * to the height it reports (only messages from our origin, only to the frame that sent them).
 */
export function embedSnippet(url: string, title: string): string {
  const origin = new URL(url).origin;
  return `<iframe src="${escapeAttribute(url)}" title="${escapeAttribute(title)}" style="width:100%;border:0" height="400" loading="lazy"></iframe>
<script>
  window.addEventListener('message', function (event) {
    if (event.origin !== ${JSON.stringify(origin)} || !event.data || event.data.type !== '${EMBED_HEIGHT_MESSAGE}') return;
    document.querySelectorAll('iframe').forEach(function (frame) {
      if (frame.contentWindow === event.source) frame.style.height = event.data.height + 'px';
    });
  });
</script>`;
}

/** The embeds a staff member can copy as they are; the bracket and match embeds are on their pages' Embed button. */
export const LEAGUE_EMBEDS = [
  { path: '/embed/standings', title: 'Standings', about: "Each division's table (season=, division=, limit= rows each)" },
  { path: '/embed/rankings', title: 'Team rankings', about: 'The top teams by Elo (limit=, default 10)' },
  { path: '/embed/schedule', title: 'Schedule', about: 'Live and upcoming matches, soonest first (team= one team)' },
  { path: '/embed/results', title: 'Results', about: 'Completed matches, latest first (team= one team)' },
] as const;

/** A match's overlays for a broadcast (1920x1080 browser sources). */
export function overlayUrls(origin: string, match: { id: string; team1: { id: string; name: string }; team2: { id: string; name: string } }) {
  return [
    { label: 'Match', url: `${origin}/overlay/match/${match.id}` },
    { label: match.team1.name, url: `${origin}/overlay/team/${match.team1.id}` },
    { label: match.team2.name, url: `${origin}/overlay/team/${match.team2.id}` },
    { label: 'Ticker', url: `${origin}/overlay/ticker` },
  ];
}
