import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../common/testing';
import { AdminPanel } from './AdminPanel';

// The Control Panel tab's code cannot be fetched, as offline or after a deploy renamed the chunks.
vi.mock('../control-panel/ControlPanelTab', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('AdminPanel', () => {
  // React reports each error a boundary catches on the console.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it("says a tab's load failure in its place with 'Try again', and keeps the panel and its other tabs", async () => {
    renderWithProviders(<AdminPanel />, { path: '/admin#control-panel' });
    expect(await screen.findByText('Control Panel could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Admin Panel' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Jobs' })).toBeTruthy();
  });
});
