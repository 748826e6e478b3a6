import {
  competitionNamesOutput,
  standingsStakesOutput,
  upcomingWindowInput,
  playerLeaderboardInput,
  playerLeaderboardResponse,
  playerStatsResponse,
  currentSeasonOutput,
  entityPathInput,
  eventDetail,
  eventListInput,
  eventListOutput,
  eventSectionPageInput,
  eventSectionQueryKey,
  headToHeadOutput,
  matchEventOutput,
  HOME_EXCERPT_LENGTH,
  homeLiveMatchesInput,
  homePostsQuery,
  homeUpcomingMatchesInput,
  imageUrlForWidth,
  NEWS_IMAGE_WIDTHS,
  newsHomeQueryKey,
  newsPagePostsQuery,
  newsPageQueryKey,
  matchListInput,
  matchListOutput,
  matchMapsResponse,
  matchPage,
  newsArticleQueryKey,
  playerEloHistoryOutput,
  playerListInput,
  playerListOutput,
  playerPage,
  rankHistoryOutput,
  rankingListInput,
  rankingListOutput,
  rankingsSeasonsInput,
  rankingsWeeksInput,
  SEARCH_PAGE_LIMIT,
  searchInput,
  searchOutput,
  searchQueryInput,
  searchTerm,
  seasonListInput,
  seasonListOutput,
  statsLeaderboardFirstInput,
  statsTeamsInput,
  teamMapsResponse,
  teamSeasonLinesInput,
  teamEloHistoryInput,
  teamEloHistoryOutput,
  teamEventsOutput,
  teamListInput,
  teamListOutput,
  teamPage,
  teamRatingOutput,
  ratingAccuracyOutput,
  teamRankingsInput,
  teamRankingsQueryKey,
  teamRosterInput,
  teamUpcomingMatchesInput,
  trpcQueryKey,
  type EventStatus,
  type MatchListInput,
  type MatchPage,
  type NewsPostSummaryResult,
  type PageData,
  standingsOutput,
  teamStandingOutput,
} from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { excerptFromBody, isUsableImageSrc, pluralize, seasonHasEnded, upcomingWindows } from '@campus-elo/domain';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { DomainError } from '../../lib/errors';
import type { NewsSource } from '../content/latest-posts';
import { listCompetitionNames } from '../competitions/queries';
import { getEvent, getMatchEvent, getTeamEvents, listEvents } from '../events/queries';
import { getPlayerLeaderboard } from '../match-stats/leaderboard';
import { getPlayerStats } from '../match-stats/player-stats';
import { getMatchMaps } from '../match-stats/queries';
import { getTeamMaps } from '../match-stats/team-maps';
import { getMatchPage } from '../matches/match-page';
import { getHeadToHead } from '../matches/head-to-head';
import { listMatches } from '../matches/queries';
import { listRankings } from '../rankings/queries';
import { findCurrentSeason, listSeasons } from '../seasons/queries';
import { getStakes, getStandings, getTeamStanding } from '../standings/queries';
import { listTeams } from '../teams/queries';
import { getPlayerEloHistory, getPlayerPage } from '../players/page-queries';
import { listPlayers } from '../players/queries';
import { search } from '../search/search';
import { ratingAccuracy } from '../ratings/figures';
import { getTeamRating } from '../team-rating/queries';
import { getTeamEloHistory, getTeamPage, getTeamRankHistory } from '../teams/page-queries';
import type { PageHead } from './head';

/** A page's first answer: its status, what its <head> says, and the data its first render needs. */
export interface PageAnswer {
  status: number;
  head: PageHead;
  data: PageData;
}

export interface PageContext {
  /**
   * The public reads' handle, as the public procedures get it: each statement prepared once
   * per connection (DatabaseHandle.readDb, docs/decisions/0070-prepared-public-reads.md).
   */
  db: Kysely<Database>;
  /** Unprepared statements, for the search alone, as its procedure has them: a saved parse gains it nothing (decision 0070). */
  searchDb: Kysely<Database>;
  config: Config;
  news: NewsSource;
  /** The site's origin, for absolute URLs (site-origin.ts). */
  origin: string;
  /** The URL's query, as Fastify parses it (/search reads its q). */
  query: Record<string, unknown>;
  /** The render's moment, which the page carries for the browser's hydrating render (docs/decisions/0096). */
  now: Date;
}

