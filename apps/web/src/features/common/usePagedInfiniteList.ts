import type { Paged } from '@campus-elo/api-contract';
import { useInfiniteQuery } from '@tanstack/react-query';

interface PagedInfiniteListOptions<Item> {
  /** Changing the key (a filter, the season, the week) starts again at page 1. */
  queryKey: readonly unknown[];
  pageSize: number;
  fetchPage: (page: number) => Promise<Paged<Item>>;
  enabled?: boolean;
}

/**
 * An infinite list over the API's page-numbered lists. A page holding fewer items than the
 * page size is the last one.
 */
export function usePagedInfiniteList<Item>({ queryKey, pageSize, fetchPage, enabled = true }: PagedInfiniteListOptions<Item>) {
  const query = useInfiniteQuery({
    queryKey,
    enabled,
    // A list left behind is dropped, so coming back to a season or week starts again at page 1.
    gcTime: 0,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    getNextPageParam: (lastPage, _pages, lastPageParam) => (lastPage.results.length < pageSize ? undefined : lastPageParam + 1),
  });
  const items = query.data?.pages.flatMap((page) => page.results) ?? [];
  return { ...query, items };
}
