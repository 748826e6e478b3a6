import {
  matchListInput,
  playerListInput,
  rankingItemsInput,
  rankingListInput,
  seasonListInput,
  teamListInput,
} from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Compilable, Kysely } from 'kysely';
import { matchListQuery } from '../src/features/matches/queries';
import { playerListQuery } from '../src/features/players/queries';
import { rankingItemsQuery, rankingListQuery } from '../src/features/rankings/queries';
import { seasonListQuery } from '../src/features/seasons/queries';
import { teamListQuery } from '../src/features/teams/queries';

/** The statement behind each public list, built from the same query-string text the REST path gets. */
const listQueries: Record<string, (db: Kysely<Database>, query: Record<string, string>) => Compilable> = {
  teams: (db, query) => teamListQuery(db, teamListInput.parse(query)),
  players: (db, query) => playerListQuery(db, playerListInput.parse(query)),
  matches: (db, query) => matchListQuery(db, matchListInput.parse(query)),
  seasons: (db, query) => seasonListQuery(db, seasonListInput.parse(query)),
  rankings: (db, query) => rankingListQuery(db, rankingListInput.parse(query)),
  'ranking-items': (db, query) => rankingItemsQuery(db, rankingItemsInput.parse(query)),
};

export interface BenchPath {
  name: string;
  /** Path and query string under the server's origin. */
  url: string;
}

export interface LeagueFacts {
  currentSeasonId: string;
  latestRankingId: string;
  today: Date;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const daysFrom = (date: Date, days: number) => new Date(date.getTime() + days * 24 * 60 * 60 * 1000);

/** What the home, rankings and matches pages ask for (spec/public-site.md), plus deep pages. */
export function benchPaths({ currentSeasonId, latestRankingId, today }: LeagueFacts): BenchPath[] {
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
  ];
}

/** The list statement a bench path runs, for EXPLAIN. */
export function listQueryFor(db: Kysely<Database>, path: BenchPath): Compilable {
  const url = new URL(path.url, 'http://bench.invalid');
  const list = url.pathname.replace('/v1/public/', '');
  const build = listQueries[list];
  if (!build) throw new Error(`No list query for ${url.pathname}`);
  return build(db, Object.fromEntries(url.searchParams));
}
