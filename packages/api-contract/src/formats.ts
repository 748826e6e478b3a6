// Text formats checked in more than one place, without zod, so the web app can use them
// without pulling the schemas in.

/** A UUID as RFC 9562 writes it (versions 1-8, or the nil and max UUIDs). */
export const UUID_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export function isUuid(text: string): boolean {
  return UUID_PATTERN.test(text);
}

/** 'YYYY-MM-DD' (whether the day exists is checked where dates are parsed). */
export function isDateOnly(text: string): boolean {
  return DATE_ONLY.test(text);
}

/** The project id of the server's own Sanity-compatible /content endpoint. */
export const LOCAL_CONTENT_PROJECT_ID = 'local';
