/** The attribute the server puts on the head elements it writes for the first page (apps/server/src/features/pages/head.ts). */
export const PAGE_HEAD_ATTRIBUTE = 'data-page-head';

type ResolvedListener = (event: { toLocation: { pathname: string } }) => void;

/**
 * The server's description, canonical URL and sharing tags describe the address the page was
 * loaded from: once the app shows another page they are removed (the pages set their own
 * title, and an article its sharing tags, themselves). `subscribe` is the router's
 * onResolved subscription.
 */
export function dropFirstPageHeadWhenLeft(subscribe: (listener: ResolvedListener) => () => void, firstPath: string, doc: Document = document): void {
  const unsubscribe = subscribe(({ toLocation }) => {
    if (toLocation.pathname === firstPath) return;
    for (const element of doc.head.querySelectorAll(`[${PAGE_HEAD_ATTRIBUTE}]`)) element.remove();
    unsubscribe();
  });
}
