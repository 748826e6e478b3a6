import type { ReactNode } from 'react';
import { TeamLogo } from '../common/EntityImage';
import { TeamLink } from '../common/EntityLinks';
import classes from './MatchCards.module.css';

interface MatchTeamLineProps {
  team: { id: string; name: string; picture: string | null };
  bold?: boolean;
  children?: ReactNode;
}

/** Logo, name (leading to the team's page) and whatever belongs to that team on this card (a score, say). */
export function MatchTeamLine({ team, bold, children }: MatchTeamLineProps) {
  return (
    <div className={classes.teamLine} data-team-id={team.id}>
      <TeamLogo src={team.picture} size={32} />
      <TeamLink id={team.id} className={classes.teamName} title={team.name}>
        <span data-bold={bold || undefined}>{team.name}</span>
      </TeamLink>
      {children}
    </div>
  );
}
