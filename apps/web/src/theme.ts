import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 keeps link and badge text above the 4.5:1 contrast ratio on white (shade 6 is 4.3:1).
  primaryShade: { light: 7, dark: 5 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  focusRing: 'auto',
});

/** Mantine's default dimmed grey (3.3:1 on white) fails WCAG AA for body text; use the next shade. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    '--score-higher': '#1b7a33',
    '--score-lower': 'var(--mantine-color-red-9)',
  },
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
