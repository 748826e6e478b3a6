import { formatIn } from '../common/format';

const units: Array<{ unit: Intl.RelativeTimeFormatUnit; seconds: number }> = [
  { unit: 'year', seconds: 365 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600 },
  { unit: 'day', seconds: 24 * 3600 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

/** Made when first used (formatIn in common/format.ts says why). */
let relativeFormat: Intl.RelativeTimeFormat | undefined;

/** '3 days ago', 'last week', 'in 2 hours' as of `now` (ms, useNow): the largest whole unit, 'just now' under a minute. */
export function formatRelativeTime(iso: string, now: number): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return '';
  const seconds = (then.getTime() - now) / 1000;
  for (const { unit, seconds: size } of units) {
    if (Math.abs(seconds) >= size) return (relativeFormat ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' })).format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** 'November 18, 2026 at 5:30 PM' in that zone, for the tooltip beside a relative time. */
export function formatFullDate(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatIn(timeZone, { dateStyle: 'long', timeStyle: 'short' }).format(date);
}
