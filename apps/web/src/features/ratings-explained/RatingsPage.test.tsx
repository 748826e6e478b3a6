import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../common/testing';
import { RatingsPage } from './RatingsPage';

describe('RatingsPage', () => {
  it('explains the Elo rule, the seed, which matches count, provisional ratings, stars and snapshots, and says the accuracy figures are missing', async () => {
    renderWithProviders(<RatingsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'How ratings work' })).toBeTruthy();
    for (const title of ['The Elo rule', 'Where a team’s Elo starts', 'Which matches count', 'Provisional ratings (?)', 'Star rating of a match', 'Weekly snapshots']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    }
    expect(screen.getByText(/change = round\(150 × \(result − E\)\)/)).toBeTruthy();
    expect(screen.getByText(/fewer than 5 rated matches/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'rankings' }).getAttribute('href')).toBe('/rankings');
  });
});
