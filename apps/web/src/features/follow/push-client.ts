import type { PushSubscriptionJson } from '@campus-elo/api-contract';
import { FOLLOWS_FLAG_KEY } from './service-worker-registration';

// The browser's side of following (docs/decisions/0099-web-push-follows.md). Loaded only when
// a visitor opens a Follow or Remind me control, or the Following page: never in the first
// load. Everything here touches navigator/window, so it runs in handlers and effects only.


export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export function pushSupport(): PushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

export async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This browser's subscription, if it has one (asks for nothing). */
export async function currentSubscription(): Promise<PushSubscriptionJson | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? (subscription.toJSON() as PushSubscriptionJson) : null;
}

const fromBase64Url = (text: string) => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

export class PushRefused extends Error {}

/** Asks for permission (once) and subscribes this browser with the server's VAPID key. */
export async function subscribe(publicKey: string): Promise<PushSubscriptionJson> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused('Notifications are blocked for this site in this browser.');
  const registration = await serviceWorker();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(publicKey) }));
  window.localStorage.setItem(FOLLOWS_FLAG_KEY, '1');
  return subscription.toJSON() as PushSubscriptionJson;
}

/** Tells the service worker which team pages to keep for offline visits. */
export async function tellServiceWorkerFollowedTeams(ids: string[]): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  registration?.active?.postMessage({ type: 'followed-teams', ids });
}

/** Ends the browser's subscription itself (after the server forgot it). */
export async function unsubscribeBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
  window.localStorage.removeItem(FOLLOWS_FLAG_KEY);
}
