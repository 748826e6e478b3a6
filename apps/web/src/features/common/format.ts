// Times are instants, shown in a time zone with the zone named ('Nov 27, 2026, 10:50 PM EST'):
// the league's in the server's render and while hydrating, then the visitor's
// (useDisplayTimeZone in lib/render-context.tsx, docs/decisions/0096). Dates are calendar days (a
// season's start, a ranking week), the same day everywhere, so they are read and shown in
// UTC, never moved a day back west of it (docs/departures.md).
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * An en-US format of these options in this zone, made once (building one costs far more than
 * using it), and only when first used: the first one loads the browser's locale data, which
 * must not lengthen the app's start (docs/decisions/0097).
 */
export function formatIn(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** The browser's own zone, for staff pages, which only the browser renders. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** 'Eastern Time': a zone's name, the same all year (for the league's zone, where days are counted in it). */
export function timeZoneName(timeZone: string): string {
  return formatIn(timeZone, { timeZoneName: 'longGeneric' }).formatToParts(0).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** '+54', '-96', '0': Elo changes are always shown with their sign. */
export function formatSignedNumber(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** 'Nov 27, 2026, 10:50 PM EST': the time in that zone, the zone named. */
export function formatDateTime(iso: string | null, timeZone: string): string {
  if (!iso) return 'Date to be announced';
  const date = new Date(iso);
  const zone = formatIn(timeZone, { timeZoneName: 'short' }).formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  const dateTime = formatIn(timeZone, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  return zone ? `${dateTime} ${zone}` : dateTime;
}

/** The day an instant falls on in that zone (a match's day). */
export function formatDate(iso: string | null, timeZone: string): string {
  return iso ? formatIn(timeZone, { dateStyle: 'medium' }).format(new Date(iso)) : 'Date unknown';
}

/** A calendar date ('2026-11-23', or a day stored as its UTC midnight): the same day in every zone. */
export function formatCalendarDate(isoDate: string): string {
  return formatIn('UTC', { dateStyle: 'medium' }).format(new Date(/^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? `${isoDate}T00:00:00Z` : isoDate));
}