type PageResolver = (params: Record<string, string>, context: PageContext) => Promise<PageAnswer>;

/** The size of the generated link preview pictures (og-image.ts). */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The web app's title convention (apps/web/src/lib/site-settings.ts, pageTitle). */
const titled = (config: Config, prefix?: string) => (prefix ? `${prefix} | ${config.siteName}` : config.siteName);

const url = (context: PageContext, path: string) => `${context.origin}${path}`;

/**
 * A page that lists things: the same head for everyone, and the data of what it shows first
 * (the rest the app fetches itself).
 */
function listPage(
  path: string,
  prefix: string | undefined,
  description: (siteName: string) => string,
  options: { noindex?: boolean; data?: (context: PageContext) => Promise<FirstData> } = {},
): PageResolver {
  return async (_params, context) => {
    const first = options.data ? await options.data(context) : { queries: [] };
    return {
      status: 200,
      head: {
        title: titled(context.config, prefix),
        description: description(context.config.siteName),
        canonical: options.noindex ? undefined : url(context, path),
        noindex: options.noindex,
        preloadImage: first.preloadImage,
      },
      data: { queries: first.queries },
    };
  };
}

/** What a list page writes in: React Query entries, and the picture its first view shows biggest. */
interface FirstData {
  queries: PageData['queries'];
  preloadImage?: string;
}

/**
 * News lists written into the page when the news service answers; when it does not, the page
 * still loads and the app asks (and says so) itself.
 */
async function newsList(context: PageContext, key: readonly unknown[], query: string, featuredWidth: number): Promise<FirstData> {
  let posts: NewsPostSummaryResult[];
  try {
    posts = await context.news.postList(query);
  } catch {
    return { queries: [] };
  }
  // The featured post's picture is the largest thing on a phone's first view.
  const picture = posts[0]?.imageUrl;
  return { queries: [{ key, data: posts }], preloadImage: isUsableImageSrc(picture) ? imageUrlForWidth(picture, featuredWidth) : undefined };
}

/** What every unknown page answers: 404, the app's not-found page, kept out of search results. */
export function notFoundPage(config: Config): PageAnswer {
  return {
    status: 404,
    head: { title: titled(config, 'Page not found'), description: `This page does not exist on ${config.siteName}.`, noindex: true },
    data: { queries: [], notFound: true },
  };
}

/** What a page answers when reading its content failed: the app loads and says what went wrong itself. */
export function failedPage(config: Config, status: number): PageAnswer {
  return { status, head: { title: config.siteName, description: `${config.siteName}: Elo rankings, matches and news.`, noindex: true }, data: { queries: [] } };
}

/** undefined when the id is malformed or names nothing (the procedure's not_found). */
export async function found<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') return undefined;
    throw error;
  }
}

const validId = (params: Record<string, string>) => {
  const input = entityPathInput.safeParse(params);
  return input.success ? input.data.id : undefined;
};

function matchSummary(match: MatchPage): string {
  const versus = `${match.team1.name} vs ${match.team2.name}`;
  const day = match.date ? new Date(match.date).toUTCString().slice(0, 16) : undefined;
  const when = day ? ` on ${day}` : '';
  if (match.status === 'completed' && match.score_team1 !== null && match.score_team2 !== null) {
    const winner = match.winner ? `, won by ${match.winner.name}` : '';
    return `${versus}: ${match.score_team1}–${match.score_team2}${winner}${when}.`;
  }
  if (match.status === 'in_progress') return `${versus}: live now.`;
  if (match.status === 'scheduled') return `${versus}: scheduled${when}. ${match.team1.name} (Elo ${match.team1.elo}) meets ${match.team2.name} (Elo ${match.team2.elo}).`;
  return `${versus}${when}.`;
}

/** A match list widget's answer under the key the app's `trpc.public.matches.useQuery(input)` builds. */
async function matchList(context: PageContext, input: MatchListInput) {
  return { key: trpcQueryKey('public.matches', input), data: matchListOutput.parse(await listMatches(context.db, matchListInput.parse(input))) };
}

/**
 * The home screen's banner season, live and upcoming matches and news: what a phone shows
 * first, so none of it waits for a request or moves the page when it arrives.
 */
