/** The live and past tabs' failure texts (docs/product.md, texts), said too when a tab's code cannot be loaded. */
export const LIVE_MATCHES_ERROR = 'There was an error loading live matches. Please try again later.';
export const MATCH_HISTORY_ERROR = 'There was an error loading the match history. Please try again later.';
