import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// An admin in New York: set before the date formatters are made (vi.hoisted runs before imports).
vi.hoisted(() => {
  process.env.TZ = 'America/New_York';
});

const { ConfirmProvider } = await import('../admin-shell');
const { paged, renderWithProviders } = await import('../common/testing');
const { withJobs } = await import('../jobs/testing');
const { RankingSnapshotAction } = await import('./EloActions');

describe('the control panel snapshot list, west of UTC', () => {
  it('shows a snapshot of 23 November as Nov 23, not a day early', async () => {
    renderWithProviders(
      <ConfirmProvider>
        <RankingSnapshotAction />
      </ConfirmProvider>,
      {
        api: withJobs({
          'auth.me': () => ({ id: 'u1', email: 'owner@example.test', role: 'owner' }),
          'public.seasons': () => paged([{ id: 's1', name: 'Fall 2026', start_date: '2026-08-20', end_date: '2026-12-20' }]),
          'public.rankings': () => paged([{ id: 'r1', date: '2026-11-23T00:00:00.000Z', season: { id: 's1', name: 'Fall 2026' } }]),
        }),
      },
    );
    expect(await screen.findByText('Nov 23, 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete the snapshot of Nov 23, 2026' })).toBeTruthy();
    expect(screen.queryByText('Nov 22, 2026')).toBeNull();
  });
});
