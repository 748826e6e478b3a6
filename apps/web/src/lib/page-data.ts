import { PAGE_DATA_ELEMENT_ID, type PageData } from '@campus-elo/api-contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Puts the data the server wrote into this page's HTML (apps/server/src/features/pages) into
 * React Query, so the first render shows the page's content. Read once, at start: later pages
 * fetch their own.
 */
export function seedPageData(queryClient: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return;
  let pageData: PageData;
  try {
    pageData = JSON.parse(element.textContent) as PageData;
  } catch {
    return;
  }
  for (const { key, data } of pageData.queries ?? []) queryClient.setQueryData(key, data);
}
