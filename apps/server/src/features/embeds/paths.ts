/** The only pages other sites may frame (docs/decisions/0100-embeds-and-overlays.md): http/security-headers.ts reads these. */
export const FRAMABLE_PATH_PREFIXES = ['/embed/', '/overlay/'] as const;

export const isFramablePath = (url: string): boolean => FRAMABLE_PATH_PREFIXES.some((prefix) => url.startsWith(prefix));
