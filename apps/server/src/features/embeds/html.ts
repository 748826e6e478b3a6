/**
 * Escaped HTML templates for the embeds and overlays (docs/decisions/0100-embeds-and-overlays.md):
 * every interpolated value is escaped unless it is itself a template's result.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

function rendered(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(rendered).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** A template whose values are escaped; arrays are joined, null, undefined and false leave nothing. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += rendered(value) + strings[index + 1]!;
  });
  return new SafeHtml(out);
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** A match's time as text (UTC: the page is the same for every viewer, so it can be shared). */
export const matchTime = (iso: string | null): string => (iso ? `${DATE_TIME.format(new Date(iso))} UTC` : 'Date to be set');
