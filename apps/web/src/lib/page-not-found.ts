import { notFound, type ParsedLocation } from '@tanstack/react-router';

/** What the router's context carries of the page data's notFound (@campus-elo/api-contract, PageData). */
export interface PageNotFoundContext {
  /** The first location's path, when the server answered it 404: its thing does not exist. */
  notFoundPath?: string;
}

/**
 * beforeLoad of the routes of one thing (team, player, match, event): at the path the
 * server answered 404, the app's not-found page at once, on the server and in the browser's
 * first render alike (instead of the route's loading state until its own request fails).
 */
export function notFoundWhereServerSaidSo({ context, location }: { context: PageNotFoundContext; location: ParsedLocation }): void {
  if (context.notFoundPath !== undefined && context.notFoundPath === location.pathname) throw notFound();
}
