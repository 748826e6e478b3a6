export type SemesterTerm = 'Spring' | 'Fall';

export interface SemesterBounds {
  /** e.g. 'Fall 2026' */
  name: string;
  /** YYYY-MM-DD, first day of the semester */
  start: string;
  /** YYYY-MM-DD, last day of the semester */
  end: string;
}

function yearOf(date: Date): number {
  const year = date.getUTCFullYear();
  if (Number.isNaN(year)) throw new RangeError('semester: invalid date');
  return year;
}

/** Spring is January to June, Fall July to December, both in UTC like every date in the API. */
function termOf(date: Date): SemesterTerm {
  return date.getUTCMonth() < 6 ? 'Spring' : 'Fall';
}

export function semesterName(date: Date): string {
  const year = yearOf(date);
  return `${termOf(date)} ${year}`;
}

export function semesterBounds(date: Date): SemesterBounds {
  const year = yearOf(date);
  const term = termOf(date);
  const y = String(year).padStart(4, '0');
  return term === 'Spring'
    ? { name: `Spring ${year}`, start: `${y}-01-01`, end: `${y}-06-30` }
    : { name: `Fall ${year}`, start: `${y}-07-01`, end: `${y}-12-31` };
}