async function homeData(context: PageContext): Promise<FirstData> {
  const [season, live, upcoming, news] = await Promise.all([
    findCurrentSeason(context.db, context.config.currentSeasonId),
    matchList(context, homeLiveMatchesInput),
    matchList(context, homeUpcomingMatchesInput),
    newsList(context, newsHomeQueryKey, homePostsQuery, NEWS_IMAGE_WIDTHS.featuredCompact),
  ]);
  return {
    queries: [{ key: trpcQueryKey('public.currentSeason'), data: currentSeasonOutput.parse(season) }, live, upcoming, ...news.queries],
    preloadImage: news.preloadImage,
  };
}

/**
 * /matches as it opens, on its upcoming tab: each window's matches in the league's zone as of
 * the render (the browser's hydrating render asks for the same, apps/web/src/features/matches/
 * UpcomingMatchesTab.tsx), and what is at stake in today's and this week's.
 */
async function upcomingTabData(context: PageContext): Promise<FirstData> {
  const windows = upcomingWindows(context.now, context.config.siteTimeZone);
  const [today, week, month] = await Promise.all([windows.today, windows.week, windows.month].map((window) => matchList(context, upcomingWindowInput(window))));
  const queries: PageData['queries'] = [today!, week!, month!];
  for (const list of [today!, week!]) {
    const ids = (list.data.results as { id: string; status: string }[]).filter((match) => match.status === 'scheduled').map((match) => match.id);
    if (ids.length > 0) queries.push({ key: trpcQueryKey('public.standingsStakes', { match_ids: ids }), data: standingsStakesOutput.parse(await getStakes(context.db, ids)) });
  }
  return { queries };
}

/**
 * The rankings page as it opens without a season or week in its URL: the current season (all
 * seasons when there is none), its weeks, and the first page of its team rankings (left to the
 * app when the season has ended: then it opens on the last week, apps/web/src/features/rankings).
 */
async function rankingsData(context: PageContext): Promise<FirstData> {
  const [season, seasons] = await Promise.all([
    findCurrentSeason(context.db, context.config.currentSeasonId),
    listSeasons(context.db, seasonListInput.parse(rankingsSeasonsInput)),
  ]);
  const weeksInput = rankingsWeeksInput(season?.id);
  const ended = season !== null && seasonHasEnded(season.end_date, new Date());
  const [weeks, teams] = await Promise.all([
    listRankings(context.db, rankingListInput.parse(weeksInput)),
    ended ? undefined : listTeams(context.db, teamListInput.parse(teamRankingsInput(season?.id, 1))),
  ]);
  return {
    queries: [
      { key: trpcQueryKey('public.currentSeason'), data: currentSeasonOutput.parse(season) },
      { key: trpcQueryKey('public.seasons', rankingsSeasonsInput), data: seasonListOutput.parse(seasons) },
      { key: trpcQueryKey('public.rankings', weeksInput), data: rankingListOutput.parse(weeks) },
      // An infinite query's data, as React Query keeps it, holding the first page.
      ...(teams ? [{ key: teamRankingsQueryKey(season?.id, undefined), data: { pages: [teamListOutput.parse(teams)], pageParams: [1] } }] : []),
    ],
  };
}

/**
 * /stats as it opens without filters: the current season (all seasons when there is none),
 * the season, competition and team menus, and the first page of the player leaderboard.
 */
