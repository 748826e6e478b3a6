import { newsArticleQueryKey, newsArticleResult, newsPostListResult } from '@campus-elo/api-contract';
import { useQuery } from '@tanstack/react-query';
import { sanityClient } from '../../lib/sanity';
import { toPostSummary } from './posts';
import {
  HOME_EXCERPT_LENGTH,
  NEWS_PAGE_EXCERPT_LENGTH,
  articleBySlugQuery,
  homePostsQuery,
  newsPagePostsQuery,
} from '@campus-elo/api-contract';

export const newsQueryKeys = {
  home: ['news', 'home'] as const,
  page: ['news', 'page'] as const,
  // Shared with the server, which writes an article's data into its first HTML response.
  article: newsArticleQueryKey,
};

async function fetchPostSummaries(query: string, excerptLength: number, signal: AbortSignal) {
  const result = await sanityClient.fetch<unknown>(query, {}, { signal });
  return newsPostListResult.parse(result).map((post) => toPostSummary(post, excerptLength));
}

/** Home widget: the latest posts with 150-character excerpts. */
export function useHomeNewsPosts() {
  return useQuery({
    queryKey: newsQueryKeys.home,
    queryFn: ({ signal }) => fetchPostSummaries(homePostsQuery, HOME_EXCERPT_LENGTH, signal),
  });
}

/** News page: the latest posts with 300-character excerpts. */
export function useNewsPagePosts() {
  return useQuery({
    queryKey: newsQueryKeys.page,
    queryFn: ({ signal }) => fetchPostSummaries(newsPagePostsQuery, NEWS_PAGE_EXCERPT_LENGTH, signal),
  });
}

/** One article; null when no post has this slug. */
export function useArticle(slug: string) {
  return useQuery({
    queryKey: newsQueryKeys.article(slug),
    queryFn: async ({ signal }) => newsArticleResult.parse(await sanityClient.fetch<unknown>(articleBySlugQuery, { slug }, { signal })),
    enabled: slug !== '',
  });
}
