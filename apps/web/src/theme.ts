import { createTheme, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 keeps link and badge text above the 4.5:1 contrast ratio on white (shade 6 is 4.3:1);
  // shade 8 keeps white text on filled badges and buttons above it in the dark scheme.
  primaryShade: { light: 7, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  focusRing: 'auto',
});

/**
 * Where the visitor's choice of colour scheme is kept. index.html reads the same key before
 * the app loads (its inline script), so the first paint is already in the right scheme.
 */
export const COLOR_SCHEME_KEY = 'campus-elo-color-scheme';
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/**
 * The app's own colours, one value per scheme, each checked for contrast (axe, both schemes):
 * Mantine's default dimmed grey (3.3:1 on white) fails WCAG AA for body text, so the light
 * scheme uses the next shade; scores, errors and links get lighter shades on dark.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {
    // Fills that carry white text (a winner badge, a W or L), the same in both schemes.
    '--score-higher': '#1b7a33',
    '--score-lower': theme.colors.red[9]!,
  },
  light: {
    '--mantine-color-dimmed': theme.colors.gray[7]!,
    // Placeholders are read as text (an empty file input, a select's hint): full contrast, as dimmed.
    '--mantine-color-placeholder': theme.colors.gray[7]!,
    // Scores and Elo changes as text on the page.
    '--score-higher-text': '#1b7a33',
    '--score-lower-text': theme.colors.red[9]!,
    '--app-error-text': theme.colors.red[9]!,
    // White on red's shade 7 (the light primary shade) is 3.8:1: destructive buttons take the dark scheme's shades.
    '--mantine-color-red-filled': theme.colors.red[8]!,
    '--mantine-color-red-filled-hover': theme.colors.red[9]!,
    '--app-border': theme.colors.gray[3]!,
    '--app-border-subtle': theme.colors.gray[2]!,
    '--app-surface': theme.colors.gray[0]!,
    '--app-hover': theme.colors.gray[1]!,
    '--app-nav-text': theme.colors.gray[8]!,
    '--app-nav-current': theme.colors.indigo[9]!,
    '--app-muted-link': theme.colors.gray[7]!,
    '--app-badge-text': theme.colors.gray[8]!,
  },
  dark: {
    '--mantine-color-dimmed': theme.colors.dark[1]!,
    '--mantine-color-placeholder': theme.colors.dark[1]!,
    '--score-higher-text': theme.colors.green[4]!,
    '--score-lower-text': theme.colors.red[4]!,
    '--app-error-text': theme.colors.red[4]!,
    '--app-border': theme.colors.dark[4]!,
    '--app-border-subtle': theme.colors.dark[5]!,
    '--app-surface': theme.colors.dark[8]!,
    '--app-hover': theme.colors.dark[6]!,
    '--app-nav-text': theme.colors.dark[0]!,
    '--app-nav-current': theme.colors.indigo[1]!,
    '--app-muted-link': theme.colors.dark[1]!,
    '--app-badge-text': theme.colors.dark[0]!,
  },
});
