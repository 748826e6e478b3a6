import type { MatchListItem } from '@campus-elo/api-contract';
import type { ReactNode } from 'react';
import { TeamLogo } from '../common/EntityImage';
import { MatchLink, TeamLink } from '../common/EntityLinks';
import classes from './CompactMatch.module.css';

interface CompactMatchProps {
  match: MatchListItem;
  /** What follows each team's name (a score, say), given the side. */
  trailing?: (side: 1 | 2) => ReactNode;
  meta?: ReactNode;
}

/** Two stacked team lines for the narrow home-page columns, each name leading to its team, then the way to the match. */
export function CompactMatch({ match, trailing, meta }: CompactMatchProps) {
  const sides = [
    { side: 1 as const, team: match.team1 },
    { side: 2 as const, team: match.team2 },
  ];
  return (
    <li className={classes.match} data-match-id={match.id}>
      {sides.map(({ side, team }) => (
        <div key={side} className={classes.team}>
          <TeamLogo src={team.picture} size={24} />
          <TeamLink id={team.id} className={classes.name} title={team.name}>
            <span data-winner={match.winner?.id === team.id || undefined}>{team.name}</span>
          </TeamLink>
          {trailing?.(side)}
        </div>
      ))}
      <div className={classes.meta}>
        {meta && <span>{meta}</span>}
        <MatchLink match={match} />
      </div>
    </li>
  );
}
