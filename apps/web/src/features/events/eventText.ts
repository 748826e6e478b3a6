import type { EventFormat, EventStatus } from '@campus-elo/api-contract';
import { formatCalendarDate } from '../common/format';

const FORMAT_NAMES: Record<EventFormat, string> = {
  single_elimination: 'Single elimination',
  double_elimination: 'Double elimination',
  round_robin: 'Round robin',
  swiss: 'Swiss',
};

/** 'Double elimination, grand-final reset', 'Swiss, 5 rounds'. */
export function formatName(format: EventFormat, options: { grandFinalReset?: boolean; swissRounds?: number | null } = {}): string {
  const name = FORMAT_NAMES[format];
  if (format === 'double_elimination' && options.grandFinalReset) return `${name}, grand-final reset`;
  if (format === 'swiss' && options.swissRounds) return `${name}, ${options.swissRounds} rounds`;
  return name;
}

export const STATUS_NAMES: Record<EventStatus, string> = { upcoming: 'Upcoming', ongoing: 'Ongoing', past: 'Past' };

/** 'Mar 3, 2026' or 'Mar 3, 2026 – Mar 5, 2026' from the event's YYYY-MM-DD dates. */
export function dateRange(start: string, end: string): string {
  const from = formatCalendarDate(start);
  return start === end ? from : `${from} – ${formatCalendarDate(end)}`;
}
