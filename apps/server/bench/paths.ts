import {
  headToHeadInput,
  matchListInput,
  playerLeaderboardInput,
  teamMapLeaderboardInput,
  playerListInput,
  playerStatsInput,
  rankingItemsInput,
  rankingListInput,
  ratingAccuracyInput,
  searchInput,
  seasonListInput,
  teamEloHistoryInput,
  teamListInput,
} from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import { headToHeadQuery } from '../src/features/matches/head-to-head';
import { matchPageQuery } from '../src/features/matches/match-page';
import { matchListQuery } from '../src/features/matches/queries';
import { playerLeaderboardQuery } from '../src/features/match-stats/leaderboard';
import { teamMapLeaderboardQuery } from '../src/features/match-stats/team-leaderboard';
import { playerStatsQuery } from '../src/features/match-stats/player-stats';
import { matchMapsQuery } from '../src/features/match-stats/queries';
import { playerEloHistoryQuery, playerPageQuery } from '../src/features/players/page-queries';
import { playerListQuery } from '../src/features/players/queries';
import { rankingItemsQuery, rankingListQuery } from '../src/features/rankings/queries';
import { ratingAccuracy } from '../src/features/ratings/figures';
import { searchQuery, useSearchSettings } from '../src/features/search/search';
import { seasonListQuery } from '../src/features/seasons/queries';
import { divisionStatements } from '../src/features/standings/queries';
import { teamEloHistoryQuery, teamPageQuery, teamRankHistoryQuery } from '../src/features/teams/page-queries';
import { teamListQuery } from '../src/features/teams/queries';

/** The statement behind each public list, built from the same query-string text the REST path gets. */
const listQueries: Record<string, (db: Kysely<Database>, query: Record<string, string>) => Compilable> = {
  teams: (db, query) => teamListQuery(db, teamListInput.parse(query)),
  players: (db, query) => playerListQuery(db, playerListInput.parse(query)),
  matches: (db, query) => matchListQuery(db, matchListInput.parse(query)),
  seasons: (db, query) => seasonListQuery(db, seasonListInput.parse(query)),
  rankings: (db, query) => rankingListQuery(db, rankingListInput.parse(query)),
  'ranking-items': (db, query) => rankingItemsQuery(db, rankingItemsInput.parse(query)),
  'stats/players': (db, query) => ({ compile: () => playerLeaderboardQuery(db, playerLeaderboardInput.parse(query), undefined).compile(db) }),
  'stats/teams': (db, query) => ({ compile: () => teamMapLeaderboardQuery(db, teamMapLeaderboardInput.parse(query), undefined).compile(db) }),
};

export interface BenchPath {
  name: string;
  /** Path and query string under the server's origin. */
  url: string;
  /** A server-rendered page (docs/decisions/0097): its reads and React's render, not one statement. */
  page?: true;
}

