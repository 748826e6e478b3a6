import type { BracketMatch, BracketStage } from '@campus-elo/api-contract';
import { Link } from '@tanstack/react-router';
import { useId, useMemo } from 'react';
import { TeamLogo } from '../common/EntityImage';
import { BOX, layoutStage, playsIn, type PlacedMatch } from './bracketLayout';
import classes from './Bracket.module.css';
import { VisuallyHidden } from '../common/VisuallyHidden';

export const STAGE_NAMES: Record<BracketStage['type'], string> = {
  single_elimination: 'Bracket',
  upper_bracket: 'Upper bracket',
  lower_bracket: 'Lower bracket',
  grand_final: 'Grand final',
  round_robin: 'Matches',
  swiss: 'Rounds',
};

type Side = BracketMatch['team1'];

function TeamRow({ team, score, won, bye }: { team: Side; score: number | null; won: boolean; bye: boolean }) {
  if (!team) {
    return (
      <div className={classes.row} data-empty>
        <span className={classes.name}>{bye ? 'Bye' : 'To be decided'}</span>
      </div>
    );
  }
  return (
    <div className={classes.row} data-won={won || undefined}>
      <TeamLogo src={team.picture} size={20} />
      <span className={classes.name} title={team.name}>
        {team.name}
      </span>{' '}
      <span className={classes.score}>{score ?? ''}</span>
    </div>
  );
}

/** Who won the match, said after its sides: ', Owls won' (or goes through a bye). */
function outcome(match: BracketMatch): string {
  const winner = match.winner_id && [match.team1, match.team2].find((t) => t?.id === match.winner_id);
  if (!winner) return '';
  return match.is_bye ? `, ${winner.name} goes through` : `, ${winner.name} won`;
}

/** What an unplayed match box says to a screen reader: its round, sides, state and who went through. */
export function matchLabel(placed: PlacedMatch): string {
  const { match, roundName } = placed;
  const side = (team: Side) => team?.name ?? (match.is_bye ? 'Bye' : 'To be decided');
  return `${roundName}: ${match.status === 'live' ? 'Live, ' : ''}${side(match.team1)}, ${side(match.team2)}${outcome(match)}`;
}

interface MatchBoxProps {
  placed: PlacedMatch;
  highlighted: boolean;
  onHighlight: (teamId: string | null) => void;
}

function MatchBox({ placed, highlighted, onHighlight }: MatchBoxProps) {
  const { match } = placed;
  const style = { left: placed.x, top: placed.y + BOX.header, width: BOX.width, height: BOX.height };
  const show = () => onHighlight(match.winner_id);
  const hide = () => onHighlight(null);
  const content = (
    <>
      {match.status === 'live' && <span className={classes.live}>Live</span>}
      <TeamRow team={match.team1} score={match.score_team1} won={!!match.winner_id && match.winner_id === match.team1?.id} bye={match.is_bye} />
      <TeamRow team={match.team2} score={match.score_team2} won={!!match.winner_id && match.winner_id === match.team2?.id} bye={match.is_bye} />
    </>
  );
  const common = {
    className: classes.match,
    style,
    'data-slot': match.id,
    'data-status': match.status,
    'data-bye': match.is_bye || undefined,
    'data-highlighted': highlighted || undefined,
    onMouseEnter: show,
    onFocus: show,
    onMouseLeave: hide,
    onBlur: hide,
  };
  if (match.match_id) {
    // The link is named by what it shows (round and outcome read but not seen), as axe asks.
    return (
      <Link to="/matches/$id" params={{ id: match.match_id }} {...common}>
        <VisuallyHidden>{placed.roundName}: </VisuallyHidden>
        {content}
        <VisuallyHidden>{outcome(match)}</VisuallyHidden>
      </Link>
    );
  }
  // Not played yet (or a bye): still focusable, so the path can be followed from the keyboard.
  return (
    <div role="group" tabIndex={0} aria-label={matchLabel(placed)} {...common}>
      {content}
    </div>
  );
}

interface StageProps {
  stage: BracketStage;
  highlightTeam: string | null;
  onHighlight: (teamId: string | null) => void;
  /** Whether the part gets its own heading: only when the event has several (upper, lower, grand final). */
  titled: boolean;
}

/**
 * One part of the event drawn as a bracket: rounds as columns, each match joined to its next
 * match. Scrolls sideways inside its own box on narrow screens.
 */
export function BracketStageView({ stage, highlightTeam, onHighlight, titled }: StageProps) {
  const layout = useMemo(() => layoutStage(stage), [stage]);
  const headingId = useId();
  const name = STAGE_NAMES[stage.type];
  const winnerOf = new Map(layout.matches.map((placed) => [placed.match.id, placed.match.winner_id]));
  return (
    <section aria-labelledby={titled ? headingId : undefined} className={classes.stage}>
      {titled && (
        <h3 id={headingId} className={classes.stageTitle}>
          {name}
        </h3>
      )}
      {/* Focusable: a scrolling box must be reachable from the keyboard to scroll it. */}
      <div className={classes.scroller} role="region" aria-label={`${name}, scrolls sideways`} tabIndex={0}>
        <div className={classes.canvas} style={{ width: layout.width, height: layout.height + BOX.header }}>
          {layout.rounds.map((round) => (
            <div key={round.x} className={classes.roundName} style={{ left: round.x, width: BOX.width }}>
              {round.name}
            </div>
          ))}
          <svg className={classes.connectors} width={layout.width} height={layout.height + BOX.header} aria-hidden="true">
            <g transform={`translate(0 ${BOX.header})`}>
              {layout.connectors.map((connector) => (
                <path
                  key={`${connector.from}-${connector.to}`}
                  d={connector.d}
                  data-highlighted={(highlightTeam !== null && winnerOf.get(connector.from) === highlightTeam) || undefined}
                />
              ))}
            </g>
          </svg>
          {layout.matches.map((placed) => (
            <MatchBox
              key={placed.match.id}
              placed={placed}
              highlighted={highlightTeam !== null && playsIn(placed.match, highlightTeam)}
              onHighlight={onHighlight}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
