import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('stands the 14 tabs in one column on a wide screen, moved through with the arrow keys', async () => {
    renderWithProviders(<AdminPanel />, { path: '/admin#staff' });
    const list = await screen.findByRole('tablist', { name: 'Admin tools' });
    expect(list.getAttribute('aria-orientation')).toBe('vertical');
    expect(within(list).getAllByRole('tab')).toHaveLength(14);
    await userEvent.click(screen.getByRole('tab', { name: 'Staff' }));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Graphic Generator' })));
  });

  it('puts the tabs on one sideways-scrolling line on a phone, moved through with the arrow keys', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query.includes('max-width'), media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList,
    );
    renderWithProviders(<AdminPanel />, { path: '/admin#staff' });
    await waitFor(() => expect(screen.getByRole('tablist', { name: 'Admin tools' }).getAttribute('aria-orientation')).toBe('horizontal'));
    await userEvent.click(screen.getByRole('tab', { name: 'Staff' }));
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Graphic Generator' })));
  });
});
