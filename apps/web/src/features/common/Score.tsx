import { scoreUnit } from '@campus-elo/domain';
import classes from './Score.module.css';

interface ScoreProps {
  own: number | null;
  other: number | null;
}

/** One side's score: green when ahead, red when behind, muted when level; a missing score is 0. */
export function Score({ own, other }: ScoreProps) {
  const mine = own ?? 0;
  const theirs = other ?? 0;
  const tone = mine > theirs ? 'higher' : mine < theirs ? 'lower' : 'equal';
  return (
    <span className={classes[tone]} data-tone={tone}>
      {mine}
    </span>
  );
}

/** What a match's score counts, 'maps' or 'rounds' (packages/domain score-unit.ts); nothing without a score. */
export function ScoreUnit({ score1, score2 }: { score1: number | null; score2: number | null }) {
  const unit = scoreUnit(score1, score2);
  return unit && <span className={classes.unit} data-score-unit={unit}>score in {unit}</span>;
}

/** '13–9 rounds', '2–0 maps': one side's score first; '' without a score. */
export function scoreWithUnit(own: number | null, other: number | null): string {
  const unit = scoreUnit(own, other);
  return unit ? `${own}–${other} ${unit}` : '';
}
