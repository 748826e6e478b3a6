// Times are instants, shown on the visitor's clock with its zone named ('Nov 27, 2026, 10:50 PM
// EST'); dates are calendar days (a season's start, a ranking week), the same day everywhere,
// so they are read and shown in UTC, never moved a day back west of it (docs/departures.md).
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const zoneFormat = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' });
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const calendarDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** '+54', '-96', '0': Elo changes are always shown with their sign. */
export function formatSignedNumber(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** The visitor's time zone (IANA name), for windows such as "today". */
export function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** 'Nov 27, 2026, 10:50 PM EST': the visitor's time, its zone named. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return 'Date to be announced';
  const date = new Date(iso);
  const zone = zoneFormat.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  return zone ? `${dateTimeFormat.format(date)} ${zone}` : dateTimeFormat.format(date);
}

/** The day an instant falls on for the visitor (a match's day). */
export function formatDate(iso: string | null): string {
  return iso ? dateFormat.format(new Date(iso)) : 'Date unknown';
}

/** A calendar date ('2026-11-23', or a day stored as its UTC midnight): the same day in every zone. */
export function formatCalendarDate(isoDate: string): string {
  return calendarDateFormat.format(new Date(/^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? `${isoDate}T00:00:00Z` : isoDate));
}
