import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/*
 * What the server's render and the browser's first (hydrating) render must agree on, and the
 * browser then replaces with its own (docs/decisions/0096): the moment the page was rendered,
 * and the league's time zone. The server cannot know the visitor's clock or zone, so both
 * renders show times in the league's zone, the zone named, as of the render; once the page's
 * content has hydrated, React renders again with the visitor's zone and clock, as a transition.
 */

export interface RenderContextValue {
  /** When the server rendered the page (ms since the epoch). */
  renderedAt: number;
  /** The league's time zone (an IANA name, SITE_TIME_ZONE). */
  siteTimeZone: string;
  /**
   * False while renders must match the server's HTML (on the server, and in the browser until
   * the page's content has hydrated: HydratedMark); true from the start when the browser
   * renders the page alone.
   */
  inBrowser: boolean;
}

interface RenderState extends RenderContextValue {
  /** The app has taken over the server's HTML: from now on the visitor's zone and clock. */
  takeOver: () => void;
}

const RenderContext = createContext<RenderState>({ renderedAt: 0, siteTimeZone: 'UTC', inBrowser: false, takeOver: () => {} });

export function RenderContextProvider({ value, children }: { value: RenderContextValue; children: ReactNode }) {
  const [inBrowser, setInBrowser] = useState(value.inBrowser);
  // A transition: React re-renders what shows a time in slices, not in one long task.
  const takeOver = useCallback(() => startTransition(() => setInBrowser(true)), []);
  const state = useMemo(() => ({ ...value, inBrowser: value.inBrowser || inBrowser, takeOver }), [value, inBrowser, takeOver]);
  return <RenderContext.Provider value={state}>{children}</RenderContext.Provider>;
}

/** The visitor's zone, as the browser reports it (it does not change while the page is open). */
let visitorTimeZone: string | undefined;

/**
 * The zone times are shown in: the league's on the server and while hydrating, the visitor's
 * after. Formatters in features/common/format.ts take it.
 */
export function useDisplayTimeZone(): string {
  const { siteTimeZone, inBrowser } = useContext(RenderContext);
  if (!inBrowser) return siteTimeZone;
  visitorTimeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return visitorTimeZone;
}

/** The league's time zone, the same on the server and in the browser: for what must not change after hydration (the league's days). */
export function useLeagueTimeZone(): string {
  return useContext(RenderContext).siteTimeZone;
}

/** The browser's clock when the app started: the same on every render. */
const startedAt = Date.now();

/**
 * "Now" for what a page shows ('2 hours ago', whether a season has ended, the upcoming
 * windows): the render's moment on the server and while hydrating, then the moment the
 * browser started the app.
 */
export function useNow(): number {
  const { renderedAt, inBrowser } = useContext(RenderContext);
  return inBrowser ? startedAt : renderedAt;
}

/** False on the server and while hydrating, true after: for what only the browser knows (the URL's #fragment). */
export function useHydrated(): boolean {
  return useContext(RenderContext).inBrowser;
}

/**
 * Placed after the page's content, inside its Suspense boundary (SiteLayout): once that has
 * hydrated, the app takes over (the visitor's zone and clock), and once that is on the
 * screen the page is marked `<html data-hydrated>`, which the browser tests wait for.
 * Renders nothing.
 */
export function HydratedMark() {
  const { inBrowser, takeOver } = useContext(RenderContext);
  useEffect(() => {
    if (inBrowser) document.documentElement.dataset.hydrated = '';
    else takeOver();
  }, [inBrowser, takeOver]);
  return null;
}
