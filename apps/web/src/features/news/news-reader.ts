import { articleBySlugQuery, homePostsQuery, newsPagePostsQuery, type NewsPostSummaryResult } from '@campus-elo/api-contract';
import { sanityClient } from '../../lib/sanity';

/**
 * The news schemas, loaded alongside the query they check: zod's schema builders come only
 * with a page that fetches news itself.
 */
const newsSchemas = () => import('@campus-elo/api-contract/news');

async function fetchPosts(query: string, signal: AbortSignal): Promise<NewsPostSummaryResult[]> {
  const [result, { newsPostListResult }] = await Promise.all([sanityClient.fetch<unknown>(query, {}, { signal }), newsSchemas()]);
  return newsPostListResult.parse(result);
}

export const fetchHomePosts = (signal: AbortSignal) => fetchPosts(homePostsQuery, signal);

export const fetchNewsPagePosts = (signal: AbortSignal) => fetchPosts(newsPagePostsQuery, signal);

export async function fetchArticle(slug: string, signal: AbortSignal) {
  const [result, { newsArticleResult }] = await Promise.all([sanityClient.fetch<unknown>(articleBySlugQuery, { slug }, { signal }), newsSchemas()]);
  return newsArticleResult.parse(result);
}
