import { VisuallyHidden } from '@mantine/core';
import classes from './TeamPage.module.css';

/** How the place moved since the latest weekly snapshot: an arrow and the number of places. */
export function RankMovement({ rank, previousRank }: { rank: number; previousRank: number | null }) {
  if (previousRank === null) return <span className={classes.movement}>(not in the last weekly ranking)</span>;
  const places = previousRank - rank;
  if (places === 0) {
    return (
      <span className={classes.movement} data-movement="same">
        no change<VisuallyHidden> since the last weekly ranking</VisuallyHidden>
      </span>
    );
  }
  const up = places > 0;
  return (
    <span className={classes.movement} data-movement={up ? 'up' : 'down'}>
      <span aria-hidden="true">
        {up ? '▲' : '▼'} {Math.abs(places)}
      </span>
      <VisuallyHidden>
        {up ? 'up' : 'down'} {Math.abs(places)} since the last weekly ranking
      </VisuallyHidden>
    </span>
  );
}

/** The latest results as W and L badges, latest first. */
export function FormLetters({ form }: { form: ('W' | 'L')[] }) {
  if (form.length === 0) return <span>No results yet</span>;
  return (
    <ol className={classes.form} aria-label="Latest results, newest first">
      {form.map((letter, index) => (
        // At most five letters that never reorder: the position is the identity.
        <li key={index} className={classes.formLetter} data-result={letter}>
          <span aria-hidden="true">{letter}</span>
          <VisuallyHidden>{letter === 'W' ? 'Win' : 'Loss'}</VisuallyHidden>
        </li>
      ))}
    </ol>
  );
}
