import { z } from 'zod';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' naming a real day: '2027-02-30' is refused, not rolled over to March. */
function isCalendarDate(value: string): boolean {
  if (!DATE_ONLY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
const dateOnly = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, { error: `${label} is required` })
    .refine(isCalendarDate, { error: `${label} must be a date (YYYY-MM-DD)` });

/** POST /v1/seasons/create/: name, start and end date all required; the end is not before the start. */
export const seasonCreateInput = z
  .object({
    name: z.string({ error: 'Name is required' }).trim().min(1, { error: 'Name is required' }).max(100),
    start_date: dateOnly('Start date'),
    end_date: dateOnly('End date'),
  })
  .refine((s) => s.end_date >= s.start_date, { error: 'The end date must not be before the start date', path: ['end_date'] });

export type SeasonCreateInput = z.infer<typeof seasonCreateInput>;
