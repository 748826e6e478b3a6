/**
 * The player-rankings widget's failure text, which docs/product.md (texts) has the match
 * widgets keep too, as the earlier site did.
 */
export const PLAYER_RANKINGS_ERROR = 'There was an error loading the player rankings. Please try again later.';

export const TEAM_RANKINGS_ERROR = 'There was an error loading the team rankings. Please try again later.';