async function statsData(context: PageContext): Promise<FirstData> {
  const [season, seasons, competitions] = await Promise.all([
    findCurrentSeason(context.db, context.config.currentSeasonId),
    listSeasons(context.db, seasonListInput.parse(rankingsSeasonsInput)),
    listCompetitionNames(context.db),
  ]);
  // The current season, else the latest (apps/web/src/features/stats/StatsPage.tsx).
  const seasonId = season?.id ?? seasons.results[0]?.id;
  if (!seasonId) return { queries: [{ key: trpcQueryKey('public.currentSeason'), data: currentSeasonOutput.parse(season) }, { key: trpcQueryKey('public.seasons', rankingsSeasonsInput), data: seasonListOutput.parse(seasons) }] };
  const teamsInput = statsTeamsInput(seasonId);
  const leaderboardInput = statsLeaderboardFirstInput(seasonId);
  const [teams, leaderboard] = await Promise.all([
    listTeams(context.db, teamListInput.parse(teamsInput)),
    getPlayerLeaderboard(context.db, playerLeaderboardInput.parse(leaderboardInput), context.config.currentSeasonId),
  ]);
  return {
    queries: [
      { key: trpcQueryKey('public.currentSeason'), data: currentSeasonOutput.parse(season) },
      { key: trpcQueryKey('public.seasons', rankingsSeasonsInput), data: seasonListOutput.parse(seasons) },
      { key: trpcQueryKey('public.competitions'), data: competitionNamesOutput.parse(competitions) },
      { key: trpcQueryKey('public.teams', teamsInput), data: teamListOutput.parse(teams) },
      { key: trpcQueryKey('public.playerLeaderboard', leaderboardInput), data: playerLeaderboardResponse.parse(leaderboard) },
    ],
  };
}

/**
 * /standings as it opens without a season in its URL: the season menu and the current
 * season's divisions (the app asks with no input then: apps/web/src/features/standings/StandingsPage.tsx).
 */
async function standingsData(context: PageContext): Promise<FirstData> {
  const [seasons, standings] = await Promise.all([
    listSeasons(context.db, seasonListInput.parse(rankingsSeasonsInput)),
    getStandings(context.db, {}, context.config.currentSeasonId),
  ]);
  return {
    queries: [
      { key: trpcQueryKey('public.seasons', rankingsSeasonsInput), data: seasonListOutput.parse(seasons) },
      { key: trpcQueryKey('public.standings', {}), data: standingsOutput.parse(standings) },
    ],
  };
}

/**
 * /ratings: the accuracy figures of all time (RATING_ACCURACY_INPUT) and the season menu above
 * them (apps/web/src/features/ratings-explained/AccuracySection.tsx).
 */
async function ratingsData(context: PageContext): Promise<FirstData> {
  const [accuracy, seasons] = await Promise.all([ratingAccuracy(context.db, undefined), listSeasons(context.db, seasonListInput.parse(rankingsSeasonsInput))]);
  return {
    queries: [
      { key: trpcQueryKey('public.ratingAccuracy', {}), data: ratingAccuracyOutput.parse(accuracy) },
      { key: trpcQueryKey('public.seasons', rankingsSeasonsInput), data: seasonListOutput.parse(seasons) },
    ],
  };
}

/** /events: the first page of each section (ongoing, upcoming, past), as its infinite list keeps it. */
async function eventsData(context: PageContext): Promise<FirstData> {
  const sections: EventStatus[] = ['ongoing', 'upcoming', 'past'];
  const pages = await Promise.all(sections.map((status) => listEvents(context.db, eventListInput.parse(eventSectionPageInput(status, 1)))));
  return { queries: sections.map((status, index) => ({ key: eventSectionQueryKey(status), data: { pages: [eventListOutput.parse(pages[index])], pageParams: [1] } })) };
}

/**
 * /search?q=: what the page lists for its q (nothing to ask when q is too short, as in the app,
 * or not a text the search takes).
 */
async function searchData(context: PageContext): Promise<FirstData> {
  const term = typeof context.query.q === 'string' ? searchTerm(context.query.q) : null;
  if (term === null) return { queries: [] };
  const input = searchQueryInput(term, SEARCH_PAGE_LIMIT);
  const parsed = searchInput.safeParse(input);
  if (!parsed.success) return { queries: [] };
  return { queries: [{ key: trpcQueryKey('public.search', input), data: searchOutput.parse(await search(context.searchDb, parsed.data)) }] };
}

/**
 * The team page's map pool and players' lines of the current season (else the latest), with
 * the season menu they sit under (apps/web/src/features/team-page/TeamStatsSection.tsx).
 */
