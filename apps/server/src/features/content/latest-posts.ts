import { LOCAL_CONTENT_PROJECT_ID, newsPostListResult, type NewsPostSummaryResult } from '@campus-elo/api-contract';
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

export interface NewsSource {
  latestPosts(count: number): Promise<NewsPostSummaryResult[]>;
}

/**
 * Where the server reads news posts: the Sanity project when SANITY_PROJECT_ID is set (its
 * query API over HTTP), else the local content dataset, with the same GROQ either way.
 * `sanityApiHost` replaces the project's API host (tests point it at a local fake).
 */
export function newsSource(config: Config, options: { sanityApiHost?: string; warn?: (message: string) => void } = {}): NewsSource {
  const { projectId, dataset, apiVersion } = config.sanity;
  if (projectId) {
    const host = options.sanityApiHost ?? `https://${projectId}.apicdn.sanity.io`;
    return {
      async latestPosts(count) {
        const url = `${host}/v${apiVersion}/data/query/${encodeURIComponent(dataset)}?query=${encodeURIComponent(latestPostsQuery(count))}`;
        let response: Response;
        try {
          response = await fetch(url, { signal: AbortSignal.timeout(config.platformTimeoutMs) });
        } catch (error) {
          throw upstreamFailed('Sanity could not be reached', error);
        }
        if (!response.ok) throw upstreamFailed(`Sanity answered ${response.status}`);
        const body = (await response.json().catch(() => null)) as { result?: unknown } | null;
        return parsePosts(body?.result);
      },
    };
  }
  const local = openContentDataset(resolveContentDatasetPath(config.contentDataset), options.warn ?? (() => {}));
  return {
    async latestPosts(count) {
      const documents = documentsForPerspective(await local.documents(), undefined);
      return parsePosts(await runGroq(documents, latestPostsQuery(count), {}, { projectId: LOCAL_CONTENT_PROJECT_ID, dataset }));
    },
  };
}

function parsePosts(result: unknown): NewsPostSummaryResult[] {
  const parsed = newsPostListResult.safeParse(result);
  if (!parsed.success) throw upstreamFailed('Sanity answered posts of an unexpected shape');
  return parsed.data;
}
