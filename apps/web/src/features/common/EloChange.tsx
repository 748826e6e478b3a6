import { formatSignedNumber } from './format';
import classes from './EloChange.module.css';

/** A signed Elo change ('+54', '-96'), green for a gain and red for a loss. */
export function EloChange({ value }: { value: number }) {
  const tone = value > 0 ? classes.gain : value < 0 ? classes.loss : undefined;
  return <span className={tone}>{formatSignedNumber(value)}</span>;
}
