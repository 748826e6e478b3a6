// Formats for the team, player and match pages.
import { formatIn } from './format';

/** 'Saturday, October 4, 2025 at 8:00 PM' in that zone, and the zone's name ('Central European Summer Time'). */
export function dateTimeInZone(iso: string, timeZone: string): { dateTime: string; zone: string } {
  const date = new Date(iso);
  const zonePart = formatIn(timeZone, { timeZoneName: 'long' }).formatToParts(date).find((part) => part.type === 'timeZoneName');
  return { dateTime: formatIn(timeZone, { dateStyle: 'full', timeStyle: 'short' }).format(date), zone: zonePart?.value ?? timeZone };
}

/** A chance of winning (0..1) as a whole percentage: '62%'. */
export function formatChance(expected: number): string {
  return `${Math.round(expected * 100)}%`;
}
