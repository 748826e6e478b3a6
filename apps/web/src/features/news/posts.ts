import type { NewsArticleResult, NewsPostSummaryResult } from '@campus-elo/api-contract';
import { excerptFromBody, plainTextFromBody } from '@campus-elo/domain';
import { siteSettings } from '../../lib/site-settings';

export interface ImageDimensions {
  width: number;
  height: number;
}

/** A post as the news lists show it. */
export interface NewsPostSummary {
  id: string;
  title: string;
  slug: string;
  /** The first characters of the body text, with '…' when the body goes on. */
  excerpt: string;
  publishedAt: string | null;
  imageUrl: string | null;
  imageDimensions: ImageDimensions | null;
  author: string | null;
  authorLink: string | null;
}

export type NewsArticle = NewsArticleResult;

export function toPostSummary(post: NewsPostSummaryResult, excerptLength: number): NewsPostSummary {
  const excerpt = excerptFromBody(post.bodyText, excerptLength);
  const truncated = Array.from(plainTextFromBody(post.bodyText)).length > Array.from(excerpt).length;
  return {
    id: post._id,
    title: post.title,
    slug: post.slug,
    excerpt: truncated ? `${excerpt.trimEnd()}…` : excerpt,
    publishedAt: post.publishedAt,
    imageUrl: post.imageUrl,
    imageDimensions: post.imageDimensions,
    author: post.author,
    authorLink: post.authorLink,
  };
}

/** The byline: the post's author, else the site's staff. */
export function authorLabel(author: string | null | undefined): string {
  const name = author?.trim();
  return name ? name : `${siteSettings.siteName} Staff`;
}
