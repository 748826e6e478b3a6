import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../common/testing';
import { MatchesPage } from './MatchesPage';

// The tabs' code cannot be fetched, as offline or after a deploy renamed the chunks.
vi.mock('./LiveMatchesTab', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});
vi.mock('./PastMatchesTab', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('MatchesPage', () => {
  // React reports each error a boundary catches on the console.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it.each([
    { hash: 'live', text: 'There was an error loading live matches. Please try again later.' },
    { hash: 'past', text: 'There was an error loading the match history. Please try again later.' },
  ])("says the $hash tab's failure with 'Try again' when its code cannot be loaded, and keeps the page", async ({ hash, text }) => {
    renderWithProviders(<MatchesPage />, { path: `/matches#${hash}` });
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Matches' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Upcoming' })).toBeTruthy();
  });
});
