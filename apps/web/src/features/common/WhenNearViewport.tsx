import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the screen a part starts rendering, so a visitor scrolling down rarely meets its placeholder. */
const NEAR_MARGIN = '300px 0px';

/**
 * Mounts `children` once its place comes near the viewport; until then, and while a lazily
 * loaded child's code arrives, an empty block of `height` holds the place. For what a phone
 * shows below its first screen (the home page's rankings, the matches page's 30-day list): its
 * code, requests and rendering wait for a scroll instead of weighing on the page's first load
 * (docs/decisions/0068). Only the space off screen is estimated, so what a visitor sees does
 * not move.
 */
export function WhenNearViewport({ height, children }: { height: number; children: ReactNode }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: NEAR_MARGIN });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const reserved = <div ref={placeholder} style={{ minHeight: height }} data-testid="near-viewport-placeholder" />;
  return near ? <Suspense fallback={reserved}>{children}</Suspense> : reserved;
}
