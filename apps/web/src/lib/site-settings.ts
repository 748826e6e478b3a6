import { LOCAL_CONTENT_PROJECT_ID } from '@campus-elo/api-contract';

export interface SiteSettings {
  siteName: string;
  /** The league's time zone (SITE_TIME_ZONE): times before hydration are shown in it (lib/render-context.tsx). */
  timeZone: string;
  sanity: { projectId: string; dataset: string; apiVersion: string; local: boolean };
}

const defaults: SiteSettings = {
  siteName: 'Campus Elo',
  timeZone: 'America/New_York',
  sanity: { projectId: LOCAL_CONTENT_PROJECT_ID, dataset: 'production', apiVersion: '2025-08-13', local: true },
};

/** Settings the server embeds in index.html (apps/server/src/http/web-app.ts); defaults in dev. */
export function readSiteSettings(): SiteSettings {
  const element = typeof document !== 'undefined' ? document.getElementById('site-settings') : null;
  if (!element?.textContent) return defaults;
  try {
    return { ...defaults, ...(JSON.parse(element.textContent) as Partial<SiteSettings>) };
  } catch {
    return defaults;
  }
}

export const siteSettings = readSiteSettings();

export function pageTitle(prefix?: string): string {
  return prefix ? `${prefix} | ${siteSettings.siteName}` : siteSettings.siteName;
}

/** The server's render has no page to read them from: it gives them once, at start (entry-server.tsx). */
export function applySiteSettings(settings: SiteSettings): void {
  Object.assign(siteSettings, settings);
}
