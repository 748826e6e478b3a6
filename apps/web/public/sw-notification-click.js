/* global self, URL */
// What the service worker (sw.js, which imports this file) does when a notification is
// clicked, kept apart so that a test can run it with stand-in clients
// (src/features/follow/sw-notification-click.test.ts): headless Chromium cannot click a
// notification, and a script-made click may neither focus nor open a window.

/**
 * Focuses the window already showing the notification's page, or opens it. Only a page of
 * this site opens, whatever the payload says: another origin, or no URL, gives the home page.
 * @param {unknown} data the notification's data ({ url } as sw.js's push handler stores it)
 * @param {string} origin the worker's origin
 * @param {{ matchAll(options: object): Promise<{ url: string, focus(): Promise<unknown> }[]>, openWindow(url: string): Promise<unknown> }} clients
 */
self.openNotificationPage = function openNotificationPage(data, origin, clients) {
  const given = data && typeof data === 'object' && typeof data.url === 'string' ? data.url : '/';
  let target;
  try {
    target = new URL(given, origin);
  } catch {
    target = new URL('/', origin);
  }
  const url = target.origin === origin ? target.href : origin + '/';
  return clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
    const open = windows.find((w) => w.url === url);
    return open ? open.focus() : clients.openWindow(url);
  });
};
