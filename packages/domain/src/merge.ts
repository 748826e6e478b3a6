/** Typing this phrase confirms a team merge, which cannot be undone. */
export const MERGE_CONFIRMATION_PHRASE = 'merge teams';

/** Case and surrounding spaces do not matter; the words themselves must match exactly. */
export function isMergeConfirmation(text: string): boolean {
  return text.trim().toLowerCase() === MERGE_CONFIRMATION_PHRASE;
}
