// Formats for the team, player and match pages.

const dateTimeWithZone = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });
const zoneName = new Intl.DateTimeFormat('en-US', { timeZoneName: 'long' });

/** 'Saturday, October 4, 2025 at 8:00 PM' and the visitor's time zone ('Central European Summer Time'). */
export function dateTimeInVisitorZone(iso: string): { dateTime: string; zone: string } {
  const date = new Date(iso);
  const zonePart = zoneName.formatToParts(date).find((part) => part.type === 'timeZoneName');
  return { dateTime: dateTimeWithZone.format(date), zone: zonePart?.value ?? Intl.DateTimeFormat().resolvedOptions().timeZone };
}

/** A chance of winning (0..1) as a whole percentage: '62%'. */
export function formatChance(expected: number): string {
  return `${Math.round(expected * 100)}%`;
}