async function teamSeasonStats(context: PageContext, idParam: string, teamId: string): Promise<PageData['queries']> {
  const [season, seasons] = await Promise.all([
    findCurrentSeason(context.db, context.config.currentSeasonId),
    listSeasons(context.db, seasonListInput.parse(rankingsSeasonsInput)),
  ]);
  const menus = [
    { key: trpcQueryKey('public.currentSeason'), data: currentSeasonOutput.parse(season) },
    { key: trpcQueryKey('public.seasons', rankingsSeasonsInput), data: seasonListOutput.parse(seasons) },
  ];
  const seasonId = season?.id ?? seasons.results[0]?.id;
  if (!seasonId) return menus;
  const linesInput = teamSeasonLinesInput(idParam, seasonId);
  const [maps, lines] = await Promise.all([
    getTeamMaps(context.db, { id: teamId, season_id: seasonId }, context.config.currentSeasonId),
    getPlayerLeaderboard(context.db, playerLeaderboardInput.parse({ ...linesInput, team_id: teamId }), context.config.currentSeasonId),
  ]);
  return [
    ...menus,
    { key: trpcQueryKey('public.teamMaps', { id: idParam, season_id: seasonId }), data: teamMapsResponse.parse(maps) },
    { key: trpcQueryKey('public.playerLeaderboard', linesInput), data: playerLeaderboardResponse.parse(lines) },
  ];
}

/**
 * What the team page shows at once beside the team itself: its Elo and rank history (the chart
 * and results, the page's largest part), its division and place in the header
 * (apps/web/src/features/standings/TeamStandingFact.tsx), its next matches, events and roster
 * beside them (team-page/TeamSchedule.tsx, events/TeamEventsSection.tsx), and its season's
 * stats. Read beside the team, from the id alone; an unknown team is not found here too.
 */
async function teamPageQueries(context: PageContext, idParam: string, teamId: string): Promise<PageData['queries']> {
  const { db, config } = context;
  const id = { id: idParam };
  const [eloHistory, rankHistory, standing, upcoming, events, roster, seasonStats] = await Promise.all([
    getTeamEloHistory(db, teamEloHistoryInput.parse({ id: teamId })),
    getTeamRankHistory(db, teamId),
    getTeamStanding(db, { id: teamId }, config.currentSeasonId),
    listMatches(db, matchListInput.parse(teamUpcomingMatchesInput(teamId))),
    getTeamEvents(db, teamId),
    listPlayers(db, playerListInput.parse(teamRosterInput(teamId))),
    teamSeasonStats(context, idParam, teamId),
  ]);
  return [
    { key: trpcQueryKey('public.teamEloHistory', id), data: teamEloHistoryOutput.parse(eloHistory) },
    { key: trpcQueryKey('public.teamRankHistory', id), data: rankHistoryOutput.parse(rankHistory) },
    { key: trpcQueryKey('public.teamStanding', id), data: teamStandingOutput.parse(standing) },
    { key: trpcQueryKey('public.matches', teamUpcomingMatchesInput(idParam)), data: matchListOutput.parse(upcoming) },
    { key: trpcQueryKey('public.teamEvents', id), data: teamEventsOutput.parse(events) },
    { key: trpcQueryKey('public.players', teamRosterInput(idParam)), data: playerListOutput.parse(roster) },
    ...seasonStats,
  ];
}

/**
 * What the match page shows at once: the match, the event and round it was played in
 * (apps/web/src/features/events/MatchEventLine.tsx), a played or live match's maps and
 * scoreboards (match-page/MatchMaps.tsx) and the two teams' record (HeadToHeadSection.tsx).
 */
async function matchPageQueries(context: PageContext, idParam: string, match: MatchPage): Promise<PageData['queries']> {
  const played = match.status === 'completed' || match.status === 'in_progress';
  const teams = { team1: match.team1.id, team2: match.team2.id };
  const [placed, maps, headToHead] = await Promise.all([
    getMatchEvent(context.db, match.id),
    played ? getMatchMaps(context.db, match.id, 'visible') : undefined,
    getHeadToHead(context.db, teams),
  ]);
  return [
    { key: trpcQueryKey('public.match', { id: idParam }), data: match },
    { key: trpcQueryKey('public.matchEvent', { id: idParam }), data: matchEventOutput.parse(placed) },
    ...(maps ? [{ key: trpcQueryKey('public.matchMaps', { id: idParam }), data: matchMapsResponse.parse(maps) }] : []),
    { key: trpcQueryKey('public.headToHead', teams), data: headToHeadOutput.parse(headToHead) },
  ];
}

/**
 * Each page of the web app (web-app.ts, CLIENT_ROUTES) and what its first answer carries.
 * Pages of one thing read it with their procedure's own query and output schema, so the data
 * seeded into React Query is what the app's own request would get.
 */
