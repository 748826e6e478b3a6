import type { MatchListItem, Paged } from '@campus-elo/api-contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { getQueryKey } from '@trpc/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeEventSource } from '../features/common/fake-event-source';
import { applyMatchChange, STREAM_OPEN_TIMEOUT_MS, useLiveMatchStream } from './live-stream';
import { trpc } from './trpc';

const team = (id: string) => ({ id, name: `Team ${id}`, picture: null, elo: 1000 });
const item = (id: string, status: MatchListItem['status'], score: [number, number] | [null, null] = [null, null]): MatchListItem => ({
  id,
  date: '2026-11-22T12:00:00.000Z',
  status,
  team1: team('a'),
  team2: team('b'),
  score_team1: score[0],
  score_team2: score[1],
  winner: null,
  competition: null,
  season: null,
  season_id: null,
  url: null,
  platform: 'faceit',
  event_match: null,
});
const paged = (results: MatchListItem[]): Paged<MatchListItem> => ({ count: results.length, total_pages: 1, current_page: 1, page_size: 20, results });
const listKey = (input: Record<string, unknown>) => getQueryKey(trpc.public.matches, input as never, 'query');

describe('applyMatchChange', () => {
  it("refetches the event pages whose bracket holds the match, and only those", () => {
    const client = new QueryClient();
    const withMatch = getQueryKey(trpc.public.event, { id: 'ev-1' }, 'query');
    const without = getQueryKey(trpc.public.event, { id: 'ev-2' }, 'query');
    const bracket = (matchId: string) => ({ stages: [{ type: 'single_elimination', rounds: [{ number: 1, name: 'Final', matches: [{ id: 1, match_id: matchId }] }] }] });
    client.setQueryData(withMatch, bracket('m1'));
    client.setQueryData(without, bracket('m9'));
    applyMatchChange(client, item('m1', 'in_progress', [4, 2]));
    expect(client.getQueryState(withMatch)?.isInvalidated).toBe(true);
    expect(client.getQueryState(without)?.isInvalidated).toBe(false);
  });

  it("refetches the match's maps and both teams' map pools and players' lines, and no other team's", () => {
    const client = new QueryClient();
    const maps = getQueryKey(trpc.public.matchMaps, { id: 'm1' }, 'query');
    const otherMaps = getQueryKey(trpc.public.matchMaps, { id: 'm2' }, 'query');
    const pool = getQueryKey(trpc.public.teamMaps, { id: 'a', season_id: 's1' }, 'query');
    const otherPool = getQueryKey(trpc.public.teamMaps, { id: 'z', season_id: 's1' }, 'query');
    const lines = getQueryKey(trpc.public.playerLeaderboard, { team_id: 'b', season_id: 's1', min_maps: 0, sort: 'rating', order: 'desc', page: 1, page_size: 25 }, 'query');
    const otherLines = getQueryKey(trpc.public.playerLeaderboard, { team_id: 'z', season_id: 's1', min_maps: 0, sort: 'rating', order: 'desc', page: 1, page_size: 25 }, 'query');
    for (const key of [maps, otherMaps, pool, otherPool, lines, otherLines]) client.setQueryData(key, {});
    applyMatchChange(client, item('m1', 'in_progress', [1, 0]));
    expect([maps, pool, lines].map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true]);
    expect([otherMaps, otherPool, otherLines].map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([false, false, false]);
  });

  it('updates a listed match in place and refetches the lists it joined or left', () => {
    const client = new QueryClient();
    const live = listKey({ status: ['in_progress'], page: 1 });
    const results = listKey({ status: ['completed'], page: 1 });
    const otherTeam = listKey({ team_id: 'z' });
    client.setQueryData(live, paged([item('m1', 'in_progress', [3, 2]), item('m2', 'in_progress')]));
    client.setQueryData(results, paged([]));
    client.setQueryData(otherTeam, paged([]));

    applyMatchChange(client, item('m1', 'in_progress', [4, 2]));
    expect((client.getQueryData(live) as Paged<MatchListItem>).results.map((m) => [m.id, m.score_team1])).toEqual([
      ['m1', 4],
      ['m2', null],
    ]);
    expect(client.getQueryState(live)?.isInvalidated).toBe(false);
    // A live score does not concern the results list.
    expect(client.getQueryState(results)?.isInvalidated).toBe(false);

    applyMatchChange(client, item('m2', 'completed', [1, 0]));
    expect(client.getQueryState(live)?.isInvalidated).toBe(true);
    expect(client.getQueryState(results)?.isInvalidated).toBe(true);
    // Another team's list cannot hold it.
    expect(client.getQueryState(otherTeam)?.isInvalidated).toBe(false);
  });
});

describe('useLiveMatchStream', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const withClient = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: new QueryClient() }, children);

  it('takes a new stream as up, and as down once it fails or stays silent past the timeout', () => {
    vi.useFakeTimers();
    const stream = installFakeEventSource();
    const first = renderHook(() => useLiveMatchStream(), { wrapper: withClient });
    expect(first.result.current).toBe(true);
    act(() => vi.advanceTimersByTime(STREAM_OPEN_TIMEOUT_MS - 1));
    expect(first.result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(first.result.current).toBe(false);
    stream().open();
    expect(first.result.current).toBe(true);
    stream().fail();
    expect(first.result.current).toBe(false);
    first.unmount();

    // The next page's stream starts afresh; once it opens, the timeout no longer applies.
    const second = renderHook(() => useLiveMatchStream(), { wrapper: withClient });
    expect(second.result.current).toBe(true);
    stream().open();
    act(() => vi.advanceTimersByTime(STREAM_OPEN_TIMEOUT_MS * 2));
    expect(second.result.current).toBe(true);
    second.unmount();
  });

  it('is down where the browser has no EventSource, so the page polls', () => {
    vi.stubGlobal('EventSource', undefined);
    const { result, unmount } = renderHook(() => useLiveMatchStream(), { wrapper: withClient });
    expect(result.current).toBe(false);
    unmount();
  });
});
