export const DEFAULT_TEAM_LOGO = '/images/default-logo.svg';
export const DEFAULT_PLAYER_PICTURE = '/images/player-silhouette.svg';

export type ImageKind = 'team' | 'player';

/** Stored pictures sometimes hold the strings 'undefined' or 'null' written by an old client. */
const PLACEHOLDER_VALUES = new Set(['undefined', 'null']);

export function isUsableImageSrc(src: string | null | undefined): src is string {
  if (typeof src !== 'string') return false;
  const trimmed = src.trim();
  return trimmed !== '' && !PLACEHOLDER_VALUES.has(trimmed.toLowerCase());
}

/** The picture to show: the stored one when usable, else the default for a team or a player. */
export function imageSrcOrFallback(src: string | null | undefined, kind: ImageKind): string {
  if (isUsableImageSrc(src)) return src;
  return kind === 'team' ? DEFAULT_TEAM_LOGO : DEFAULT_PLAYER_PICTURE;
}
