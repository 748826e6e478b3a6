/**
 * The GROQ queries behind the news pages, run by @sanity/client against a real Sanity
 * project or the server's local /content endpoint (the same text in both modes). Their
 * answers are described by the news schemas (news.ts). The server runs the article query too,
 * to write an article's head and data into its first HTML response.
 */

export const HOME_POST_COUNT = 8;
export const HOME_EXCERPT_LENGTH = 150;
export const NEWS_PAGE_POST_COUNT = 10;
export const NEWS_PAGE_EXCERPT_LENGTH = 300;

const imageFields = (image: string) => `"imageUrl": ${image}.asset->url, "imageDimensions": ${image}.asset->metadata.dimensions{width, height}`;

// The excerpt is cut on the client (excerptFromBody), so lists fetch only the text of the body's
// paragraphs: headings and list items run together in an excerpt and read badly.
const summaryFields = `_id, title, "slug": slug.current, publishedAt, ${imageFields('image')}, author, authorLink,
  "bodyText": body[_type == "block" && style == "normal" && !defined(listItem)]{_type, "children": children[_type == "span"]{_type, text}}`;

const latestPosts = (count: number) =>
  `*[_type == "post" && defined(slug.current)] | order(publishedAt desc) [0...${count}] {${summaryFields}}`;

/** Home news widget: the latest posts, newest first. */
export const homePostsQuery = latestPosts(HOME_POST_COUNT);

/** News page: the latest posts, newest first. */
export const newsPagePostsQuery = latestPosts(NEWS_PAGE_POST_COUNT);

/** One article by its slug ($slug), with the body's images resolved to URLs; null when none. */
export const articleBySlugQuery = `*[_type == "post" && slug.current == $slug][0] {
  _id, title, "slug": slug.current, publishedAt, ${imageFields('image')}, author, authorLink,
  body[]{..., _type == "image" => {"url": asset->url, "dimensions": asset->metadata.dimensions{width, height}}}
}`;
