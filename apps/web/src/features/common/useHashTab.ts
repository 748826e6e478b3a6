import { useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useHydrated } from '../../lib/render-context';

/**
 * Tab state held in the URL hash, so back/forward and shared links keep the tab.
 * An empty or unknown hash shows the default tab; choosing a tab pushes a history entry.
 */
export function useHashTab<Tab extends string>(tabs: readonly Tab[], defaultTab: Tab): [Tab, (tab: string | null) => void] {
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate();
  // The server never sees the #fragment: the first render (its, then the hydrating one) shows
  // the default tab, the next the URL's (docs/decisions/0097).
  const hydrated = useHydrated();
  const active = (hydrated && tabs.find((tab) => tab === hash)) || defaultTab;
  const select = useCallback(
    (tab: string | null) => {
      const next = tabs.find((candidate) => candidate === tab);
      if (next) void navigate({ to: '.', hash: next, search: true });
    },
    [navigate, tabs],
  );
  return [active, select];
}
