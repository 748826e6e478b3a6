export type SafeLink = { kind: 'internal'; href: string } | { kind: 'external'; href: string };

const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * Where a link in a post may lead. Paths on this site ('/...') stay in the app; web and mail
 * addresses open elsewhere; anything else (javascript:, data:, a bare word) is no link at all,
 * because post text is data and must never run script.
 */
export function safeLink(href: unknown): SafeLink | null {
  if (typeof href !== 'string') return null;
  const trimmed = href.trim();
  // '//host' and '/\host' are other sites to a browser, not paths.
  if (trimmed.startsWith('/') && !/^\/[/\\]/.test(trimmed)) return { kind: 'internal', href: trimmed };
  try {
    const url = new URL(trimmed);
    return EXTERNAL_PROTOCOLS.has(url.protocol) ? { kind: 'external', href: url.href } : null;
  } catch {
    return null;
  }
}
