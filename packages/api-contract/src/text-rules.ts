import { z } from 'zod';

// What a name, a text or a link may hold, for every form, every import and every backup
// (docs/decisions/0079-plain-text-and-web-urls.md). Staff input that breaks a rule is
// refused; platform data is cleaned instead, since one bad name should not sink an import.

/**
 * Characters no name or text needs: C0 and C1 controls (CR, LF, tab and DEL included),
 * line and paragraph separators, Unicode noncharacters (U+FFFE, U+FFFF, U+FDD0..U+FDEF, …)
 * and lone surrogates. They break line-based outputs (iCalendar, Discord) and XML (the
 * link preview pictures).
 */
const CONTROL_CHARACTER = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\p{Noncharacter_Code_Point}]/u;
const CONTROL_CHARACTERS = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\p{Noncharacter_Code_Point}]+/gu;
/** The controls that a multi-line text (an event's description) keeps: tab and line breaks. */
const TEXT_LAYOUT = /[\t\n\r]/g;
/** Controls that separate words: they become a space when text is cleaned, the rest go. */
const SEPARATING_CONTROLS = /[\t\n\v\f\r\u0085\p{Zl}\p{Zp}]+/gu;

export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters such as line breaks';

/** True when `text` holds none of the characters above (`multiline` allows tab, CR and LF). */
export function isPlainText(text: string, options: { multiline?: boolean } = {}): boolean {
  return !CONTROL_CHARACTER.test(options.multiline ? text.replace(TEXT_LAYOUT, '') : text);
}

/**
 * `text` with the characters above taken out: a line break or tab becomes a space, anything
 * else is dropped. For platform data and for every output that carries a name.
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(SEPARATING_CONTROLS, ' ').replace(CONTROL_CHARACTERS, '');
}

const WEB_URL = /^https?:\/\/[^\s/?#]+\S*$/i;
const SITE_PATH = /^\/(?![/\\])\S*$/;

/** An absolute http(s) URL with a host that a browser parses; nothing else is a link. */
export function isWebUrl(text: string): boolean {
  if (!WEB_URL.test(text) || !isPlainText(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/** A path on this site ('/media/teams/…'): never '//host', which a browser reads as another site. */
export function isSitePath(text: string): boolean {
  return SITE_PATH.test(text) && isPlainText(text);
}

export const WEB_URL_MESSAGE = 'Expected an http(s) URL';

/** A link staff type: trimmed, at most `max` characters, an http(s) URL. */
export const webUrl = (max: number) => z.string().trim().max(max).refine(isWebUrl, { error: WEB_URL_MESSAGE });

/** A picture staff or an import may set: a path on this site or an http(s) URL. */
export const isPictureUrl = (text: string) => isSitePath(text) || isWebUrl(text);

/** A scheme ('javascript:', 'data:') or a second slash (another host), after what browsers skip. */
const SCHEME_OR_HOST = /^[\s\p{Cc}]*([a-z][a-z0-9+.-]*:|[/\\]{2})/iu;

/**
 * A picture a backup may bring back: a picture URL, or a text without a scheme or host, which a
 * browser reads as a path on this site. Data from the first product holds such texts ('undefined').
 */
export const isStoredPicture = (text: string) => isPictureUrl(text) || (isPlainText(text) && !/\s/.test(text) && !SCHEME_OR_HOST.test(text));

/**
 * Text from a platform (Faceit, Leaguespot), which may be null or missing: always a string
 * once parsed, with control characters taken out.
 */
export const platformText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => withoutControlCharacters(value ?? ''));

/** A link from a platform: kept when it is an http(s) URL, else dropped to null. */
export const platformUrl = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => (value && isWebUrl(value.trim()) ? value.trim() : null));
