import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useHydrated } from '../../lib/render-context';
import classes from './ColorSchemeToggle.module.css';

export const COLOR_SCHEME_TOGGLE_LABEL = 'Dark mode';

/**
 * Switches between the light and dark schemes. Until the visitor presses it the site follows
 * the system; the choice is then kept in localStorage (theme.ts) and read again before the
 * next page paints (index.html). A plain button in the look of Mantine's default ActionIcon:
 * the ActionIcon would bring its loading transition's code and its stylesheet into every
 * page's first load (docs/decisions/0068).
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  // The server cannot know the scheme: the first render (the server's, then the hydrating one)
  // says light, the next the truth (a choice kept in localStorage is known at once in the
  // browser, so hydration waits for useHydrated); the icon shown follows the page's scheme in
  // CSS from the first paint (docs/decisions/0097).
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const dark = useHydrated() && computed === 'dark';
  return (
    <button
      type="button"
      className={`${classes.toggle} mantine-focus-auto mantine-active`}
      aria-label={COLOR_SCHEME_TOGGLE_LABEL}
      aria-pressed={dark}
      title={dark ? 'Switch to the light scheme' : 'Switch to the dark scheme'}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      {/* A sun in the dark scheme: what pressing it brings back; a moon in the light one. */}
      <svg className={classes.sun} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
      <svg className={classes.moon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z" />
      </svg>
    </button>
  );
}
