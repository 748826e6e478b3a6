/** Set once this browser follows something: on later visits the service worker is registered after load. */
export const FOLLOWS_FLAG_KEY = 'campus-elo-follows';

/**
 * main.tsx, after load: a browser that follows a team keeps its service worker current
 * (notifications, offline team pages). Kept apart from push-client.ts so the first bundle
 * carries only these few lines.
 */
export function registerServiceWorkerIfFollowing(): void {
  if (window.localStorage.getItem(FOLLOWS_FLAG_KEY) && 'serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js', { scope: '/' });
}
