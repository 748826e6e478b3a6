import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../features/common/format';
import { HydratedMark, RenderContextProvider, useDisplayTimeZone, useHydrated, useNow } from './render-context';

// React's act() warns unless the environment says it is a test's.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const RENDERED_AT = Date.parse('2026-11-28T03:50:00.000Z');
const context = { renderedAt: RENDERED_AT, siteTimeZone: 'America/New_York', inBrowser: false };

function Clock() {
  const timeZone = useDisplayTimeZone();
  const now = useNow();
  const hydrated = useHydrated();
  return (
    <p data-hydrated={hydrated}>
      {formatDateTime(new Date(now).toISOString(), timeZone)}
    </p>
  );
}

const app = (
  <RenderContextProvider value={context}>
    <Clock />
    <HydratedMark />
  </RenderContextProvider>
);

describe('the render context: the league\'s zone and the render\'s moment until hydrated, then the visitor\'s', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders on the server in the league\'s zone, as of the render', () => {
    expect(renderToString(app)).toContain('Nov 27, 2026, 10:50 PM EST');
  });

  it('hydrates what the server wrote without a mismatch, then shows the visitor\'s zone and clock', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(app);
    document.body.append(container);
    const visitorZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const recoverable = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, app, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    const shown = container.querySelector('p')!;
    expect(shown.dataset.hydrated).toBe('true');
    expect(document.documentElement.dataset.hydrated).toBe('');
    // The browser's clock (today, not the render's moment), its zone named.
    const visitorZoneName = formatDateTime(new Date().toISOString(), visitorZone).split(' ').at(-1)!;
    expect(shown.textContent).not.toContain('Nov 27, 2026, 10:50 PM');
    expect(shown.textContent!.endsWith(` ${visitorZoneName}`)).toBe(true);
    container.remove();
  });

  it('renders in the visitor\'s zone from the start when the browser renders the page alone', () => {
    const visitorZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const html = renderToString(
      <RenderContextProvider value={{ ...context, inBrowser: true }}>
        <Clock />
      </RenderContextProvider>,
    );
    expect(html).toContain(formatDateTime(new Date().toISOString(), visitorZone).split(' ').at(-1)!);
    expect(html).toContain('data-hydrated="true"');
  });
});
