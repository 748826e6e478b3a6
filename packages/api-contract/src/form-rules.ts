import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, isPlainText } from './text-rules';

/** The Elo a staff member may set by hand or use as a default (the forms' and the API's one range). */
export const MIN_ELO = 0;
export const MAX_ELO = 5000;
const ELO_RANGE = `Elo must be between ${MIN_ELO} and ${MAX_ELO}`;

export const eloValue = z
  .number({ error: 'Elo must be a whole number' })
  .int({ error: 'Elo must be a whole number' })
  .min(MIN_ELO, { error: ELO_RANGE })
  .max(MAX_ELO, { error: ELO_RANGE });

const SKILL_LEVEL_RANGE = 'Skill level must be between 1 and 10';
/** A player's Faceit skill level, 1 to 10. */
export const skillLevelValue = z
  .number({ error: 'Skill level must be a whole number from 1 to 10' })
  .int({ error: 'Skill level must be a whole number from 1 to 10' })
  .min(1, { error: SKILL_LEVEL_RANGE })
  .max(10, { error: SKILL_LEVEL_RANGE });

/** 'At most 200 characters': the words forms show for a text that is too long. */
export const atMostCharacters = (max: number) => ({ error: `At most ${max} characters` });

/** A required name: trimmed, not empty, at most `max` characters; missing or empty says `requiredMessage`. */
export const requiredName = (max: number, requiredMessage: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? requiredMessage : undefined) })
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, atMostCharacters(max))
    .refine((text) => isPlainText(text), { error: CONTROL_CHARACTERS_MESSAGE });

/** A one-line text (a name, an id, a note): trimmed, at most `max` characters, no control characters. */
export const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, atMostCharacters(max))
    .refine((text) => isPlainText(text), { error: CONTROL_CHARACTERS_MESSAGE });

/** A text of several lines (an event's description): tab and line breaks allowed, other controls not. */
export const multilineText = (max: number) =>
  z
    .string()
    .max(max, atMostCharacters(max))
    .refine((text) => isPlainText(text, { multiline: true }), { error: CONTROL_CHARACTERS_MESSAGE });

/**
 * A Steam ID as SteamID64: 17 digits starting 7656119 (the individual-account range), the
 * form Faceit looks players up by. One rule for the player form and the server.
 */
export const STEAM_ID_64 = /^7656119\d{10}$/;
export const steamIdValue = z
  .string()
  .trim()
  .regex(STEAM_ID_64, { error: 'A Steam ID is 17 digits starting 7656119 (SteamID64)' });