export interface LeagueFacts {
  currentSeasonId: string;
  latestRankingId: string;
  today: Date;
  /** The top team, one in the middle of the rankings, and an opponent the top team has played. */
  topTeamId: string;
  /**
   * The team with the most results: its page is the largest team page (the chart's points, the
   * embedded history). The top team's count depends on the seed's draw, so it is measured too.
   */
  busiestTeamId: string;
  middleTeamId: string;
  opponentId: string;
  playerId: string;
  /** A player with lines (the leaderboard's first) and a match of theirs with maps (the player's latest). */
  statsPlayerId: string;
  mapsMatchId: string;
  resultId: string;
  upcomingId: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const daysFrom = (date: Date, days: number) => new Date(date.getTime() + days * 24 * 60 * 60 * 1000);

/** What the home, rankings, matches, team, player and match pages and the search ask for (docs/product.md), plus deep pages. */
export function benchPaths(facts: LeagueFacts): BenchPath[] {
  const { currentSeasonId, latestRankingId, today } = facts;
  const season = `season_id=${currentSeasonId}`;
  return [
    { name: 'home: teams top 10', url: `/v1/public/teams?sort=elo&order=desc&page=1&page_size=10&${season}` },
    { name: 'home: players top 10', url: `/v1/public/players?sort=elo&order=desc&page=1&page_size=10&${season}` },
    { name: 'home: live matches', url: '/v1/public/matches?status=in_progress&sort=date&order=asc&page=1&page_size=4' },
    { name: 'home: upcoming matches', url: '/v1/public/matches?status=scheduled&sort=date&order=asc&page=1&page_size=4' },
    { name: 'home: latest results', url: '/v1/public/matches?status=completed&sort=date&order=desc&page=1&page_size=4' },
    { name: 'rankings: teams page 1', url: '/v1/public/teams?sort=elo&order=desc&page=1&page_size=20' },
    { name: 'rankings: teams page 50', url: '/v1/public/teams?sort=elo&order=desc&page=50&page_size=20' },
    { name: 'rankings: players page 1', url: '/v1/public/players?sort=elo&order=desc&page=1&page_size=20' },
    { name: 'rankings: players page 50', url: '/v1/public/players?sort=elo&order=desc&page=50&page_size=20' },
    { name: 'rankings: seasons', url: '/v1/public/seasons?sort=start_date&order=desc&page_size=50' },
    { name: 'rankings: weeks', url: `/v1/public/rankings?${season}&sort=date&order=desc&page_size=100` },
    { name: 'rankings: week items', url: `/v1/public/ranking-items?ranking_id=${latestRankingId}&page=1&page_size=20&sort=rank&order=asc` },
    {
      name: 'matches: past, date range',
      url: `/v1/public/matches?status=completed&date_from=${day(daysFrom(today, -30))}&date_to=${day(today)}&sort=date&order=desc&page=1&page_size=30`,
    },
    {
      name: 'matches: upcoming week',
      url: `/v1/public/matches?status=scheduled&date_from=${day(today)}&date_to=${day(daysFrom(today, 7))}&sort=date&order=asc&page=1&page_size=100`,
    },
    { name: 'team: page (top)', url: `/v1/public/teams/${facts.topTeamId}` },
    { name: 'team: page (middle)', url: `/v1/public/teams/${facts.middleTeamId}` },
    { name: 'team: elo history', url: `/v1/public/teams/${facts.topTeamId}/elo-history` },
    { name: 'team: elo history, season', url: `/v1/public/teams/${facts.topTeamId}/elo-history?${season}` },
    { name: 'team: rank history', url: `/v1/public/teams/${facts.topTeamId}/rank-history` },
    { name: 'team: roster', url: `/v1/public/players?team_id=${facts.topTeamId}&visible=true&sort=elo&order=desc&page_size=100` },
    { name: 'team: upcoming', url: `/v1/public/matches?team_id=${facts.topTeamId}&status=scheduled&sort=date&order=asc&page_size=5` },
    { name: 'player: page', url: `/v1/public/players/${facts.playerId}` },
    { name: 'player: elo history', url: `/v1/public/players/${facts.playerId}/elo-history` },
    { name: 'match: page (result)', url: `/v1/public/matches/${facts.resultId}` },
    { name: 'match: page (upcoming)', url: `/v1/public/matches/${facts.upcomingId}` },
    { name: 'stats: leaderboard page', url: `/v1/public/stats/players?${season}&sort=rating&order=desc&page=1&page_size=25` },
    { name: 'stats: leaderboard by ADR, map', url: `/v1/public/stats/players?${season}&map=de_mirage&sort=adr&order=desc&page=1&page_size=25` },
    { name: 'stats: team map leaderboard', url: `/v1/public/stats/teams?${season}&sort=win_pct&order=desc&page=1&page_size=25` },
    { name: 'player: stats (career)', url: `/v1/public/players/${facts.statsPlayerId}/stats` },
    { name: 'player: stats (season)', url: `/v1/public/players/${facts.statsPlayerId}/stats?${season}` },
    { name: 'match: maps', url: `/v1/public/matches/${facts.mapsMatchId}/maps` },
    { name: 'standings: season (60 teams)', url: `/v1/public/standings?${season}` },
    // Not one statement: the read of every completed match and a replay (features/ratings).
    { name: 'ratings: accuracy', url: '/v1/public/ratings/accuracy' },
    { name: 'ratings: accuracy, season', url: `/v1/public/ratings/accuracy?${season}` },
    { name: 'match: head to head', url: `/v1/public/head-to-head?team1=${facts.topTeamId}&team2=${facts.opponentId}` },
    // Two letters (word starts), a common piece of a name, a rare one, a typo, no match.
    ...['lu', 'state', 'wildcat', 'pioners', 'zzqx'].map((q) => ({ name: `search: ${q}`, url: `/v1/public/search?q=${q}&limit=8` })),
    // Whole pages as a visitor's first request gets them: HTML with the app rendered in it.
    { name: 'page: home', url: '/', page: true },
    { name: 'page: rankings', url: '/rankings', page: true },
    { name: 'page: team (top)', url: `/teams/${facts.topTeamId}`, page: true },
    { name: 'page: team (most results)', url: `/teams/${facts.busiestTeamId}`, page: true },
    { name: 'page: player', url: `/players/${facts.statsPlayerId}`, page: true },
    { name: 'page: match (result)', url: `/matches/${facts.mapsMatchId}`, page: true },
  ];
}

/** The statements behind a path, or, for a path that is more than statements, the work itself. */
export type BenchStatement =
  | {
      query: CompiledQuery;
      /** Further statements the path runs (its database time is the sum). */
      also?: CompiledQuery[];
      /** Run first in the same transaction (settings the path's code makes). */
      prepare?: (trx: Kysely<Database>) => Promise<void>;
    }
  | {
      /** What the path does instead of statements (printed where a plan would be). */
      several: string;
      /** The path's database work and computation, timed as a whole. */
      run: (db: Kysely<Database>) => Promise<unknown>;
    };

const UUID = '[0-9a-f-]{36}';

/** The statement behind each page, from its path and the same query-string text the REST path gets. */
const pageQueries: [RegExp, (db: Kysely<Database>, match: RegExpMatchArray, query: Record<string, string>) => BenchStatement][] = [
  [new RegExp(`^teams/(${UUID})$`), (db, m) => ({ query: teamPageQuery(db, m[1]!, undefined).compile() })],
  [new RegExp(`^teams/(${UUID})/elo-history$`), (db, m, query) => ({ query: teamEloHistoryQuery(db, teamEloHistoryInput.parse({ ...query, id: m[1] })).compile() })],
  [new RegExp(`^teams/(${UUID})/rank-history$`), (db, m) => ({ query: teamRankHistoryQuery(db, m[1]!).compile() })],
  [new RegExp(`^players/(${UUID})$`), (db, m) => ({ query: playerPageQuery(db, m[1]!).compile() })],
  [new RegExp(`^players/(${UUID})/elo-history$`), (db, m) => ({ query: playerEloHistoryQuery(db, m[1]!).compile() })],
  [new RegExp(`^matches/(${UUID})$`), (db, m) => ({ query: matchPageQuery(db, m[1]!).compile() })],
  [new RegExp(`^matches/(${UUID})/maps$`), (db, m) => ({ query: matchMapsQuery(db, m[1]!, 'visible').compile() })],
  [
    new RegExp(`^players/(${UUID})/stats$`),
    (db, m, query) => {
      const input = playerStatsInput.parse({ ...query, id: m[1] });
      return { query: playerStatsQuery(db, input.id, input.season_id).compile() };
    },
  ],
  [
    /^standings$/,
    (db, _m, query) => {
      const statements = divisionStatements(db, query.season_id ?? '', null);
      return { query: statements.matches.compile(db), also: [statements.divisions.compile(), statements.teams.compile(), statements.chances.compile()] };
    },
  ],
  [
    /^head-to-head$/,
    (db, _m, query) => {
      const { team1, team2 } = headToHeadInput.parse(query);
      return { query: headToHeadQuery(db, team1, team2).compile() };
    },
  ],
  [
    /^ratings\/accuracy$/,
    (_db, _m, query) => {
      const input = ratingAccuracyInput.parse(query);
      return { several: 'one bulk read of the completed matches, then the replay (features/ratings/figures.ts)', run: (db) => ratingAccuracy(db, input.season_id) };
    },
  ],
  [
    /^search$/,
    (db, _m, query) => {
      const input = searchInput.parse(query);
      return { query: searchQuery(input.q.trim(), input.limit).compile(db), prepare: useSearchSettings };
    },
  ],
];

/** The statement a bench path runs, for EXPLAIN (a page runs several reads and a render: run.ts times it over HTTP). */
export function statementFor(db: Kysely<Database>, path: BenchPath): BenchStatement {
  if (path.page) return { several: "the page's reads (features/pages) and the server render (http/server-render.ts)", run: async () => undefined };
  const url = new URL(path.url, 'http://bench.invalid');
  const route = url.pathname.replace('/v1/public/', '');
  const query = Object.fromEntries(url.searchParams);
  const list = listQueries[route];
  if (list) return { query: list(db, query).compile() };
  for (const [pattern, build] of pageQueries) {
    const match = route.match(pattern);
    if (match) return build(db, match, query);
  }
  throw new Error(`No statement for ${url.pathname}`);
}