export const PAGES: Record<string, PageResolver> = {
  '/': listPage('/', undefined, (site) => `${site}: team and player Elo rankings, upcoming and past matches, and news of the college esports league.`, {
    data: homeData,
  }),
  '/rankings': listPage('/rankings', 'Rankings', (site) => `Team and player Elo rankings of ${site}, week by week, with each team's place and change.`, {
    data: rankingsData,
  }),
  '/ratings': listPage(
    '/ratings',
    'How ratings work',
    (site) => `How the Elo ratings of ${site} work: the Elo rule, where a team's Elo starts, which matches count, provisional ratings, star ratings, weekly snapshots, and how well they predict.`,
    { data: ratingsData },
  ),
  '/matches': listPage('/matches', 'Matches', (site) => `Upcoming, live and past matches of ${site}, with scores and what each result did to Elo.`, {
    data: upcomingTabData,
  }),
  '/news': listPage('/news', 'News', (site) => `The latest news, match reports and announcements of ${site}.`, {
    data: (context) => newsList(context, newsPageQueryKey, newsPagePostsQuery, NEWS_IMAGE_WIDTHS.featuredLarge),
  }),
  '/events': listPage('/events', 'Events', (site) => `Tournaments of ${site}: upcoming, ongoing and past events with their brackets and champions.`, {
    data: eventsData,
  }),
  '/stats': listPage('/stats', 'Stats', (site) => `Player and team stats of ${site}: leaderboards by rating, ADR, K/D and more, and each team's map win rates.`, {
    data: statsData,
  }),
  '/standings': listPage('/standings', 'Standings', (site) => `League standings of ${site}: each division's table, tiebreaks, playoff and relegation lines, and every team's playoff chance.`, {
    data: standingsData,
  }),
  '/search': listPage('/search', 'Search', (site) => `Find teams and players of ${site}.`, { noindex: true, data: searchData }),
  '/following': listPage('/following', 'Following', (site) => `The teams and matches this browser follows on ${site}.`, { noindex: true }),
  '/signin': listPage('/signin', 'Sign In', (site) => `Staff sign-in for ${site}.`, { noindex: true }),
  '/admin': listPage('/admin', 'Admin Panel', (site) => `Staff tools of ${site}.`, { noindex: true }),
  '/admin/graphic': listPage('/admin/graphic', 'Graphic Generator', (site) => `Staff tools of ${site}.`, { noindex: true }),

  '/teams/:id': async (params, context) => {
    const id = validId(params);
    if (!id) return notFoundPage(context.config);
    // The team and the rest of its page in one round of reads: the rest needs only the id.
    const [team, queries] = await Promise.all([
      found(async () => teamPage.parse(await getTeamPage(context.db, id, context.config.currentSeasonId))),
      found(() => teamPageQueries(context, params.id!, id)),
    ]);
    if (!team || !queries) return notFoundPage(context.config);
    const school = team.school_name ? ` (${team.school_name})` : '';
    return {
      status: 200,
      head: {
        title: titled(context.config, team.name),
        shareTitle: team.name,
        description: `${team.name}${school}: ${team.rank === null ? '' : `rank ${team.rank} of `}${context.config.siteName} with Elo ${team.elo}, ${pluralize(team.wins, 'win')} and ${pluralize(team.losses, 'loss')}.`,
        canonical: url(context, `/teams/${team.id}`),
        type: 'profile',
        image: { url: url(context, `/og/teams/${team.id}.png`), ...OG_IMAGE_SIZE, alt: `${team.name}: Elo ${team.elo}${team.rank === null ? '' : `, rank ${team.rank}`}` },
      },
      data: { queries: [{ key: trpcQueryKey('public.team', { id: params.id }), data: team }, ...queries] },
    };
  },

  '/teams/:id/rating': async (params, context) => {
    const id = validId(params);
    const rating = id && (await found(async () => teamRatingOutput.parse(await getTeamRating(context.db, id))));
    if (!rating) return notFoundPage(context.config);
    return {
      status: 200,
      head: {
        title: titled(context.config, `${rating.team.name} rating`),
        shareTitle: `Why ${rating.team.name} has Elo ${rating.elo}`,
        description: `How ${rating.team.name}'s Elo of ${rating.elo} adds up: starting Elo ${rating.start.elo}, then ${pluralize(rating.steps.length, 'change')}, each with the rule's numbers.`,
        canonical: url(context, `/teams/${rating.team.id}/rating`),
      },
      data: { queries: [{ key: trpcQueryKey('public.teamRating', { id: params.id }), data: rating }] },
    };
  },

  '/events/:id': async (params, context) => {
    const id = validId(params);
    const event = id && (await found(async () => eventDetail.parse(await getEvent(context.db, id))));
    if (!event) return notFoundPage(context.config);
    const champion = event.winner ? ` Champion: ${event.winner.name}.` : '';
    return {
      status: 200,
      head: {
        title: titled(context.config, event.name),
        shareTitle: event.name,
        description: `${event.name}: ${event.teams.length} teams, ${event.start_date} to ${event.end_date}.${champion}`,
        canonical: url(context, `/events/${event.id}`),
      },
      data: { queries: [{ key: trpcQueryKey('public.event', { id: params.id }), data: event }] },
    };
  },

  '/players/:id': async (params, context) => {
    const id = validId(params);
    const player = id && (await found(async () => playerPage.parse(await getPlayerPage(context.db, id))));
    if (!player) return notFoundPage(context.config);
    const team = player.team ? ` of ${player.team.name}` : '';
    return {
      status: 200,
      head: {
        title: titled(context.config, player.name),
        shareTitle: player.name,
        description: `${player.name}${team} on ${context.config.siteName}: Elo ${player.elo}.`,
        canonical: url(context, `/players/${player.id}`),
        type: 'profile',
      },
      data: {
        queries: [
          { key: trpcQueryKey('public.player', { id: params.id }), data: player },
          { key: trpcQueryKey('public.playerEloHistory', { id: params.id }), data: playerEloHistoryOutput.parse(await getPlayerEloHistory(context.db, player.id)) },
          // The career line, recent matches and maps (each season's line the app asks for itself).
          { key: trpcQueryKey('public.playerStats', { id: params.id }), data: playerStatsResponse.parse(await getPlayerStats(context.db, { id: player.id })) },
        ],
      },
    };
  },

  '/matches/:id': async (params, context) => {
    const id = validId(params);
    const match = id && (await found(async () => matchPage.parse(await getMatchPage(context.db, id))));
    if (!match) return notFoundPage(context.config);
    return {
      status: 200,
      head: {
        title: titled(context.config, `${match.team1.name} vs ${match.team2.name}`),
        shareTitle: `${match.team1.name} vs ${match.team2.name}`,
        description: matchSummary(match),
        canonical: url(context, `/matches/${match.id}`),
        image: { url: url(context, `/og/matches/${match.id}.png`), ...OG_IMAGE_SIZE, alt: `${match.team1.name} vs ${match.team2.name}` },
      },
      data: { queries: await matchPageQueries(context, params.id!, match) },
    };
  },

  '/news/:slug': async (params, context) => {
    const slug = params.slug ?? '';
    const article = await context.news.article(slug);
    // The article page says so itself ('Article not found', with a way to the news): its
    // query's answer, none, is written in, as for an article it finds.
    if (!article) return { ...notFoundPage(context.config), data: { queries: [{ key: newsArticleQueryKey(slug), data: null }] } };
    const path = `/news/${encodeURIComponent(article.slug)}`;
    return {
      status: 200,
      head: {
        title: titled(context.config, `${article.title} | News`),
        shareTitle: article.title,
        description: excerptFromBody(article.body, HOME_EXCERPT_LENGTH) || `${article.title}: news of ${context.config.siteName}.`,
        canonical: url(context, path),
        type: 'article',
        publishedTime: article.publishedAt,
        image: article.imageUrl
          ? { url: new URL(article.imageUrl, context.origin).href, width: article.imageDimensions?.width, height: article.imageDimensions?.height, alt: article.title }
          : undefined,
        preloadImage: isUsableImageSrc(article.imageUrl) ? imageUrlForWidth(article.imageUrl, NEWS_IMAGE_WIDTHS.articleHero) : undefined,
      },
      data: { queries: [{ key: newsArticleQueryKey(slug), data: article }] },
    };
  },
};
