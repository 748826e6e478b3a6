import {
  homeLiveMatchesInput,
  homeUpcomingMatchesInput,
  newsArticleQueryKey,
  newsHomeQueryKey,
  PAGE_DATA_ELEMENT_ID,
  rankingsSeasonsInput,
  rankingsWeeksInput,
  SEARCH_PAGE_LIMIT,
  searchQueryInput,
  teamRosterInput,
  teamUpcomingMatchesInput,
  trpcQueryKey,
} from '@campus-elo/api-contract';
import { getQueryKey } from '@trpc/react-query';
import { describe, expect, it } from 'vitest';
import { newsQueryKeys } from '../features/news/api';
import { seedPageData } from './page-data';
import { createQueryClient } from './query-client';
import { trpc } from './trpc';

const ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

function documentWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const script = doc.createElement('script');
  script.id = PAGE_DATA_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = json;
  doc.head.append(script);
  return doc;
}

describe('the page data the server writes', () => {
  it('names queries by the keys the app itself uses', () => {
    expect(trpcQueryKey('public.team', { id: ID })).toEqual(getQueryKey(trpc.public.team, { id: ID }, 'query'));
    expect(trpcQueryKey('public.player', { id: ID })).toEqual(getQueryKey(trpc.public.player, { id: ID }, 'query'));
    expect(trpcQueryKey('public.teamEloHistory', { id: ID })).toEqual(getQueryKey(trpc.public.teamEloHistory, { id: ID }, 'query'));
    expect(trpcQueryKey('public.playerEloHistory', { id: ID })).toEqual(getQueryKey(trpc.public.playerEloHistory, { id: ID }, 'query'));
    expect(trpcQueryKey('public.match', { id: ID })).toEqual(getQueryKey(trpc.public.match, { id: ID }, 'query'));
    expect(trpcQueryKey('public.currentSeason')).toEqual(getQueryKey(trpc.public.currentSeason, undefined, 'query'));
    expect(trpcQueryKey('public.seasons', rankingsSeasonsInput)).toEqual(getQueryKey(trpc.public.seasons, rankingsSeasonsInput, 'query'));
    for (const seasonId of [ID, undefined]) {
      expect(trpcQueryKey('public.rankings', rankingsWeeksInput(seasonId))).toEqual(getQueryKey(trpc.public.rankings, rankingsWeeksInput(seasonId), 'query'));
    }
    expect(trpcQueryKey('public.matches', homeLiveMatchesInput)).toEqual(getQueryKey(trpc.public.matches, homeLiveMatchesInput, 'query'));
    expect(trpcQueryKey('public.matches', homeUpcomingMatchesInput)).toEqual(getQueryKey(trpc.public.matches, homeUpcomingMatchesInput, 'query'));
    expect(trpcQueryKey('public.matches', teamUpcomingMatchesInput(ID))).toEqual(getQueryKey(trpc.public.matches, teamUpcomingMatchesInput(ID), 'query'));
    expect(trpcQueryKey('public.players', teamRosterInput(ID))).toEqual(getQueryKey(trpc.public.players, teamRosterInput(ID), 'query'));
    expect(trpcQueryKey('public.teamEvents', { id: ID })).toEqual(getQueryKey(trpc.public.teamEvents, { id: ID }, 'query'));
    expect(trpcQueryKey('public.matchEvent', { id: ID })).toEqual(getQueryKey(trpc.public.matchEvent, { id: ID }, 'query'));
    expect(trpcQueryKey('public.headToHead', { team1: ID, team2: ID })).toEqual(getQueryKey(trpc.public.headToHead, { team1: ID, team2: ID }, 'query'));
    expect(trpcQueryKey('public.search', searchQueryInput('owls', SEARCH_PAGE_LIMIT))).toEqual(getQueryKey(trpc.public.search, searchQueryInput('owls', SEARCH_PAGE_LIMIT), 'query'));
    expect(newsArticleQueryKey('a-post')).toEqual(newsQueryKeys.article('a-post'));
    expect(newsHomeQueryKey).toEqual(newsQueryKeys.home);
  });

  it('is in React Query before the first render, fresh', () => {
    const queryClient = createQueryClient();
    const team = { id: ID, name: 'Owls' };
    seedPageData(queryClient, documentWith(JSON.stringify({ queries: [{ key: trpcQueryKey('public.team', { id: ID }), data: team }] })));
    const key = getQueryKey(trpc.public.team, { id: ID }, 'query');
    expect(queryClient.getQueryData(key)).toEqual(team);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryCache().find({ queryKey: key })?.isStale()).toBe(false);
  });

  it('leaves React Query empty when the page has no data or broken data', () => {
    const queryClient = createQueryClient();
    expect(seedPageData(queryClient, documentWith('{not json'))).toBeUndefined();
    expect(seedPageData(queryClient, document.implementation.createHTMLDocument('none'))).toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it("gives back the page's data, whose notFound the router takes", () => {
    expect(seedPageData(createQueryClient(), documentWith(JSON.stringify({ queries: [], notFound: true })))).toEqual({ queries: [], notFound: true });
  });
});
