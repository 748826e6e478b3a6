import { createClient, type SanityClient } from '@sanity/client';
import { siteSettings, type SiteSettings } from './site-settings';
import { LOCAL_CONTENT_PROJECT_ID } from '@campus-elo/api-contract';

/** The project id the local endpoint answers to; any valid id works, this one says what it is. */

/**
 * The news client. With a real Sanity project it queries that project's API; otherwise it
 * queries the site's own Sanity-compatible endpoint: apiHost `<origin>/content` without the
 * project subdomain, so requests go to `<origin>/content/v<apiVersion>/data/query/<dataset>`.
 */
export function createSanityClient(settings: SiteSettings['sanity'], origin: string): SanityClient {
  const common = { dataset: settings.dataset, apiVersion: settings.apiVersion, useCdn: false };
  if (settings.local) {
    return createClient({ ...common, projectId: LOCAL_CONTENT_PROJECT_ID, apiHost: `${origin}/content`, useProjectHostname: false });
  }
  return createClient({ ...common, projectId: settings.projectId });
}

export const sanityClient = createSanityClient(siteSettings.sanity, globalThis.location?.origin ?? 'http://localhost');
