import { pluralize } from '@campus-elo/domain';
import { UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { PlayerPicture, TeamLogo } from '../common/EntityImage';
import { PlayerLink, TeamLink } from '../common/EntityLinks';
import { RankMovement } from '../common/RankMovement';
import { EmptyMessage, ErrorMessage, LoadingState } from '../common/states';
import { ProvisionalMark } from '../team-rating/ProvisionalMark';
import classes from './RankingRow.module.css';
import { VisuallyHidden } from '../common/VisuallyHidden';

export interface RankedTeam {
  id: string;
  name: string;
  picture: string | null;
}

/** What the current rankings add to a row (a saved week's rows have neither). */
export interface RowStanding {
  /** The place in last week's snapshot; null when it did not rank the team. */
  previousRank: number | null;
  wins: number;
  losses: number;
}

interface TeamRankingRowProps {
  rank: number;
  team: RankedTeam;
  elo: number;
  standing?: RowStanding;
  /** The team's rated matches when it has fewer than PROVISIONAL_MATCHES (its rank gets a '?'); undefined when it is established or unknown. */
  provisionalMatches?: number;
}

/** The team's five best visible, active players; mounted (and fetched) only while expanded. */
function TeamTopPlayers({ teamId }: { teamId: string }) {
  const players = trpc.public.players.useQuery({
    team_id: teamId,
    sort: 'elo',
    order: 'desc',
    visible: true,
    benched: false,
    page: 1,
    page_size: 5,
  });
  if (players.isPending) return <LoadingState label="Loading players" />;
  if (players.isError) return <ErrorMessage message="Error loading players" />;
  if (players.data.results.length === 0) return <EmptyMessage message="No active players" />;
  return (
    <ul className={classes.roster} aria-label="Top players">
      {players.data.results.map((player) => (
        <li key={player.id} className={classes.rosterPlayer}>
          <PlayerPicture src={player.picture} size={28} />
          <PlayerLink id={player.id} className={classes.name}>
            {player.name}
          </PlayerLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * A ranked team. Its name leads to the team's page; from the 'sm' breakpoint up a separate
 * button (covering the rest of the row, so a click on the row still opens it) shows or hides
 * its top players. On small screens the whole row is the link. CSS decides which (the
 * server's render is right at every width before any script runs, docs/decisions/0097).
 */
export function TeamRankingRow({ rank, team, elo, standing, provisionalMatches }: TeamRankingRowProps) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const open = expanded;
  return (
    <li className={classes.item} data-team-id={team.id}>
      <div className={`${classes.row} ${classes.stretchRow}`}>
        <span className={classes.rank}>
          <VisuallyHidden>Rank </VisuallyHidden>
          {rank}
          {provisionalMatches !== undefined && <ProvisionalMark ratedMatches={provisionalMatches} className={classes.aboveCover} />}
        </span>
        <TeamLogo src={team.picture} size={32} />
        <TeamLink id={team.id} className={`${classes.name} ${classes.expandableName}`} stretched title={team.name}>
          {team.name}
        </TeamLink>
        {standing && (
          <>
            <RankMovement rank={rank} previousRank={standing.previousRank} wording="column" className={classes.movement} />
            <span className={classes.record}>
              <VisuallyHidden>{pluralize(standing.wins, 'win')}, {pluralize(standing.losses, 'loss')}: </VisuallyHidden>
              <span aria-hidden="true">
                {standing.wins}-{standing.losses}
              </span>
            </span>
          </>
        )}
        {/* The Elo leads to how it adds up (the team's rating page). */}
        <Link to="/teams/$id/rating" params={{ id: team.id }} className={`${classes.elo} ${classes.eloLink} ${classes.aboveCover}`}>
          {elo}
          <VisuallyHidden> Elo: how it adds up</VisuallyHidden>
        </Link>
        <UnstyledButton
          className={classes.expandButton}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setExpanded((value) => !value)}
        >
          <VisuallyHidden>Top players of {team.name}</VisuallyHidden>
          <svg className={classes.chevron} data-open={open} viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </UnstyledButton>
      </div>
      {open && (
        <div id={panelId} className={`${classes.panel} ${classes.expandedPanel}`}>
          <TeamTopPlayers teamId={team.id} />
        </div>
      )}
    </li>
  );
}
