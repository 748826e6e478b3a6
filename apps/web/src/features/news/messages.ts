/** The news texts of docs/product.md (news, texts). */
export const NEWS_LOAD_ERROR = 'Failed to load news posts';
export const NEWS_EMPTY = 'No news posts available';
export const ARTICLE_NOT_FOUND = 'Article not found';
export const ARTICLE_LOAD_ERROR = 'Failed to load article';
export const BROWSE_ALL_NEWS = 'Browse all news articles';
export const BACK_TO_NEWS = 'Back to News';
/** Alt text of a body picture whose editor left it empty. */
export const DEFAULT_IMAGE_ALT = 'Article Image';
