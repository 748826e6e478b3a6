import {
  HOME_EXCERPT_LENGTH,
  NEWS_PAGE_EXCERPT_LENGTH,
  articleBySlugQuery,
  homePostsQuery,
  newsArticleQueryKey,
  newsHomeQueryKey,
  newsPageQueryKey,
  newsPagePostsQuery,
  type NewsPostSummaryResult,
} from '@campus-elo/api-contract';
import { useQuery } from '@tanstack/react-query';
import { sanityClient } from '../../lib/sanity';
import { toPostSummary } from './posts';

// Shared with the server, which writes the home page's, the news page's and an article's
// answer into the first HTML response: the cache holds the query's checked answer as it
// came, and each list cuts its excerpts in `select`.
export const newsQueryKeys = {
  home: newsHomeQueryKey,
  page: newsPageQueryKey,
  article: newsArticleQueryKey,
};

/**
 * The news schemas, loaded with the first query this page runs itself: a page whose news
 * the server wrote in never loads zod's schema builders.
 */
const newsSchemas = () => import('@campus-elo/api-contract/news');

async function fetchPosts(query: string, signal: AbortSignal): Promise<NewsPostSummaryResult[]> {
  const [result, { newsPostListResult }] = await Promise.all([sanityClient.fetch<unknown>(query, {}, { signal }), newsSchemas()]);
  return newsPostListResult.parse(result);
}

/** Home widget: the latest posts with 150-character excerpts. */
export function useHomeNewsPosts() {
  return useQuery({
    queryKey: newsQueryKeys.home,
    queryFn: ({ signal }) => fetchPosts(homePostsQuery, signal),
    select: (posts) => posts.map((post) => toPostSummary(post, HOME_EXCERPT_LENGTH)),
  });
}

/** News page: the latest posts with 300-character excerpts. */
export function useNewsPagePosts() {
  return useQuery({
    queryKey: newsQueryKeys.page,
    queryFn: ({ signal }) => fetchPosts(newsPagePostsQuery, signal),
    select: (posts) => posts.map((post) => toPostSummary(post, NEWS_PAGE_EXCERPT_LENGTH)),
  });
}

/** One article; null when no post has this slug. */
export function useArticle(slug: string) {
  return useQuery({
    queryKey: newsQueryKeys.article(slug),
    queryFn: async ({ signal }) => {
      const [result, { newsArticleResult }] = await Promise.all([sanityClient.fetch<unknown>(articleBySlugQuery, { slug }, { signal }), newsSchemas()]);
      return newsArticleResult.parse(result);
    },
    enabled: slug !== '',
  });
}
