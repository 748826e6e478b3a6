import type { EventStatus } from './events';
import type { MatchListInput } from './public';

/**
 * The data the server writes into a page's first HTML response (a JSON script with id
 * PAGE_DATA_ELEMENT_ID), which the web app puts into React Query before its first render,
 * so the page shows its content at once instead of a loading state.
 */
export interface PageData {
  /** React Query entries: each key as the app's own query builds it, with the data it would fetch. */
  queries: Array<{ key: readonly unknown[]; data: unknown }>;
  /**
   * The page's thing (team, player, match, event) does not exist: the server answers
   * 404, and the app shows its not-found page at once for this first location, on the server
   * and in the browser's first render alike.
   */
  notFound?: true;
}

export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * A tRPC query's React Query key as @trpc/react-query 11 builds it for `trpc.<path>.useQuery(input)`:
 * the path split on dots, then the input and the kind (a web test holds it to getQueryKey).
 */
export function trpcQueryKey(path: string, input?: unknown): readonly unknown[] {
  return [path.split('.'), input === undefined ? { type: 'query' } : { input, type: 'query' }];
}

/**
 * The home page's live and upcoming match widgets' inputs (apps/web/src/features/home): what a
 * phone shows first, so the server writes their answers into the page under these keys.
 */
export const homeLiveMatchesInput = { status: ['in_progress'], sort: 'date', order: 'asc', page: 1, page_size: 4 } satisfies MatchListInput;
export const homeUpcomingMatchesInput = { status: ['scheduled'], sort: 'date', order: 'asc', page: 1, page_size: 4 } satisfies MatchListInput;

/** The home page's and the news page's post lists (the query's checked answer, before excerpts). */
export const newsHomeQueryKey = ['news', 'home'] as const;
export const newsPageQueryKey = ['news', 'page'] as const;

/** The news article query's key (the web app's newsQueryKeys.article). */
export function newsArticleQueryKey(slug: string) {
  return ['news', 'article', slug] as const;
}

/** Rows per page of the rankings lists (apps/web/src/features/rankings). */
export const RANKINGS_PAGE_SIZE = 20;

/**
 * The rankings page's seasons menu and its weeks menu (apps/web/src/features/rankings/RankingsPage.tsx),
 * whose answers the server writes into /rankings.
 */
export const rankingsSeasonsInput = { sort: 'start_date', order: 'desc', page: 1, page_size: 50 } as const;
export function rankingsWeeksInput(seasonId: string | undefined) {
  return { ...(seasonId ? { season_id: seasonId } : {}), sort: 'date', order: 'desc', page: 1, page_size: 100 } as const;
}

/** A page of the current team rankings (by Elo) of one season, or of all when undefined. */
export function teamRankingsInput(seasonId: string | undefined, page: number) {
  return { sort: 'elo', order: 'desc', ...(seasonId ? { season_id: seasonId } : {}), page, page_size: RANKINGS_PAGE_SIZE } as const;
}

/** The team rankings list's infinite query: one season (undefined: all) and one weekly snapshot (undefined: current Elo). */
export function teamRankingsQueryKey(seasonId: string | undefined, rankingId: string | undefined) {
  return ['rankings', 'teams', { ...(seasonId ? { seasonId } : {}), ...(rankingId ? { rankingId } : {}) }] as const;
}


/** Rows per page of the /stats player leaderboard, and its minimum maps unless the visitor picks another (apps/web/src/features/stats). */
export const STATS_PAGE_SIZE = 25;
export const STATS_DEFAULT_MIN_MAPS = 5;

/** The /stats player leaderboard as it opens without filters in its URL: the current season (all seasons when there is none), by rating. */
export function statsLeaderboardFirstInput(seasonId: string | undefined) {
  return { ...(seasonId ? { season_id: seasonId } : {}), min_maps: STATS_DEFAULT_MIN_MAPS, sort: 'rating', order: 'desc', page: 1, page_size: STATS_PAGE_SIZE } as const;
}

/** The /stats team menu: a season's teams (all teams when undefined) by name. */
export function statsTeamsInput(seasonId: string | undefined) {
  return { ...(seasonId ? { season_id: seasonId } : {}), sort: 'name', order: 'asc', page: 1, page_size: 100 } as const;
}

/** The team page's players' lines in a season: every player of the team, however few maps (apps/web/src/features/team-page/TeamStatsSection.tsx). */
export function teamSeasonLinesInput(teamId: string, seasonId: string) {
  return { team_id: teamId, season_id: seasonId, min_maps: 0, sort: 'rating', order: 'desc', page: 1, page_size: 25 } as const;
}

/** The team page's next matches and its roster (apps/web/src/features/team-page/TeamSchedule.tsx). */
export function teamUpcomingMatchesInput(teamId: string) {
  return { team_id: teamId, status: ['scheduled'], sort: 'date', order: 'asc', page: 1, page_size: 5 } satisfies MatchListInput;
}
export function teamRosterInput(teamId: string) {
  // A roster is a handful of players; one page holds any real one.
  return { team_id: teamId, sort: 'elo', order: 'desc', page: 1, page_size: 50 } as const;
}

/** Events per page of each /events section (apps/web/src/features/events/EventsPage.tsx). */
export const EVENTS_PAGE_SIZE = 20;

/** One /events section's infinite list: its key, and the input of each of its pages. */
export function eventSectionQueryKey(status: EventStatus) {
  return ['events', status] as const;
}
export function eventSectionPageInput(status: EventStatus, page: number) {
  return { status, page, page_size: EVENTS_PAGE_SIZE } as const;
}

/** The most the search gives of each (searchInput's cap), which /search?q= lists in full. */
export const SEARCH_PAGE_LIMIT = 50;

/** The search's input for a term (searchTerm's answer) and how many of each: the web app's box and /search, and the server's /search page. */
export function searchQueryInput(term: string, limit: number) {
  return { q: term, limit };
}

/**
 * One window of the matches page's upcoming tab (today, later this week, later this month:
 * domain upcomingWindows): the scheduled matches in it, earliest first. The server writes the
 * three answers into /matches for the league's zone and the render's moment, which the
 * browser's hydrating render uses too (docs/decisions/0096).
 */
export function upcomingWindowInput(window: { from: Date; to: Date }) {
  return { status: ['scheduled'], date_from: window.from.toISOString(), date_to: window.to.toISOString(), sort: 'date', order: 'asc', page: 1, page_size: 100 } satisfies MatchListInput;
}
