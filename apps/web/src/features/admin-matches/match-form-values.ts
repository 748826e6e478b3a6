import { matchCreateInput, type AdminMatch, type MatchCreateInput } from '@campus-elo/api-contract';

export const MATCH_STATUSES = [
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;

export type MatchStatusValue = (typeof MATCH_STATUSES)[number]['value'];

/** The match form as typed: selects hold an id or null, numbers a number or '' while empty, the date the browser's local 'YYYY-MM-DDTHH:mm'. */
export interface MatchFormValues {
  team1_id: string | null;
  team2_id: string | null;
  date: string;
  competition_id: string | null;
  season_id: string | null;
  status: MatchStatusValue;
  score_team1: number | '';
  score_team2: number | '';
  winner_id: string | null;
  forfeit: boolean;
  url: string;
  match_type: 'league' | 'event';
}

export const EMPTY_MATCH_FORM: MatchFormValues = {
  team1_id: null,
  team2_id: null,
  date: '',
  competition_id: null,
  season_id: null,
  status: 'completed',
  score_team1: '',
  score_team2: '',
  winner_id: null,
  forfeit: false,
  url: '',
  match_type: 'league',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as the browser's local 'YYYY-MM-DDTHH:mm' (what a datetime-local field shows). */
export function toLocalDateTime(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function matchFormValues(match: AdminMatch): MatchFormValues {
  return {
    team1_id: match.team1_id,
    team2_id: match.team2_id,
    date: toLocalDateTime(match.date),
    competition_id: match.competition_id,
    season_id: match.season_id,
    status: match.status,
    score_team1: match.score_team1 ?? '',
    score_team2: match.score_team2 ?? '',
    winner_id: match.winner_id,
    forfeit: match.forfeit,
    url: match.url ?? '',
    match_type: match.match_type,
  };
}

type MatchFields = Omit<MatchCreateInput, 'dry_run'>;

/** What the form sends: every field, empty ones as null (an edit then clears them too). */
export function matchFields(values: MatchFormValues): MatchFields {
  const localDate = values.date ? new Date(values.date) : null;
  return {
    team1_id: values.team1_id ?? '',
    team2_id: values.team2_id ?? '',
    date: localDate && !Number.isNaN(localDate.getTime()) ? localDate.toISOString() : null,
    competition_id: values.competition_id,
    season_id: values.season_id,
    status: values.status,
    score_team1: values.score_team1 === '' ? null : values.score_team1,
    score_team2: values.score_team2 === '' ? null : values.score_team2,
    winner_id: values.winner_id,
    forfeit: values.forfeit,
    url: values.url.trim() || null,
    match_type: values.match_type,
  };
}

const REQUIRED_MESSAGES: Record<string, string> = { team1_id: 'Choose team 1', team2_id: 'Choose team 2' };

/** The same rules as the server (the contract's schema), field by field; empty when the form may be sent. */
export function validateMatchForm(values: MatchFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.team1_id) errors.team1_id = REQUIRED_MESSAGES.team1_id!;
  if (!values.team2_id) errors.team2_id = REQUIRED_MESSAGES.team2_id!;
  if (values.date && Number.isNaN(new Date(values.date).getTime())) errors.date = 'Enter a date and time';
  if (Object.keys(errors).length > 0) return errors;
  const parsed = matchCreateInput.safeParse(matchFields(values));
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}
