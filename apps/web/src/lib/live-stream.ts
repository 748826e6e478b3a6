import type { EventDetail, MatchListItem, MatchStatus, Paged } from '@campus-elo/api-contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { trpc } from './trpc';

/** Server-Sent Events of match changes (docs/contract.md, GET /v1/public/stream). */
export const LIVE_STREAM_URL = '/v1/public/stream';

/** How often live data is fetched again while the stream is down. */
export const LIVE_REFRESH_MS = 30_000;

/** A stream not open by then counts as down (a proxy may hold it without answering or failing). */
export const STREAM_OPEN_TIMEOUT_MS = 10_000;

/** What a match list shows when its input names no status (the server's default). */
const DEFAULT_STATUSES: readonly MatchStatus[] = ['scheduled', 'in_progress', 'completed'];

interface MatchListInput {
  status?: MatchStatus[];
  team_id?: string;
  season_id?: string;
}

/**
 * Brings the cached match lists and the match's page up to date with one changed match: a
 * list that shows it gets the new item in place; a list it may have joined or left is
 * fetched again (its order and counts may change).
 */
export function applyMatchChange(client: QueryClient, item: MatchListItem): void {
  for (const query of client.getQueryCache().findAll({ queryKey: getQueryKey(trpc.public.matches) })) {
    const input = ((query.queryKey[1] as { input?: MatchListInput } | undefined)?.input ?? {}) as MatchListInput;
    const data = query.state.data as Paged<MatchListItem> | undefined;
    const belongs =
      (input.status ?? DEFAULT_STATUSES).includes(item.status) &&
      (!input.team_id || item.team1.id === input.team_id || item.team2.id === input.team_id) &&
      (!input.season_id || item.season_id === input.season_id);
    const listed = data?.results.some((result) => result.id === item.id) ?? false;
    if (listed && belongs && data) {
      client.setQueryData(query.queryKey, { ...data, results: data.results.map((result) => (result.id === item.id ? item : result)) });
    } else if (listed || belongs) {
      void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  }
  // The match page also shows the Elo preview, which the item does not carry, and the maps, which a finished map changes.
  void client.invalidateQueries({ queryKey: getQueryKey(trpc.public.match, { id: item.id }) });
  void client.invalidateQueries({ queryKey: getQueryKey(trpc.public.matchMaps, { id: item.id }) });
  // Both teams' pages: a result moves their Elo, record, form and history, their meetings, and may end an event run.
  for (const team of [item.team1, item.team2]) {
    void client.invalidateQueries({ queryKey: getQueryKey(trpc.public.team, { id: team.id }) });
    void client.invalidateQueries({ queryKey: getQueryKey(trpc.public.teamEloHistory, { id: team.id }) });
    void client.invalidateQueries({ queryKey: getQueryKey(trpc.public.teamEvents, { id: team.id }) });
    void client.invalidateQueries({ queryKey: getQueryKey(trpc.public.teamMaps, { id: team.id }) });
  }
  // The teams' players' season lines (team pages); a finished map changes them.
  void client.invalidateQueries({
    queryKey: getQueryKey(trpc.public.playerLeaderboard),
    predicate: (query) => {
      const teamId = (query.queryKey[1] as { input?: { team_id?: string } } | undefined)?.input?.team_id;
      return teamId === item.team1.id || teamId === item.team2.id;
    },
  });
  // The team map leaderboard (/stats): a finished map changes its teams' rows.
  void client.invalidateQueries({ queryKey: getQueryKey(trpc.public.teamMapLeaderboard) });
  const pair = [item.team1.id, item.team2.id];
  void client.invalidateQueries({
    queryKey: getQueryKey(trpc.public.headToHead),
    predicate: (query) => {
      const input = (query.queryKey[1] as { input?: { team1?: string; team2?: string } } | undefined)?.input;
      return !!input?.team1 && !!input.team2 && pair.includes(input.team1) && pair.includes(input.team2);
    },
  });
  // An event page whose bracket holds the match: its score, status and what it moves on.
  void client.invalidateQueries({
    queryKey: getQueryKey(trpc.public.event),
    predicate: (query) => (query.state.data as EventDetail | undefined)?.stages.some((stage) => stage.rounds.some((round) => round.matches.some((slot) => slot.match_id === item.id))) ?? false,
  });
}

/** Too much was missed while away: every match list and page is fetched again. */
function resyncAll(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: getQueryKey(trpc.public.matches) });
  void client.invalidateQueries({ queryKey: getQueryKey(trpc.public.match) });
  void client.invalidateQueries({ queryKey: getQueryKey(trpc.public.matchMaps) });
  void client.invalidateQueries({ queryKey: getQueryKey(trpc.public.event) });
}

// One EventSource per page, shared by every component that asks for it, closed when the
// last one unmounts. EventSource reconnects by itself and resumes with Last-Event-ID.
// closeStream closes the page's stream; undefined while none is open.
let closeStream: (() => void) | undefined;
let users = 0;
// Taken as up from the start: a page's first render polls nothing, and the stream's opening
// does not re-render every live part of the page (a long task on a slow phone). An error,
// or no answer within STREAM_OPEN_TIMEOUT_MS, says otherwise.
let connected = true;
let activeClient: QueryClient | undefined;
const connectionListeners = new Set<() => void>();

function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const listener of connectionListeners) listener();
}

function openStream(): () => void {
  const stream = new EventSource(LIVE_STREAM_URL);
  const openTimeout = setTimeout(() => setConnected(false), STREAM_OPEN_TIMEOUT_MS);
  stream.onopen = () => {
    clearTimeout(openTimeout);
    setConnected(true);
  };
  // While it reconnects (or for good, if the server refuses), the callers poll again.
  stream.onerror = () => {
    clearTimeout(openTimeout);
    setConnected(false);
  };
  stream.addEventListener('match', (event) => {
    if (!activeClient) return;
    try {
      applyMatchChange(activeClient, JSON.parse((event as MessageEvent<string>).data) as MatchListItem);
    } catch {
      // A malformed event is skipped; the next change or poll corrects the page.
    }
  });
  stream.addEventListener('resync', () => activeClient && resyncAll(activeClient));
  return () => {
    clearTimeout(openTimeout);
    stream.close();
  };
}

function subscribeConnection(listener: () => void) {
  connectionListeners.add(listener);
  return () => connectionListeners.delete(listener);
}

/**
 * Keeps the cached match data current from the live stream while the calling component is
 * mounted. Answers whether the stream is up (or not yet known to be down): callers poll only
 * while it is not (`refetchInterval: live ? false : LIVE_REFRESH_MS`), so a failing stream
 * falls back to polling without saying anything.
 */
export function useLiveMatchStream(): boolean {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    activeClient = client;
    users += 1;
    if (!closeStream) {
      // A new stream is taken as up again, like the first.
      setConnected(true);
      closeStream = openStream();
    }
    return () => {
      users -= 1;
      if (users === 0) {
        closeStream?.();
        closeStream = undefined;
      }
    };
  }, [client]);
  // On the server and while hydrating, up, as the browser takes a new stream to be: a snapshot
  // that differed after hydration would re-render the whole page at once (docs/decisions/0097).
  return useSyncExternalStore(
    subscribeConnection,
    () => typeof EventSource !== 'undefined' && connected,
    () => true,
  );
}

/**
 * A query's `refetchInterval` for data the live stream keeps current: none while the stream
 * is connected, LIVE_REFRESH_MS while it is down.
 */
export function useLiveRefetchInterval(): number | false {
  return useLiveMatchStream() ? false : LIVE_REFRESH_MS;
}
