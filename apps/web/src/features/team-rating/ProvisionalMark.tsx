import '@mantine/core/styles/Tooltip.css';
import { provisionalReason } from '@campus-elo/domain';
import { Tooltip, UnstyledButton } from '@mantine/core';
import classes from './ProvisionalMark.module.css';

/**
 * The '?' beside a provisional rank: a button (so a keyboard reaches it) named by its reason,
 * which a tooltip shows on hover, focus and touch.
 */
export function ProvisionalMark({ ratedMatches, className }: { ratedMatches: number; className?: string }) {
  const reason = provisionalReason(ratedMatches);
  return (
    <Tooltip label={reason} events={{ hover: true, focus: true, touch: true }} withArrow>
      <UnstyledButton className={className ? `${classes.mark} ${className}` : classes.mark} aria-label={reason} data-provisional>
        ?
      </UnstyledButton>
    </Tooltip>
  );
}
