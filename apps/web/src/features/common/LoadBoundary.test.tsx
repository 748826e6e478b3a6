import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadBoundary, retryableLazy } from './LoadBoundary';

const MESSAGE = 'The rankings could not be loaded.';

/** A lazily loaded part whose import fails while `offline.now` is true, as a chunk fetched without a connection does. */
function partLoadedOver(offline: { now: boolean }) {
  const imports = { count: 0 };
  const Part = retryableLazy(async () => {
    imports.count += 1;
    if (offline.now) throw new TypeError('Failed to fetch dynamically imported module');
    return ({ name }: { name: string }) => <p>Rankings of {name}</p>;
  });
  return { Part, imports };
}

const renderPart = (Part: ReturnType<typeof partLoadedOver>['Part']) =>
  render(
    <MantineProvider>
      <h1>Home</h1>
      <LoadBoundary message={MESSAGE}>
        <Suspense fallback={null}>
          <Part name="Fall" />
        </Suspense>
      </LoadBoundary>
    </MantineProvider>,
  );

describe('LoadBoundary', () => {
  // React reports each error a boundary catches on the console.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('shows the part once its code has come', async () => {
    const { Part } = partLoadedOver({ now: false });
    renderPart(Part);
    expect(await screen.findByText('Rankings of Fall')).toBeTruthy();
  });

  it('says what could not be loaded when the import fails, and keeps the rest of the page', async () => {
    const { Part } = partLoadedOver({ now: true });
    renderPart(Part);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGE);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it("imports the part again on 'Try again', in place", async () => {
    const offline = { now: true };
    const { Part, imports } = partLoadedOver(offline);
    renderPart(Part);
    await screen.findByRole('alert');
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});

    offline.now = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Rankings of Fall')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(imports.count).toBe(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page when the import fails again while online (a deploy renamed the chunks)', async () => {
    const { Part, imports } = partLoadedOver({ now: true });
    renderPart(Part);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await screen.findByRole('alert');
    expect(imports.count).toBe(2);
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
