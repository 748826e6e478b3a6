import type { MatchListItem } from '@campus-elo/api-contract';
import { eloChangePreview, starRating } from '@campus-elo/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatSignedNumber } from '../common/format';
import { fakeMatch, renderWithProviders } from '../common/testing';
import { UpcomingMatchCard } from './UpcomingMatchCard';

function renderCard(elo1: number, elo2: number) {
  const match = fakeMatch({
    team1: { id: 'a', name: 'Owls', picture: null, elo: elo1 },
    team2: { id: 'b', name: 'Foxes', picture: null, elo: elo2 },
  }) as MatchListItem;
  renderWithProviders(
    <ul>
      <UpcomingMatchCard match={match} />
    </ul>,
  );
}

describe('UpcomingMatchCard', () => {
  it.each([
    [2600, 2600],
    [2300, 2200],
    [1900, 1850],
    [1500, 1400],
    [1000, 2400],
  ])('shows the domain star rating for %i vs %i', async (elo1, elo2) => {
    renderCard(elo1, elo2);
    const stars = starRating(elo1, elo2);
    const rating = await screen.findByRole('img', { name: `${stars} of 5 stars` });
    const card = rating.closest('li')!;
    expect(card.getAttribute('data-stars')).toBe(String(stars));
    expect(card.className.includes('fiveStars')).toBe(stars === 5);
  });

  it('highlights a five-star match', async () => {
    renderCard(2600, 2600);
    const rating = await screen.findByRole('img', { name: '5 of 5 stars' });
    expect(rating.closest('li')!.className).toMatch(/fiveStars/);
  });

  it("shows both Elos and each team's signed win and loss change", async () => {
    renderCard(1500, 1400);
    await screen.findByText('Elo 1500');
    expect(screen.getByText('Elo 1400')).toBeTruthy();
    const owls = eloChangePreview(1500, 1400);
    const foxes = eloChangePreview(1400, 1500);
    for (const value of [owls.win, owls.loss, foxes.win, foxes.loss]) {
      expect(screen.getByText(formatSignedNumber(value))).toBeTruthy();
    }
    expect(formatSignedNumber(owls.win)).toMatch(/^\+\d+$/);
    expect(formatSignedNumber(owls.loss)).toMatch(/^-\d+$/);
    expect(screen.getByText('NECC')).toBeTruthy();
  });

  it('links both teams and the match to their pages', async () => {
    renderCard(1500, 1400);
    expect((await screen.findByRole('link', { name: 'Owls' })).getAttribute('href')).toBe('/teams/a');
    expect(screen.getByRole('link', { name: 'Foxes' }).getAttribute('href')).toBe('/teams/b');
    expect(screen.getByRole('link', { name: 'Match details: Owls vs Foxes' }).getAttribute('href')).toBe('/matches/match-1');
  });
});
