import { HOME_EXCERPT_LENGTH, NEWS_PAGE_EXCERPT_LENGTH, newsArticleQueryKey, newsHomeQueryKey, newsPageQueryKey } from '@campus-elo/api-contract';
import { useQuery } from '@tanstack/react-query';
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
 * What asks the news service (the query client, the GROQ queries and their schemas), loaded
 * with the first query a page runs itself: the home and news pages get their posts written
 * into the HTML, so their first load carries none of it.
 */
const newsReader = () => import('./news-reader');

/** Home widget: the latest posts with 150-character excerpts. */
export function useHomeNewsPosts() {
  return useQuery({
    queryKey: newsQueryKeys.home,
    queryFn: async ({ signal }) => (await newsReader()).fetchHomePosts(signal),
    select: (posts) => posts.map((post) => toPostSummary(post, HOME_EXCERPT_LENGTH)),
  });
}

/** News page: the latest posts with 300-character excerpts. */
export function useNewsPagePosts() {
  return useQuery({
    queryKey: newsQueryKeys.page,
    queryFn: async ({ signal }) => (await newsReader()).fetchNewsPagePosts(signal),
    select: (posts) => posts.map((post) => toPostSummary(post, NEWS_PAGE_EXCERPT_LENGTH)),
  });
}

/** One article; null when no post has this slug. */
export function useArticle(slug: string) {
  return useQuery({
    queryKey: newsQueryKeys.article(slug),
    queryFn: async ({ signal }) => (await newsReader()).fetchArticle(slug, signal),
    enabled: slug !== '',
  });
}
