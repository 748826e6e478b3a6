import { imageUrlForWidth } from '@campus-elo/api-contract';
import { isUsableImageSrc } from '@campus-elo/domain';
import { useState } from 'react';
import type { ImageDimensions } from './posts';
import classes from './NewsImage.module.css';

/** Sanity's and the demo's picture shape, used when an image has no recorded size. */
const DEFAULT_DIMENSIONS: ImageDimensions = { width: 1200, height: 675 };

interface NewsImageProps {
  src: string | null | undefined;
  dimensions?: ImageDimensions | null;
  /** Empty for pictures beside a title that already says what they show. */
  alt?: string;
  /** 'cover' crops to 16:9 (lists, hero); 'natural' keeps the picture's proportions (article body). */
  fit?: 'cover' | 'natural';
  /** Above the fold: load at once instead of lazily. */
  priority?: boolean;
  /** The widest it is shown, in CSS pixels; lets Sanity's CDN send a smaller file. */
  displayWidth?: number;
  className?: string;
}

/** A news picture with its size set (no layout jump), and a neutral placeholder when missing or broken. */
export function NewsImage({ src, dimensions, alt = '', fit = 'cover', priority = false, displayWidth, className }: NewsImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const { width, height } = dimensions ?? DEFAULT_DIMENSIONS;

  if (!isUsableImageSrc(src) || failedSrc === src) {
    return (
      <div
        className={[classes.placeholder, className].filter(Boolean).join(' ')}
        data-news-image="placeholder"
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <path d="M7 8h10M7 12h6M7 16h10" strokeLinecap="round" />
        </svg>
      </div>
    );
  }
  return (
    <img
      className={[classes.image, fit === 'cover' ? classes.cover : '', className].filter(Boolean).join(' ')}
      src={imageUrlForWidth(src, displayWidth)}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
