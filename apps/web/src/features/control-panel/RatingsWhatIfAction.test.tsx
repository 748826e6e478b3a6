import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../admin-shell';
import { renderWithProviders, type FakeProcedure } from '../common/testing';
import { withJobs } from '../jobs/testing';
import { RatingsWhatIfAction } from './RatingsWhatIfAction';

const owner = { id: 'u1', email: 'owner@example.test', role: 'owner' };
const admin = { id: 'u2', email: 'admin@example.test', role: 'admin' };
const figures = (accuracy: number, brier: number, logLoss: number) => ({ matches: 588, accuracy, brier, log_loss: logLoss, bins: [] });

function renderCard(me: typeof owner, api: Record<string, FakeProcedure> = {}) {
  const jobs = withJobs({ 'auth.me': () => me, ...api });
  renderWithProviders(
    <ConfirmProvider>
      <RatingsWhatIfAction />
    </ConfirmProvider>,
    { api: jobs },
  );
  return jobs;
}

beforeEach(() => localStorage.clear());

describe('Evaluate Ratings (what if)', () => {
  it('starts the job with the live K, the two K given and Glicko-2, and shows the figures side by side with the baselines', async () => {
    const jobs = renderCard(owner, {
      'admin.ratings.evaluate': (input: { settings: unknown[] }) => ({
        settings: input.settings,
        scopes: [
          {
            season_id: null,
            season_name: null,
            matches: 588,
            baselines: { coin: figures(0.5, 0.25, 0.6931), seed: figures(0.6871, 0.2004, 0.5868) },
            results: [figures(0.6752, 0.2128, 0.6165), figures(0.6811, 0.2069, 0.6023), figures(0.6556, 0.2191, 0.6326), figures(0.6412, 0.2329, 0.6667)],
          },
        ],
      }),
    });
    const user = userEvent.setup();
    const lower = await screen.findByLabelText('Other K');
    await user.clear(lower);
    await user.type(lower, '120');
    await user.click(screen.getByRole('button', { name: 'Evaluate Ratings' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const table = await screen.findByRole('table', { name: 'Rating settings compared, all time' });
    expect(jobs.started).toEqual([
      {
        kind: 'evaluate_ratings',
        input: {
          settings: [
            { system: 'elo', k: 150, scale: 800 },
            { system: 'elo', k: 120, scale: 800 },
            { system: 'elo', k: 200, scale: 800 },
            { system: 'glicko2', tau: 0.5, deviation: 350, volatility: 0.06 },
          ],
        },
      },
    ]);
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'SettingAccuracyBrierLog-loss',
      'Elo K 150 (live)67.5%0.21280.6165',
      'Elo K 12068.1%0.20690.6023',
      'Elo K 20065.6%0.21910.6326',
      'Glicko-2 (tau 0.5)64.1%0.23290.6667',
      'Coin flip50.0%0.25000.6931',
      'Starting Elo only68.7%0.20040.5868',
    ]);
  });

  it('refuses a K out of range before it can run', async () => {
    renderCard(owner);
    const user = userEvent.setup();
    const higher = await screen.findByLabelText('Another K');
    await user.clear(higher);
    await user.type(higher, '900');
    expect(await screen.findByText('K must be a whole number from 1 to 400')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Evaluate Ratings' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is for owners only', async () => {
    renderCard(admin);
    await screen.findByText(/Changes nothing/);
    expect((screen.getByRole('button', { name: 'Evaluate Ratings' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
