import { z } from 'zod';
import { requiredName } from './form-rules';
import { uuidParam } from './query-params';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' naming a real day: '2027-02-30' is refused, not rolled over to March. */
function isCalendarDate(value: string): boolean {
  if (!DATE_ONLY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
export const dateOnly = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, { error: `${label} is required` })
    .refine(isCalendarDate, { error: `${label} must be a date (YYYY-MM-DD)` });

const seasonFields = z.object({
  name: requiredName(100, 'Name is required'),
  start_date: dateOnly('Start date'),
  end_date: dateOnly('End date'),
});
const endNotBeforeStart = { error: 'The end date must not be before the start date', path: ['end_date'] };

/**
 * POST /v1/seasons/create/: name, start and end date all required; the end is not before the
 * start. Names are unique ignoring case (409).
 */
export const seasonCreateInput = seasonFields.refine((s) => s.end_date >= s.start_date, endNotBeforeStart);

/** PUT /v1/seasons/{id}/: replaces name and dates, under the same rules. */
export const seasonUpdateInput = seasonFields.extend({ id: uuidParam }).refine((s) => s.end_date >= s.start_date, endNotBeforeStart);

/** DELETE /v1/seasons/{id}/, /v1/competitions/{id}/, /v1/rankings/{id}/. */
export const deleteByIdInput = z.object({ id: uuidParam });
export const deletedOutput = z.object({ id: z.string(), message: z.string() });

// ---- competitions
export const adminCompetition = z.object({
  id: z.string(),
  name: z.string(),
  platform: z.enum(['faceit', 'leaguespot']),
  /** The platform's own id (Faceit championship, Leaguespot season); null when unknown. */
  external_id: z.string().nullable(),
  type: z.enum(['league', 'event']),
  season: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Matches that name it: a competition with any cannot be deleted. */
  match_count: z.number().int(),
});
export const competitionListOutput = z.object({ results: z.array(adminCompetition) });
/** PUT /v1/competitions/{id}/: renames. */
export const competitionUpdateInput = z.object({
  id: uuidParam,
  name: requiredName(200, 'Name is required'),
});
/** Every competition's name, for the public match filters. */
export const competitionNamesOutput = z.array(z.object({ id: z.string(), name: z.string() }));

export type SeasonCreateInput = z.infer<typeof seasonCreateInput>;
export type SeasonUpdateInput = z.infer<typeof seasonUpdateInput>;
export type DeletedOutput = z.infer<typeof deletedOutput>;
export type AdminCompetition = z.infer<typeof adminCompetition>;
export type CompetitionListOutput = z.infer<typeof competitionListOutput>;
export type CompetitionUpdateInput = z.infer<typeof competitionUpdateInput>;
