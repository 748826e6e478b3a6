import { VisuallyHidden } from '@mantine/core';
import { PlayerPicture } from '../common/EntityImage';
import classes from './RankingRow.module.css';

interface PlayerRankingRowProps {
  rank: number;
  player: { id: string; name: string; picture: string | null; elo: number; team: { name: string } | null };
}

/** Rank, picture, name, team (hidden on very small screens) and Elo. */
export function PlayerRankingRow({ rank, player }: PlayerRankingRowProps) {
  return (
    <li className={classes.item} data-player-id={player.id}>
      <div className={classes.row}>
        <span className={classes.rank}>
          <VisuallyHidden>Rank </VisuallyHidden>
          {rank}
        </span>
        <PlayerPicture src={player.picture} size={32} />
        <span className={classes.who}>
          <span className={classes.name}>{player.name}</span>
          <span className={classes.teamName}>{player.team?.name ?? 'No team'}</span>
        </span>
        <span className={classes.elo}>
          {player.elo}
          <VisuallyHidden> Elo</VisuallyHidden>
        </span>
      </div>
    </li>
  );
}
