import type { TeamRating } from '@campus-elo/api-contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeNotFound, never, renderWithProviders } from '../common/testing';
import { ProvisionalMark } from './ProvisionalMark';
import { TeamRatingPage } from './TeamRatingPage';

const id = '3f9a3a8e-8a36-4d0e-9a57-0f4b6b4a1d11';
const owls = { id, name: 'Owls', picture: null };
const foxes = { id: '5b1e1f0c-1c1d-4a53-9d2e-6f0c9a0b7e22', name: 'Foxes', picture: null };

const rating: TeamRating = {
  team: owls,
  elo: 1058,
  rank: 2,
  rated_matches: 2,
  provisional: true,
  start: { elo: 1000, origin: 'default', calculation: null },
  steps: [
    {
      kind: 'match',
      match_id: 'm1',
      date: '2026-10-01T18:00:00.000Z',
      opponent: foxes,
      opponent_elo: 1000,
      result: 'W',
      expected: 0.5,
      elo_before: 1000,
      change: 75,
      rule: 'round(150 × (1 − 0.50)) = +75',
      total: 1075,
    },
    { kind: 'adjustment', reason: 'edit', date: '2026-10-02T12:00:00.000Z', elo_before: 1075, change: -17, calculation: null, total: 1058 },
  ],
  above: { ...foxes, rank: 1, elo: 1100, gap: 42 },
  below: null,
};

describe('TeamRatingPage', () => {
  it('shows the start, every change with its rule and running total, and the team above', async () => {
    renderWithProviders(<TeamRatingPage id={id} />, { api: { 'public.teamRating': () => rating } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Why Owls has Elo 1058' })).toBeTruthy();
    expect(screen.getByText('round(150 × (1 − 0.50)) = +75')).toBeTruthy();
    expect(screen.getByText('Running total: 1075')).toBeTruthy();
    expect(screen.getByText(/Set by league staff: 1075 → 1058/)).toBeTruthy();
    expect(screen.getByText(/Elo 1100 \(\+42\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Provisional: 2 of 5 rated matches played' })).toBeTruthy();
  });

  it('writes out the numbers Calculate Team ELO stored, for the start and for a run, and says so when a run has none', async () => {
    const calculation = {
      players: [
        { id: 'p1', name: 'Ace', elo: 2100 },
        { id: 'p2', name: 'Bolt', elo: 1950 },
        { id: 'p3', name: 'Cleo', elo: 1900 },
      ],
      mean: 1983.3333333,
      spread: 104.0833,
      spread_penalty: 0.1,
      elo: 1973,
    };
    renderWithProviders(<TeamRatingPage id={id} />, {
      api: {
        'public.teamRating': () => ({
          ...rating,
          elo: 1700,
          start: { elo: 1973, origin: 'calculated', calculation },
          steps: [
            { kind: 'adjustment', reason: 'calculate', date: '2026-10-02T12:00:00.000Z', elo_before: 1973, change: -73, calculation: { ...calculation, elo: 1900 }, total: 1900 },
            { kind: 'adjustment', reason: 'calculate', date: '2026-10-03T12:00:00.000Z', elo_before: 1900, change: -200, calculation: null, total: 1700 },
          ],
        }),
      },
    });
    expect(await screen.findByText(/worked out from the roster with Calculate Team ELO’s formula/)).toBeTruthy();
    const written = screen.getAllByText(/Calculated from 3 players’ FACEIT Elo/).map((element) => element.textContent);
    expect(written).toEqual([
      'Calculated from 3 players’ FACEIT Elo: Ace 2100, Bolt 1950, Cleo 1900; mean 1983.3, spread (sample standard deviation) 104.1; mean − 0.1 × spread, rounded → team Elo 1973.',
      'Calculated from 3 players’ FACEIT Elo: Ace 2100, Bolt 1950, Cleo 1900; mean 1983.3, spread (sample standard deviation) 104.1; mean − 0.1 × spread, rounded → team Elo 1900.',
    ]);
    expect(screen.getByText(/this run used were not stored/)).toBeTruthy();
  });

  it('says so when the team has no changes yet', async () => {
    renderWithProviders(<TeamRatingPage id={id} />, { api: { 'public.teamRating': () => ({ ...rating, elo: 1000, steps: [] }) } });
    expect(await screen.findByText(/No rated matches or changes yet/)).toBeTruthy();
  });

  it('shows loading, then a retry on failure, and the not-found page for an unknown team', async () => {
    const loading = renderWithProviders(<TeamRatingPage id={id} />, { api: { 'public.teamRating': never } });
    expect(await screen.findByRole('status', { name: 'Loading rating' })).toBeTruthy();
    loading.unmount();

    const failed = renderWithProviders(<TeamRatingPage id={id} />, {
      api: {
        'public.teamRating': () => {
          throw new Error('The database is down');
        },
      },
    });
    expect(await screen.findByText(/This rating could not be loaded/)).toBeTruthy();
    failed.unmount();

    renderWithProviders(<TeamRatingPage id={id} />, {
      api: {
        'public.teamRating': () => {
          throw new FakeNotFound();
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});

describe('ProvisionalMark', () => {
  // Hover and focus show the tooltip through CSS, checked in the browser: apps/web/e2e/ratings.e2e.test.ts.
  it('is a button named by its reason, reached by Tab, whose tooltip a tap opens and Escape hides', async () => {
    renderWithProviders(<ProvisionalMark ratedMatches={3} />);
    const mark = await screen.findByRole('button', { name: 'Provisional: 3 of 5 rated matches played' });
    await userEvent.tab();
    expect(document.activeElement).toBe(mark);
    const holder = mark.parentElement!;
    expect(holder.querySelector('[role="tooltip"]')?.textContent).toBe('Provisional: 3 of 5 rated matches played');
    await userEvent.click(mark);
    expect(holder.getAttribute('data-tip')).toBe('open');
    await userEvent.keyboard('{Escape}');
    expect(holder.getAttribute('data-tip')).toBe('hidden');
  });
});
