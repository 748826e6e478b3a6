const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** '+54', '-96', '0': Elo changes are always shown with their sign. */
export function formatSignedNumber(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

export function formatDateTime(iso: string | null): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : 'Date to be announced';
}

export function formatDate(iso: string | null): string {
  return iso ? dateFormat.format(new Date(iso)) : 'Date unknown';
}
