import { formatSignedNumber } from './format';
import classes from './EloChange.module.css';

/** What a stat shows when the source did not give it. */
export const UNKNOWN_STAT = '–';

/** A rating to two places ('1.08'); '–' when unknown. */
export function formatRating(value: number | null): string {
  return value === null ? UNKNOWN_STAT : value.toFixed(2);
}

/** A number to one place ('81.4'); '–' when unknown. */
export function formatOnePlace(value: number | null): string {
  return value === null ? UNKNOWN_STAT : value.toFixed(1);
}

/** A share as a whole percent ('47%'); '–' when unknown. */
export function formatPercent(value: number | null): string {
  return value === null ? UNKNOWN_STAT : `${Math.round(value)}%`;
}

/** Kills per death to two places. */
export function formatKd(value: number): string {
  return value.toFixed(2);
}

/** Kills minus deaths, its sign written out ('+5', '-3', '0') and green or red besides. */
export function PlusMinus({ value }: { value: number }) {
  const tone = value > 0 ? classes.gain : value < 0 ? classes.loss : undefined;
  return (
    <span className={tone} data-plus-minus={value > 0 ? 'positive' : value < 0 ? 'negative' : 'even'}>
      {formatSignedNumber(value)}
    </span>
  );
}
