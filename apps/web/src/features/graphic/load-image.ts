import { DEFAULT_TEAM_LOGO, imageSrcOrFallback } from '@campus-elo/domain';

/** True for a path or URL on this site: such pictures can be drawn without tainting the canvas. */
export function isSameOrigin(src: string): boolean {
  try {
    return new URL(src, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Where to load a picture from: our own URLs directly, anything else through the staff image proxy. */
export function drawableSrc(src: string): string {
  return isSameOrigin(src) ? src : `/v1/image-proxy?url=${encodeURIComponent(src)}`;
}

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`Could not load ${src}`));
    image.src = src;
  });
}

/** A team's picture ready to draw: its own, else (missing or failing) the default logo. */
export async function loadTeamPicture(picture: string | null): Promise<HTMLImageElement> {
  const wanted = imageSrcOrFallback(picture, 'team');
  try {
    return await loadImage(drawableSrc(wanted));
  } catch {
    return loadImage(DEFAULT_TEAM_LOGO);
  }
}

/**
 * A pasted background URL as a local object URL. Other sites' images come through the server
 * (fetched, checked and re-encoded there), so the server's reason is shown when it fails.
 */
export async function fetchBackgroundUrl(url: string): Promise<string> {
  const response = await fetch(drawableSrc(url), { credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `The image could not be loaded (${response.status})`);
  }
  const blob = await response.blob();
  if (!blob.type.startsWith('image/')) throw new Error('That URL is not an image');
  return URL.createObjectURL(blob);
}
