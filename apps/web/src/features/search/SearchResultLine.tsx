import type { SearchOutput } from '@campus-elo/api-contract';
import { PlayerPicture, TeamLogo } from '../common/EntityImage';
import classes from './Search.module.css';

type TeamResult = SearchOutput['teams'][number];
type PlayerResult = SearchOutput['players'][number];

/** A team as a search result: logo, name, and its school when it has one. */
export function TeamResultLine({ team }: { team: TeamResult }) {
  return (
    <span className={classes.line}>
      <TeamLogo src={team.picture} size={28} />
      <span className={classes.text}>
        <span className={classes.name}>{team.name}</span>
        {team.school_name && <span className={classes.detail}>{team.school_name}</span>}
      </span>
    </span>
  );
}

/** A player as a search result: picture, name, and their team when they have one. */
export function PlayerResultLine({ player }: { player: PlayerResult }) {
  return (
    <span className={classes.line}>
      <PlayerPicture src={player.picture} size={28} />
      <span className={classes.text}>
        <span className={classes.name}>{player.name}</span>
        <span className={classes.detail}>{player.team?.name ?? 'No team'}</span>
      </span>
    </span>
  );
}
