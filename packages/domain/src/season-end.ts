const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The moment a season ends: the end of its last day (end_date is a UTC calendar day, inclusive).
 * Snapshots of an ended season are dated just before it; /rankings opens an ended season on its
 * last snapshot (docs/product.md).
 */
export function seasonEndsAt(endDate: string): Date {
  return new Date(Date.parse(`${endDate}T00:00:00Z`) + DAY_MS);
}

export function seasonHasEnded(endDate: string, now: Date): boolean {
  return seasonEndsAt(endDate).getTime() <= now.getTime();
}
