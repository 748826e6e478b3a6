import type { MatchListItem } from '@campus-elo/api-contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeMatch, renderWithProviders } from '../common/testing';
import { UpcomingMatchCard } from '../matches/UpcomingMatchCard';
import { MatchStakesText, useMatchStakes } from './MatchStakes';
import { TeamStandingFact } from './TeamStandingFact';

const owls = { id: 'team-a', name: 'Owls', picture: null };
const foxes = { id: 'team-b', name: 'Foxes', picture: null };
const stake = {
  match_id: 'match-1',
  division: { id: 'd1', name: 'Challengers' },
  line: 'Playoffs',
  team1: { team: owls, now: 0.41, win: 0.63, loss: 0.2 },
  team2: { team: foxes, now: 0.995, win: 0.999, loss: 0.9 },
};

/** A list as the match lists make it: one stakes request for all its cards. */
function StakedList({ matches }: { matches: MatchListItem[] }) {
  const stakes = useMatchStakes(matches);
  return (
    <ul>
      {matches.map((match) => (
        <UpcomingMatchCard key={match.id} match={match} stake={stakes.get(match.id)} />
      ))}
    </ul>
  );
}

describe('match stakes', () => {
  it('asks once for a whole list and says what a win does to each side whose chance it moves', async () => {
    const asked = vi.fn(() => ({ results: [stake] }));
    const matches = [fakeMatch(), fakeMatch({ id: 'match-2' }), fakeMatch({ id: 'match-3', status: 'completed' })] as MatchListItem[];
    renderWithProviders(<StakedList matches={matches} />, { api: { 'public.standingsStakes': asked } });
    expect((await screen.findByText(/A win raises/)).textContent).toBe("A win raises Owls' Playoffs chance from 41% to 63%.");
    expect(asked).toHaveBeenCalledTimes(1);
    expect(asked).toHaveBeenCalledWith({ match_ids: ['match-1', 'match-2'] });
  });

  it('says nothing of a match with nothing to show', async () => {
    renderWithProviders(<MatchStakesText stake={{ ...stake, team1: { team: owls, now: 0.5, win: 0.501, loss: 0.4 } }} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText(/A win raises/)).toBeNull();
  });
});

describe('TeamStandingFact', () => {
  it("names the team's place in its division, linked to that table, and its playoff chance", async () => {
    const standing = {
      season: { id: '11111111-1111-4111-8111-111111111111', name: 'Fall 2026' },
      division: { id: '22222222-2222-4222-8222-222222222222', name: 'Challengers' },
      place: 3,
      of: 8,
      points: 4,
      wins: 4,
      losses: 2,
      tiebreak: null,
      lines: [
        { place: 1, label: 'Champion', kind: 'qualify' },
        { place: 4, label: 'Playoffs', kind: 'qualify' },
      ],
      chances: { lines: { Champion: 0.1, Playoffs: 0.63 }, places: [] },
    };
    renderWithProviders(
      <dl>
        <TeamStandingFact teamId="33333333-3333-4333-8333-333333333333" />
      </dl>,
      { api: { 'public.teamStanding': () => standing } },
    );
    const link = await screen.findByRole('link', { name: '3rd of 8 in Challengers' });
    expect(link.getAttribute('href')).toBe(`/standings?season=${standing.season.id}&division=${standing.division.id}`);
    expect(screen.getByText('Playoffs chance 63%')).toBeTruthy();
  });
});
