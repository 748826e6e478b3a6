/**
 * The rankings widgets' heights with their ten rows (as drawn: RankingRow.module.css rows
 * under the card's title), held while their code and data load so nothing below them moves.
 */
export const TEAM_RANKINGS_HEIGHT = 560;
export const PLAYER_RANKINGS_HEIGHT = 665;
/** The card's border, padding and title around its list. */
const WIDGET_FRAME_HEIGHT = 70;

/** What the list itself takes, for the loading state in its place. */
export const listHeight = (widgetHeight: number) => widgetHeight - WIDGET_FRAME_HEIGHT;
