/* global self, caches, fetch, URL, Response, importScripts */
// The site's service worker (docs/decisions/0099-web-push-follows.md): shows the notifications
// of followed teams and keeps a followed team's page, and what it loaded, for offline visits.
// Plain JS served as it is at /sw.js (scope /), so no build step touches it.

const OFFLINE_CACHE = 'followed-teams-v1';
/** The ids of the teams this browser follows, kept in the cache as JSON (the worker's memory does not last). */
const FOLLOWED_KEY = '/__followed-teams';
const TEAM_PAGE = /^\/teams\/([0-9a-f-]{36})\/?$/;

importScripts('/sw-notification-click.js');

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/icons/icon-192.png',
      data: { url: typeof message.url === 'string' ? message.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(self.openNotificationPage(event.notification.data, self.location.origin, self.clients));
});

/** The page tells which teams are followed after each change (features/follow/push-client.ts). */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'followed-teams' || !Array.isArray(data.ids)) return;
  const ids = data.ids.filter((id) => typeof id === 'string');
  event.waitUntil(caches.open(OFFLINE_CACHE).then((cache) => cache.put(FOLLOWED_KEY, new Response(JSON.stringify(ids), { headers: { 'content-type': 'application/json' } }))));
});

async function followedTeams() {
  const cache = await caches.open(OFFLINE_CACHE);
  const stored = await cache.match(FOLLOWED_KEY);
  return stored ? new Set(await stored.json()) : new Set();
}

/** The followed team whose page made this request (a navigation to it, or its own fetches), if any. */
async function followedTeamOf(event) {
  const request = event.request;
  const pageUrl = request.mode === 'navigate' ? request.url : event.clientId ? (await self.clients.get(event.clientId))?.url : undefined;
  if (!pageUrl) return undefined;
  const match = TEAM_PAGE.exec(new URL(pageUrl).pathname);
  if (!match) return undefined;
  return (await followedTeams()).has(match[1]) ? match[1] : undefined;
}

/** Network first; a copy kept; the copy when the network fails. */
async function networkThenCache(request) {
  const cache = await caches.open(OFFLINE_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // Same-origin reads only; the live stream (/v1/public/stream) is never kept.
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname === '/v1/public/stream') return;
  const accept = request.headers.get('accept') || '';
  if (accept.includes('text/event-stream')) return;
  event.respondWith(
    followedTeamOf(event).then((team) => {
      if (team) return networkThenCache(request);
      // Other pages go to the network as they would without a worker; offline, what a followed page kept still answers.
      return fetch(request).catch(async (error) => {
        const kept = await caches.match(request);
        if (kept) return kept;
        throw error;
      });
    }),
  );
});
