import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

/*
 * What the server's render and the browser's first (hydrating) render must agree on, and the
 * browser then replaces with its own (docs/decisions/0096): the moment the page was rendered,
 * and the league's time zone. The server cannot know the visitor's clock or zone, so both
 * renders show times in the league's zone, the zone named, as of the render; right after
 * hydration React renders again with the visitor's zone and clock (useSyncExternalStore's
 * server snapshot is what hydration uses).
 */

export interface RenderContextValue {
  /** When the server rendered the page (ms since the epoch). */
  renderedAt: number;
  /** The league's time zone (an IANA name, SITE_TIME_ZONE). */
  siteTimeZone: string;
}

const RenderContext = createContext<RenderContextValue>({ renderedAt: 0, siteTimeZone: 'UTC' });

export function RenderContextProvider({ value, children }: { value: RenderContextValue; children: ReactNode }) {
  return <RenderContext.Provider value={value}>{children}</RenderContext.Provider>;
}

const noSubscription = () => () => {};

/** The visitor's zone, as the browser reports it. */
const visitorTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The zone times are shown in: the league's on the server and while hydrating, the visitor's
 * right after. Formatters in features/common/format.ts take it.
 */
export function useDisplayTimeZone(): string {
  const { siteTimeZone } = useContext(RenderContext);
  return useSyncExternalStore(noSubscription, visitorTimeZone, () => siteTimeZone);
}

/** The browser's clock when the app started: a snapshot must stay the same between reads. */
const startedAt = Date.now();

/**
 * "Now" for what a page shows ('2 hours ago', whether a season has ended, the upcoming
 * windows): the render's moment on the server and while hydrating, then the moment the
 * browser started the app (as each render read the clock before server rendering).
 */
export function useNow(): number {
  const { renderedAt } = useContext(RenderContext);
  return useSyncExternalStore(
    noSubscription,
    () => startedAt,
    () => renderedAt,
  );
}

/** False on the server and while hydrating, true right after: for what only the browser knows (the URL's #fragment). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
