import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { everythingOnScreen, renderWithProviders } from '../common/testing';
import { LiveMatchesWidget } from './LiveMatchesWidget';
import { TeamRankingsWidget } from './TeamRankingsWidget';

// The home page's lazily loaded parts cannot be fetched, as offline or after a deploy renamed the chunks.
vi.mock('../common/ErrorAlert', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});
vi.mock('./TeamRankingsList', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('home widgets whose code cannot be loaded', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = everythingOnScreen();
    // React reports each error a boundary catches on the console.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    restore();
    vi.restoreAllMocks();
  });

  it("the live widget says its failure as plain text with 'Try again' when the alert's code cannot be loaded either", async () => {
    renderWithProviders(<LiveMatchesWidget />, {
      api: {
        'public.matches': () => {
          throw new Error('down');
        },
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to load live matches');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Live Matches' })).toBeTruthy();
  });

  it("the team rankings widget keeps its heading and says its failure with 'Try again'", async () => {
    renderWithProviders(<TeamRankingsWidget seasonId="season-1" seasonReady />);
    expect(await screen.findByText('There was an error loading the team rankings. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Team Rankings' })).toBeTruthy();
  });
});
