import { z } from 'zod';

/*
 * What the news GROQ queries (news-queries.ts) answer, from a real
 * Sanity project or the server's local /content endpoint. Content is edited by people, so
 * optional fields are nullable and a field of the wrong type reads as missing instead of
 * failing the whole list.
 */

const optionalText = z.string().nullable().catch(null);

export const contentImageDimensions = z
  .object({ width: z.number().positive(), height: z.number().positive() })
  .nullable()
  .catch(null);

const portableTextSpan = z.looseObject({ _type: z.string(), _key: z.string().optional(), text: z.string().optional(), marks: z.array(z.string()).optional() });

/** A Portable Text block or embedded object; fields beyond these pass through untouched. */
export const portableTextBlock = z.looseObject({
  _type: z.string(),
  _key: z.string().optional(),
  children: z.array(portableTextSpan).optional(),
});

const bodyBlocks = z.array(portableTextBlock).nullable().catch(null);

export const newsPostSummaryResult = z.object({
  _id: z.string(),
  title: z.string().catch(''),
  slug: z.string(),
  publishedAt: optionalText,
  imageUrl: optionalText,
  imageDimensions: contentImageDimensions,
  author: optionalText,
  authorLink: optionalText,
  /** Only the body's paragraphs with their spans' text: what the excerpt is made from. */
  bodyText: bodyBlocks,
});
export type NewsPostSummaryResult = z.infer<typeof newsPostSummaryResult>;

export const newsPostListResult = z.array(newsPostSummaryResult);

export const newsArticleResult = newsPostSummaryResult
  .omit({ bodyText: true })
  .extend({ body: bodyBlocks })
  .nullable();
export type NewsArticleResult = NonNullable<z.infer<typeof newsArticleResult>>;
