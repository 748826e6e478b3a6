import classes from './RankMovement.module.css';
import { VisuallyHidden } from './VisuallyHidden';

/**
 * The words around the arrow: a ranking row's column is short ('▲ 2', '–', 'New'), a team's
 * facts read as a sentence ('no change', '(not in the last weekly ranking)').
 */
const WORDING = {
  column: { since: 'since last week', up: 'Up', down: 'Down' },
  sentence: { since: 'since the last weekly ranking', up: 'up', down: 'down' },
} as const;

interface RankMovementProps {
  rank: number;
  /** The place in the latest weekly snapshot; null when it did not rank the team. */
  previousRank: number | null;
  wording: keyof typeof WORDING;
  /** Layout from the place it stands in (the colours are this badge's). */
  className?: string;
}

/** How a place moved since the latest weekly snapshot: an arrow and the number of places, with the words for screen readers. */
export function RankMovement({ rank, previousRank, wording, className }: RankMovementProps) {
  const words = WORDING[wording];
  const classNames = className ? `${classes.movement} ${className}` : classes.movement;
  if (previousRank === null) {
    return (
      <span className={classNames} data-movement="new">
        {wording === 'column' ? (
          <>
            New<VisuallyHidden> {words.since}</VisuallyHidden>
          </>
        ) : (
          '(not in the last weekly ranking)'
        )}
      </span>
    );
  }
  const places = previousRank - rank;
  if (places === 0) {
    return (
      <span className={classNames} data-movement="same">
        {wording === 'column' ? (
          <>
            <span aria-hidden="true">–</span>
            <VisuallyHidden>No change {words.since}</VisuallyHidden>
          </>
        ) : (
          <>
            no change<VisuallyHidden> {words.since}</VisuallyHidden>
          </>
        )}
      </span>
    );
  }
  const up = places > 0;
  return (
    <span className={classNames} data-movement={up ? 'up' : 'down'}>
      <span aria-hidden="true">
        {up ? '▲' : '▼'} {Math.abs(places)}
      </span>
      <VisuallyHidden>
        {up ? words.up : words.down} {Math.abs(places)} {words.since}
      </VisuallyHidden>
    </span>
  );
}
