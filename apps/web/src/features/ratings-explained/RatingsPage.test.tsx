import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { never, renderWithProviders } from '../common/testing';
import { RatingsPage } from './RatingsPage';

describe('RatingsPage', () => {
  it('explains the Elo rule, the seed, which matches count, provisional ratings, stars and snapshots, and says the accuracy figures are missing', async () => {
    renderWithProviders(<RatingsPage />, { api: { 'public.ratingAccuracy': never } });
    expect(await screen.findByRole('heading', { level: 1, name: 'How ratings work' })).toBeTruthy();
    for (const title of ['The Elo rule', 'Where a team’s Elo starts', 'Which matches count', 'Provisional ratings (?)', 'Star rating of a match', 'Weekly snapshots']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    }
    expect(screen.getByText(/change = round\(150 × \(result − E\)\)/)).toBeTruthy();
    expect(screen.getByText(/fewer than 5 rated matches/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'rankings' }).getAttribute('href')).toBe('/rankings');
  });
});

const figures = (accuracy: number, brier: number) => ({ matches: 40, accuracy, brier, log_loss: 0.6, bins: [] });
const bins = Array.from({ length: 10 }, (_, i) => ({ from: i / 10, to: (i + 1) / 10, matches: i === 6 ? 30 : i === 3 ? 10 : 0, expected: i === 6 ? 0.65 : i === 3 ? 0.35 : null, observed: i === 6 ? 0.7 : i === 3 ? 0.3 : null }));

describe('the accuracy section', () => {
  it('gives the figures beside both baselines, the calibration chart with its diagonal, and the same numbers as a table', async () => {
    const accuracy = { ...figures(0.68, 0.21), bins, baselines: { coin: figures(0.5, 0.25), seed: figures(0.6, 0.23) } };
    renderWithProviders(<RatingsPage />, { api: { 'public.ratingAccuracy': () => accuracy } });
    const table = await screen.findByRole('table', { name: /Over 40 rated matches/ });
    expect(table.textContent).toContain('Elo68%0.210');
    expect(table.textContent).toContain('Coin flip50%0.250');
    expect(table.textContent).toContain('Higher starting Elo wins60%0.230');
    expect(screen.getByRole('img', { name: /Calibration chart/ }).querySelectorAll('[data-calibration-point]')).toHaveLength(2);
    const bands = screen.getByRole('table', { name: /The chart’s numbers/ });
    expect(bands.textContent).toContain('60–70%3065%70%');
  });

  it('says when there is nothing to measure, and when the figures fail to load', async () => {
    const empty = renderWithProviders(<RatingsPage />, { api: { 'public.ratingAccuracy': () => ({ ...figures(0, 0), matches: 0, accuracy: null, brier: null, log_loss: null, bins, baselines: { coin: figures(0, 0), seed: figures(0, 0) } }) } });
    expect(await screen.findByText('No rated matches yet, so nothing to measure.')).toBeTruthy();
    empty.unmount();
    renderWithProviders(<RatingsPage />, {
      api: {
        'public.ratingAccuracy': () => {
          throw new Error('down');
        },
      },
    });
    expect(await screen.findByText('The accuracy figures could not be loaded. Try again later.')).toBeTruthy();
  });

  it('shows all time first, then one season’s figures when a season is picked', async () => {
    const asked: unknown[] = [];
    const seasons = { results: [{ id: '11111111-1111-4111-8111-111111111111', name: 'Spring 2026' }], total: 1, page: 1, page_size: 50 };
    renderWithProviders(<RatingsPage />, {
      api: {
        'public.seasons': () => seasons,
        'public.ratingAccuracy': (input) => {
          asked.push(input);
          const matches = input && typeof input === 'object' && 'season_id' in input ? 12 : 40;
          return { ...figures(0.68, 0.21), matches, bins, baselines: { coin: figures(0.5, 0.25), seed: figures(0.6, 0.23) } };
        },
      },
    });
    expect(await screen.findByRole('table', { name: /Over 40 rated matches, all seasons/ })).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Matches of' });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Spring 2026' })).toBeTruthy());
    fireEvent.change(picker, { target: { value: seasons.results[0]!.id } });
    expect(await screen.findByRole('table', { name: /Over 12 rated matches, in Spring 2026/ })).toBeTruthy();
    expect(asked).toContainEqual({ season_id: seasons.results[0]!.id });
  });
});
