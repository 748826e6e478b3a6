export const MATCH_URL_LANG_PLACEHOLDER = '{lang}';

/**
 * Faceit match urls come with a language placeholder
 * (https://www.faceit.com/{lang}/cs2/room/1-abc); fill it in so the link opens.
 * Urls without the placeholder (Leaguespot) are returned unchanged.
 */
export function matchUrlForLanguage(url: string | null, lang = 'en'): string | null {
  if (url === null) return null;
  return url.replaceAll(MATCH_URL_LANG_PLACEHOLDER, lang);
}
