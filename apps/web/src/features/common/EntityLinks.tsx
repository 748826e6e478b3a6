import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import classes from './EntityLinks.module.css';

interface EntityLinkProps {
  id: string;
  children: ReactNode;
  className?: string;
  /** The link's box covers its nearest positioned ancestor (a whole row opens the page). */
  stretched?: boolean;
  title?: string;
}

const linkClass = ({ className, stretched }: EntityLinkProps) =>
  [classes.link, stretched ? classes.stretched : undefined, className].filter(Boolean).join(' ');

/** A team's name leading to its page. */
export function TeamLink(props: EntityLinkProps) {
  return (
    <Link to="/teams/$id" params={{ id: props.id }} className={linkClass(props)} title={props.title}>
      {props.children}
    </Link>
  );
}

/** A player's name leading to their page. */
export function PlayerLink(props: EntityLinkProps) {
  return (
    <Link to="/players/$id" params={{ id: props.id }} className={linkClass(props)} title={props.title}>
      {props.children}
    </Link>
  );
}

interface MatchLinkProps {
  match: { id: string; team1: { name: string }; team2: { name: string } };
  className?: string;
}

const MATCH_LINK_TEXT = 'Match details';

/** The way to a match's page, its accessible name naming both teams. */
export function MatchLink({ match, className }: MatchLinkProps) {
  return (
    <Link
      to="/matches/$id"
      params={{ id: match.id }}
      className={[classes.matchLink, className].filter(Boolean).join(' ')}
      // Several cards each have one: the name says which match (and starts with the visible words).
      aria-label={`${MATCH_LINK_TEXT}: ${match.team1.name} vs ${match.team2.name}`}
    >
      {MATCH_LINK_TEXT}
    </Link>
  );
}
