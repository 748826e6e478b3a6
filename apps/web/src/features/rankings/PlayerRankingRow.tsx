import { PlayerPicture } from '../common/EntityImage';
import { PlayerLink, TeamLink } from '../common/EntityLinks';
import classes from './RankingRow.module.css';
import { VisuallyHidden } from '../common/VisuallyHidden';

interface PlayerRankingRowProps {
  rank: number;
  player: { id: string; name: string; picture: string | null; elo: number; team: { id: string; name: string } | null };
}

/**
 * Rank, picture, name, team (hidden on very small screens) and Elo. The name leads to the
 * player's page, and the team's name to the team's; the rest of the row opens the player's page.
 */
export function PlayerRankingRow({ rank, player }: PlayerRankingRowProps) {
  return (
    <li className={classes.item} data-player-id={player.id}>
      <div className={`${classes.row} ${classes.stretchRow}`}>
        <span className={classes.rank}>
          <VisuallyHidden>Rank </VisuallyHidden>
          {rank}
        </span>
        <PlayerPicture src={player.picture} size={32} />
        <span className={classes.who}>
          <PlayerLink id={player.id} className={classes.name} stretched title={player.name}>
            {player.name}
          </PlayerLink>
          {player.team ? (
            <TeamLink id={player.team.id} className={`${classes.teamName} ${classes.aboveCover}`} title={player.team.name}>
              {player.team.name}
            </TeamLink>
          ) : (
            <span className={classes.teamName}>No team</span>
          )}
        </span>
        <span className={classes.elo}>
          {player.elo}
          <VisuallyHidden> Elo</VisuallyHidden>
        </span>
      </div>
    </li>
  );
}
