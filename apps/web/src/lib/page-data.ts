import { PAGE_DATA_ELEMENT_ID, type PageData } from '@campus-elo/api-contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Puts the data the server wrote into this page's HTML (apps/server/src/features/pages) into
 * React Query, so the first render shows the page's content, and gives it back (its notFound
 * is the router's: main.tsx). Read once, at start: later pages fetch their own.
 */
export function seedPageData(queryClient: QueryClient, doc: Document = document): PageData | undefined {
  const element = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  let pageData: PageData;
  try {
    pageData = JSON.parse(element.textContent) as PageData;
  } catch {
    return undefined;
  }
  for (const { key, data } of pageData.queries ?? []) queryClient.setQueryData(key, data);
  return pageData;
}
