import {
  articleBySlugQuery,
  LOCAL_CONTENT_PROJECT_ID,
  newsArticleResult,
  newsPostListResult,
  type NewsArticleResult,
  type NewsPostSummaryResult,
} from '@campus-elo/api-contract';
import { z } from 'zod';
import type { Config } from '../../config';
import { upstreamFailed } from '../../lib/errors';
import { openContentDataset, resolveContentDatasetPath } from './dataset';
import { documentsForPerspective, runGroq } from './groq';

/** The latest posts, newest first: what the news pages list (the excerpt is cut from bodyText). */
export function latestPostsQuery(count: number): string {
  return `*[_type == "post" && defined(slug.current)] | order(publishedAt desc) [0...${count}] {
    _id, title, "slug": slug.current, publishedAt, author, authorLink,
    "bodyText": body[_type == "block" && style == "normal" && !defined(listItem)]{_type, "children": children[_type == "span"]{_type, text}}
  }`;
}

/** Every post's address and dates, newest first, at most `count` (the sitemap). */
export function postLinksQuery(count: number): string {
  return `*[_type == "post" && defined(slug.current)] | order(publishedAt desc) [0...${count}] { "slug": slug.current, publishedAt, _updatedAt }`;
}

const postLinks = z.array(z.object({ slug: z.string(), publishedAt: z.string().nullable().optional(), _updatedAt: z.string().nullable().optional() }));
export type PostLink = z.infer<typeof postLinks>[number];

export interface NewsSource {
  latestPosts(count: number): Promise<NewsPostSummaryResult[]>;
  /** The answer of one of the web app's list queries (homePostsQuery, newsPagePostsQuery), checked. */
  postList(query: string): Promise<NewsPostSummaryResult[]>;
  /** One article as the web app's article query answers it; null when no post has this slug. */
  article(slug: string): Promise<NewsArticleResult | null>;
  postLinks(count: number): Promise<PostLink[]>;
}

/**
 * Where the server reads news posts: the Sanity project when SANITY_PROJECT_ID is set (its
 * query API over HTTP), else the local content dataset, with the same GROQ either way.
 * `sanityApiHost` replaces the project's API host (tests point it at a local fake).
 */
export function newsSource(config: Config, options: { sanityApiHost?: string; warn?: (message: string) => void } = {}): NewsSource {
  const run = groqRunner(config, options);
  return {
    latestPosts: async (count) => parseAnswer(newsPostListResult, await run(latestPostsQuery(count), {})),
    postList: async (query) => parseAnswer(newsPostListResult, await run(query, {})),
    article: async (slug) => parseAnswer(newsArticleResult, await run(articleBySlugQuery, { slug })),
    postLinks: async (count) => parseAnswer(postLinks, await run(postLinksQuery(count), {})),
  };
}

type GroqRunner = (query: string, params: Record<string, unknown>) => Promise<unknown>;

function groqRunner(config: Config, options: { sanityApiHost?: string; warn?: (message: string) => void }): GroqRunner {
  const { projectId, dataset, apiVersion } = config.sanity;
  if (projectId) {
    const host = options.sanityApiHost ?? `https://${projectId}.apicdn.sanity.io`;
    return async (query, params) => {
      const search = new URLSearchParams({ query });
      for (const [name, value] of Object.entries(params)) search.append(`$${name}`, JSON.stringify(value));
      const url = `${host}/v${apiVersion}/data/query/${encodeURIComponent(dataset)}?${search}`;
      let response: Response;
      try {
        response = await fetch(url, { signal: AbortSignal.timeout(config.platformTimeoutMs) });
      } catch (error) {
        throw upstreamFailed('Sanity could not be reached', error);
      }
      if (!response.ok) throw upstreamFailed(`Sanity answered ${response.status}`);
      const body = (await response.json().catch(() => null)) as { result?: unknown } | null;
      return body?.result;
    };
  }
  const local = openContentDataset(resolveContentDatasetPath(config.contentDataset), options.warn ?? (() => {}));
  return async (query, params) =>
    runGroq(documentsForPerspective(await local.documents(), undefined), query, params, { projectId: LOCAL_CONTENT_PROJECT_ID, dataset });
}

function parseAnswer<T>(schema: z.ZodType<T>, result: unknown): T {
  const parsed = schema.safeParse(result);
  if (!parsed.success) throw upstreamFailed('Sanity answered posts of an unexpected shape');
  return parsed.data;
}
