import { z } from 'zod';
import { isDateOnly, UUID_PATTERN } from './formats';

/**
 * Field schemas that accept both typed tRPC input and raw REST query-string text, so one
 * schema validates both doors: '3' -> 3, 'true' -> true, 'a,b' -> ['a', 'b'].
 */
export const uuidParam = z.string({ error: 'Invalid format' }).regex(UUID_PATTERN, { error: 'Invalid format' });

export const pageParam = z.coerce.number().int().min(1).default(1);

export const MAX_PAGE_SIZE = 100;
/** page_size above the cap is clamped, not refused. */
export const pageSizeParam = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .default(fallback)
    .transform((n) => Math.min(n, MAX_PAGE_SIZE));

export const orderParam = z.enum(['asc', 'desc']);

export const booleanParam = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean(),
);

export const commaListParam = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : value),
    z.array(item).min(1),
  );

/** A filter text: trimmed; an empty text means no filter. */
export const textFilterParam = z
  .string()
  .max(200)
  // PostgreSQL text cannot hold a NUL character: refuse it here rather than fail in the query.
  .refine((s) => !s.includes('\u0000'), { error: 'Must not contain a NUL character' })
  .transform((s) => s.trim())
  .transform((s) => (s === '' ? undefined : s));

/** A day that exists ('2026-02-30' does not, though Date.parse rolls it over to March). */
function isCalendarDay(text: string): boolean {
  const [year = 0, month = 0, day = 0] = text.split('-').map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Parses to an instant from year 1 on: PostgreSQL has no year 0, which JS dates allow. */
function isStorableInstant(text: string): boolean {
  const ms = Date.parse(text);
  return !Number.isNaN(ms) && new Date(ms).getUTCFullYear() >= 1;
}

/** A date (YYYY-MM-DD, the whole day in UTC) or an ISO date-time. */
export const dateOrDateTimeParam = z
  .string()
  .refine(
    (s) =>
      isDateOnly(s)
        ? isCalendarDay(s) && isStorableInstant(`${s}T00:00:00Z`)
        : /^\d{4}-\d{2}-\d{2}T/.test(s) && isCalendarDay(s.slice(0, 10)) && isStorableInstant(s),
    { error: 'Expected a date (YYYY-MM-DD) or an ISO date-time' },
  );
