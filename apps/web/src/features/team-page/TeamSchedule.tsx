import '@mantine/core/styles/Badge.css';
import { teamRosterInput, teamUpcomingMatchesInput, type MatchListItem, type PlayerListItem } from '@campus-elo/api-contract';
import { eloChangePreview, starRating } from '@campus-elo/domain';
import { Badge, Skeleton, Text } from '@mantine/core';
import { trpc } from '../../lib/trpc';
import { RouterAnchor } from '../common/RouterAnchor';
import { EloChange } from '../common/EloChange';
import { PlayerPicture, TeamLogo } from '../common/EntityImage';
import { formatDateTime } from '../common/format';
import { LoadFailed } from '../common/LoadFailed';
import { PageSection } from '../common/PageSection';
import { StarRating } from '../common/StarRating';
import { EmptyMessage } from '../common/states';
import classes from './TeamPage.module.css';
import { useDisplayTimeZone } from '../../lib/render-context';

function PlayerRow({ player }: { player: PlayerListItem }) {
  return (
    <li className={classes.row}>
      <PlayerPicture src={player.picture} size={32} />
      <RouterAnchor to="/players/$id" params={{ id: player.id }} className={classes.grow}>
        {player.name}
      </RouterAnchor>
      <span className={classes.dimmed}>Level {player.skill_level}</span>
      <span>Elo {player.elo}</span>
    </li>
  );
}

/** Visible players only (the server leaves hidden ones out), active first, then benched. */
export function RosterSection({ teamId, refetchInterval, enabled = true }: { teamId: string; refetchInterval: number | false; enabled?: boolean }) {
  const players = trpc.public.players.useQuery(teamRosterInput(teamId), { refetchInterval, enabled });
  return (
    <PageSection title="Roster">
      {players.isPending ? (
        <Skeleton height={180} role="status" aria-label="Loading roster" />
      ) : players.isError ? (
        <LoadFailed message="The roster could not be loaded." onRetry={() => void players.refetch()} />
      ) : players.data.results.length === 0 ? (
        <EmptyMessage message="No players listed" />
      ) : (
        [false, true].map((benched) => {
          const group = players.data.results.filter((p) => p.benched === benched);
          if (group.length === 0) return null;
          return (
            <div key={String(benched)}>
              <Text size="sm" fw={700} mt={benched ? 'sm' : 0}>
                {benched ? 'Benched' : 'Active'}
              </Text>
              <ul className={classes.list} aria-label={benched ? 'Benched players' : 'Active players'}>
                {group.map((player) => (
                  <PlayerRow key={player.id} player={player} />
                ))}
              </ul>
            </div>
          );
        })
      )}
    </PageSection>
  );
}

function UpcomingRow({ match, teamId }: { match: MatchListItem; teamId: string }) {
  const timeZone = useDisplayTimeZone();
  const [own, opponent] = match.team1.id === teamId ? [match.team1, match.team2] : [match.team2, match.team1];
  const change = eloChangePreview(own.elo, opponent.elo);
  return (
    <li className={classes.row} data-match-id={match.id}>
      <div className={classes.grow}>
        {/* At least 24px high: a touch target apart from the lines around it. */}
        <RouterAnchor to="/matches/$id" params={{ id: match.id }} size="sm" fw={600} display="inline-block" py={4}>
          {formatDateTime(match.date, timeZone)}
        </RouterAnchor>
        <div className={classes.line}>
          <span className={classes.dimmed}>vs</span>
          <TeamLogo src={opponent.picture} size={24} />
          <RouterAnchor to="/teams/$id" params={{ id: opponent.id }}>
            {opponent.name}
          </RouterAnchor>
          <span className={classes.dimmed}>({opponent.elo})</span>
        </div>
        <div className={classes.line}>
          <span>
            Win <EloChange value={change.win} />
          </span>
          <span>
            Loss <EloChange value={change.loss} />
          </span>
          {match.competition && (
            <Badge variant="light" color="gray" c="var(--app-badge-text)">
              {match.competition.name}
            </Badge>
          )}
        </div>
      </div>
      <StarRating value={starRating(own.elo, opponent.elo)} />
    </li>
  );
}

export function UpcomingSection({ teamId, refetchInterval, enabled = true }: { teamId: string; refetchInterval: number | false; enabled?: boolean }) {
  const matches = trpc.public.matches.useQuery(teamUpcomingMatchesInput(teamId), { refetchInterval, enabled });
  return (
    <PageSection title="Upcoming matches">
      {matches.isPending ? (
        <Skeleton height={140} role="status" aria-label="Loading upcoming matches" />
      ) : matches.isError ? (
        <LoadFailed message="The upcoming matches could not be loaded." onRetry={() => void matches.refetch()} />
      ) : matches.data.results.length === 0 ? (
        <EmptyMessage message="No upcoming matches" />
      ) : (
        <ul className={classes.list}>
          {matches.data.results.map((match) => (
            <UpcomingRow key={match.id} match={match} teamId={teamId} />
          ))}
        </ul>
      )}
    </PageSection>
  );
}
