// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

/**
 * The service worker's answer to a notification click (public/sw-notification-click.js, run as
 * sw.js imports it, with stand-in clients): headless Chromium cannot click a notification,
 * and a click dispatched by a script may neither focus nor open a window, so this part is
 * tested here; follow.e2e.test.ts checks that the worker in Chromium loads it.
 */
type Clients = { matchAll(options: object): Promise<{ url: string; focus(): Promise<unknown> }[]>; openWindow(url: string): Promise<unknown> };
type OpenNotificationPage = (data: unknown, origin: string, clients: Clients) => Promise<unknown>;

const source = readFileSync(resolve(import.meta.dirname, '../../../public/sw-notification-click.js'), 'utf8');
const self: { openNotificationPage?: OpenNotificationPage } = {};
runInNewContext(source, { self, URL });
const openNotificationPage = self.openNotificationPage!;
const ORIGIN = 'https://elo.example';

/** Windows open at `urls`; records what was focused, what opened and what matchAll was asked. */
function clientsWith(urls: string[]) {
  const seen = { focused: [] as string[], opened: [] as string[], asked: [] as object[] };
  const clients: Clients = {
    matchAll: async (options) => {
      seen.asked.push(options);
      return urls.map((url) => ({ url, focus: async () => void seen.focused.push(url) }));
    },
    openWindow: async (url) => void seen.opened.push(url),
  };
  return { clients, seen };
}

describe('notification click in the service worker', () => {
  it("focuses a window already on the notification's page, even one the worker does not control", async () => {
    const { clients, seen } = clientsWith([`${ORIGIN}/`, `${ORIGIN}/matches/m1`]);
    await openNotificationPage({ url: '/matches/m1' }, ORIGIN, clients);
    expect(seen).toEqual({ focused: [`${ORIGIN}/matches/m1`], opened: [], asked: [{ type: 'window', includeUncontrolled: true }] });
  });

  it('opens the page when no window shows it', async () => {
    const { clients, seen } = clientsWith([`${ORIGIN}/matches/m2`]);
    await openNotificationPage({ url: '/teams/t1' }, ORIGIN, clients);
    expect(seen.focused).toEqual([]);
    expect(seen.opened).toEqual([`${ORIGIN}/teams/t1`]);
  });

  it('opens only pages of this site: another origin, no URL or an unreadable one give the home page', async () => {
    for (const data of [{ url: 'https://evil.example/phish' }, { url: '//evil.example/x' }, null, {}, { url: 42 }, { url: 'http://[' }]) {
      const { clients, seen } = clientsWith([]);
      await openNotificationPage(data, ORIGIN, clients);
      expect(seen.opened, JSON.stringify(data)).toEqual([`${ORIGIN}/`]);
    }
  });
});
