import type { StarRating as StarCount } from '@campus-elo/domain';
import classes from './StarRating.module.css';

const POSITIONS = [1, 2, 3, 4, 5] as const;

/** What the stars mean, for their tooltip and the upcoming matches' legend. */
export const STARS_MEANING = 'how worth watching: more stars for strong teams close in Elo';

/** How worth watching a match is, 1 to 5 stars; the count comes from the domain's starRating. */
export function StarRating({ value }: { value: StarCount }) {
  return (
    <span className={classes.stars} role="img" aria-label={`${value} of 5 stars`} title={`${value} of 5 stars: ${STARS_MEANING}`} data-stars={value}>
      {POSITIONS.map((position) => (
        <svg key={position} className={position <= value ? classes.filled : classes.empty} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
        </svg>
      ))}
    </span>
  );
}
