import { imageSrcOrFallback, type ImageKind } from '@campus-elo/domain';
import { useCallback, useState } from 'react';
import classes from './EntityImage.module.css';

interface EntityImageProps {
  src: string | null | undefined;
  kind: ImageKind;
  /** Rendered width and height in pixels; set as attributes so the layout does not jump. */
  size: number;
  /** Empty by default: pictures sit beside the name they show, which already says it all. */
  alt?: string;
}

/** A team logo or player picture that falls back to the default image, also when loading fails. */
export function EntityImage({ src, kind, size, alt = '' }: EntityImageProps) {
  const fallback = imageSrcOrFallback(null, kind);
  const wanted = imageSrcOrFallback(src, kind);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === wanted ? fallback : wanted;
  // A picture of the server's HTML may have failed before hydration, when no onError listened:
  // index.html's first script keeps those (docs/decisions/0097).
  const failedEarly = useCallback(
    (image: HTMLImageElement | null) => {
      if (image && shown !== fallback && (window as { failedImages?: WeakSet<HTMLImageElement> }).failedImages?.has(image)) setFailedSrc(wanted);
    },
    [shown, fallback, wanted],
  );
  return (
    <img
      ref={failedEarly}
      className={kind === 'player' ? classes.round : classes.square}
      src={shown}
      width={size}
      height={size}
      alt={alt}
      decoding="async"
      data-image-kind={kind}
      data-fallback={shown === fallback || undefined}
      onError={() => {
        if (shown !== fallback) setFailedSrc(wanted);
      }}
    />
  );
}

type PictureProps = Omit<EntityImageProps, 'kind'>;

export function TeamLogo(props: PictureProps) {
  return <EntityImage kind="team" {...props} />;
}

export function PlayerPicture(props: PictureProps) {
  return <EntityImage kind="player" {...props} />;
}
