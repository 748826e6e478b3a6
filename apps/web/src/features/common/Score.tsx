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
