import { excerptFromBody } from '@campus-elo/domain';
import { Feed } from 'feed';
import type { NewsSource } from '../content/latest-posts';

export const NEWS_FEED_POSTS = 20;
const EXCERPT_LENGTH = 300;

/**
 * The news as RSS 2.0, written by the `feed` library (escaping, CDATA, RFC 822 dates and the
 * channel's required elements are its job, done and tested there rather than by hand here).
 * Each item's guid is the article's address.
 */
export async function newsFeed(source: NewsSource, options: { siteName: string; siteOrigin: string }): Promise<string> {
  const posts = await source.latestPosts(NEWS_FEED_POSTS);
  const dated = posts.map((post) => ({ post, date: post.publishedAt ? new Date(post.publishedAt) : null }));
  const newest = dated.map((d) => d.date).find((date) => date !== null && !Number.isNaN(date.getTime()));
  const feed = new Feed({
    title: `${options.siteName} news`,
    description: `News from ${options.siteName}`,
    id: `${options.siteOrigin}/news`,
    link: `${options.siteOrigin}/news`,
    language: 'en',
    updated: newest ?? undefined,
    generator: options.siteName,
    feedLinks: { rss: `${options.siteOrigin}/feeds/news.xml` },
  });
  for (const { post, date } of dated) {
    const link = `${options.siteOrigin}/news/${encodeURIComponent(post.slug)}`;
    feed.addItem({
      title: post.title,
      id: link,
      link,
      // A post without a (valid) publication date takes the feed's newest date, rather than today's.
      date: date && !Number.isNaN(date.getTime()) ? date : (newest ?? new Date(0)),
      description: excerptFromBody(post.bodyText, EXCERPT_LENGTH),
      // No <author>: RSS 2.0 wants an email address there, and posts name their author only.
    });
  }
  return feed.rss2();
}
