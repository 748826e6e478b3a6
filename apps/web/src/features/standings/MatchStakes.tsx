import type { MatchListItem, MatchStakes } from '@campus-elo/api-contract';
import { possessive } from '@campus-elo/domain';
import { trpc } from '../../lib/trpc';
import { formatChance } from './standings-wording';

type StakeSide = MatchStakes['team1'];

/**
 * What a list's scheduled division matches put at stake, by match id: one request for the
 * whole list (never one per card); an empty map while it loads, when it fails, or when no
 * match of the list is a division match (the cards then simply say nothing of it).
 */
export function useMatchStakes(matches: readonly MatchListItem[] | undefined): ReadonlyMap<string, MatchStakes> {
  const ids = (matches ?? []).filter((match) => match.status === 'scheduled').map((match) => match.id);
  const stakes = trpc.public.standingsStakes.useQuery({ match_ids: ids }, { enabled: ids.length > 0 });
  return new Map((stakes.data?.results ?? []).map((stake) => [stake.match_id, stake]));
}

/** 'A win raises Owls' Playoffs chance from 41% to 63%', or null when a win would not change what it reads. */
export function stakeSentence(side: StakeSide, line: string): string | null {
  const now = formatChance(side.now);
  const win = formatChance(side.win);
  if (now === win) return null;
  return `A win raises ${possessive(side.team.name)} ${line} chance from ${now} to ${win}`;
}

/** A match card's line of what is at stake in its division: the side whose win moves its chance most first. */
export function MatchStakesText({ stake, className }: { stake: MatchStakes | undefined; className?: string }) {
  if (!stake) return null;
  const sentences = [stake.team1, stake.team2]
    .sort((a, b) => b.win - b.now - (a.win - a.now))
    .map((side) => stakeSentence(side, stake.line))
    .filter((sentence) => sentence !== null);
  if (sentences.length === 0) return null;
  return (
    <p className={className} data-stakes={stake.division.name}>
      {sentences.join('; ')}.
    </p>
  );
}
