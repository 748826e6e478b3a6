import type { ViewerMatchesInput } from '@campus-elo/api-contract';
import { MATCH_STATUSES, type MatchStatusValue } from './match-form-values';

/** The date windows the match list offers, on the admin's own calendar. */
export const MATCH_PERIODS = [
  { value: 'recent', label: 'Last 2 weeks and today' },
  { value: 'upcoming', label: 'Today and later' },
  { value: 'past', label: 'Before today' },
  { value: 'any', label: 'Any date' },
] as const;
export type MatchPeriod = (typeof MATCH_PERIODS)[number]['value'];

export const ANY_STATUS = 'any';
export const STATUS_CHOICES = [{ value: ANY_STATUS, label: 'Any status' }, ...MATCH_STATUSES];

/** What the list shows; kept by the tab while a match is edited, so Save returns to the same page. */
export interface MatchListState {
  search: string;
  page: number;
  status: MatchStatusValue | typeof ANY_STATUS;
  period: MatchPeriod;
}

/**
 * Results are entered just after matches are played, so the list opens on the last two weeks
 * up to the end of today (newest first) rather than on the furthest scheduled match.
 */
export const INITIAL_MATCH_LIST: MatchListState = { search: '', page: 1, status: ANY_STATUS, period: 'recent' };

/** The period as the server's window: instants at the admin's local midnights. */
export function periodWindow(period: MatchPeriod, now: Date): Pick<ViewerMatchesInput, 'date_from' | 'date_to'> {
  // Local midnights by calendar arithmetic, so a daylight-saving change does not shift them an hour.
  const midnight = (daysFromToday: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + daysFromToday);
  const today = midnight(0);
  switch (period) {
    case 'recent':
      return { date_from: midnight(-14).toISOString(), date_to: midnight(1).toISOString() };
    case 'upcoming':
      return { date_from: today.toISOString() };
    case 'past':
      return { date_to: today.toISOString() };
    case 'any':
      return {};
  }
}
