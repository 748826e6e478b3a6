import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the screen a part starts rendering, so a visitor scrolling down rarely meets its placeholder. */
const NEAR_MARGIN = '300px 0px';

interface WhenNearViewportProps {
  height: number;
  /** The placeholder's name for the keyboard and screen readers: what reaching it loads ('Load this month's matches'). */
  label: string;
  children: ReactNode;
}

/**
 * Mounts `children` once its place comes near the viewport; until then, and while a lazily
 * loaded child's code arrives, an empty block of `height` holds the place. For what a phone
 * shows below its first screen (the home page's rankings, the matches page's 30-day list): its
 * code, requests and rendering wait for a scroll instead of weighing on the page's first load
 * (docs/decisions/0068). Only the space off screen is estimated, so what a visitor sees does
 * not move. The section's heading stays outside (always in the page, for headings lists), and
 * the placeholder is in the tab order: a keyboard user reaching it mounts the content and is
 * taken to it, instead of tabbing past content that is not there yet.
 */
export function WhenNearViewport({ height, label, children }: WhenNearViewportProps) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [reached, setReached] = useState<'scrolled' | 'focused' | null>(null);

  useEffect(() => {
    const element = placeholder.current;
    if (reached || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setReached('scrolled');
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setReached('scrolled'), { rootMargin: NEAR_MARGIN });
    observer.observe(element);
    return () => observer.disconnect();
  }, [reached]);

  if (!reached) {
    return (
      // A button for screen readers' browse mode too, which clicks rather than focuses.
      <div
        ref={placeholder}
        style={{ minHeight: height }}
        role="button"
        tabIndex={0}
        aria-label={label}
        onFocus={() => setReached('focused')}
        onClick={() => setReached('focused')}
        data-testid="near-viewport-placeholder"
      />
    );
  }
  return (
    <Suspense fallback={<div style={{ minHeight: height }} />}>
      <Content takeFocus={reached === 'focused'}>{children}</Content>
    </Suspense>
  );
}

/**
 * The mounted content; brought in by the keyboard, it takes the focus the placeholder had
 * (once its code has come), so Tab goes on to its first link and a screen reader reads it.
 */
function Content({ takeFocus, children }: { takeFocus: boolean; children: ReactNode }) {
  const block = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) block.current?.focus();
  }, [takeFocus]);
  return (
    <div ref={block} tabIndex={takeFocus ? -1 : undefined}>
      {children}
    </div>
  );
}
