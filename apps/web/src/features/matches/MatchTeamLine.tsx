import type { ReactNode } from 'react';
import { TeamLogo } from '../common/EntityImage';
import classes from './MatchCards.module.css';

interface MatchTeamLineProps {
  team: { id: string; name: string; picture: string | null };
  bold?: boolean;
  children?: ReactNode;
}

/** Logo, name and whatever belongs to that team on this card (a score, say). */
export function MatchTeamLine({ team, bold, children }: MatchTeamLineProps) {
  return (
    <div className={classes.teamLine} data-team-id={team.id}>
      <TeamLogo src={team.picture} size={32} />
      <span className={classes.teamName} data-bold={bold || undefined} title={team.name}>
        {team.name}
      </span>
      {children}
    </div>
  );
}
