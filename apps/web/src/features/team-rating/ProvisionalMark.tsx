import { provisionalReason } from '@campus-elo/domain';
import { UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import classes from './ProvisionalMark.module.css';

/**
 * The '?' beside a provisional rank: a button (so a keyboard reaches it) named by its reason,
 * which a tooltip shows on hover and focus, and a tap toggles; Escape hides it. Plain CSS,
 * not Mantine's Tooltip: the mark is on the home page, whose first load has a size budget.
 */
export function ProvisionalMark({ ratedMatches, className }: { ratedMatches: number; className?: string }) {
  const reason = provisionalReason(ratedMatches);
  // 'open' after a tap, 'hidden' after Escape, else as hover and focus say.
  const [forced, setForced] = useState<'open' | 'hidden' | null>(null);
  return (
    <span className={className ? `${classes.holder} ${className}` : classes.holder} data-tip={forced ?? undefined} onMouseLeave={() => setForced(null)}>
      <UnstyledButton
        className={classes.mark}
        aria-label={reason}
        data-provisional
        onClick={() => setForced((value) => (value === 'open' ? 'hidden' : 'open'))}
        onBlur={() => setForced(null)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setForced('hidden');
        }}
      >
        ?
      </UnstyledButton>
      <span role="tooltip" className={classes.tip}>
        {reason}
      </span>
    </span>
  );
}
