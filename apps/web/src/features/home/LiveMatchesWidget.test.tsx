import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMatch, never, paged, renderWithProviders } from '../common/testing';
import { LiveMatchesWidget } from './LiveMatchesWidget';

describe('LiveMatchesWidget', () => {
  it('shows a spinner while loading', async () => {
    renderWithProviders(<LiveMatchesWidget />, { api: { 'public.matches': never } });
    expect(await screen.findByRole('status', { name: 'Loading live matches' })).toBeTruthy();
  });

  it("shows an alert titled 'Error' when the call fails", async () => {
    renderWithProviders(<LiveMatchesWidget />, {
      api: {
        'public.matches': () => {
          throw new Error('down');
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error');
    expect(alert.textContent).toContain('Unable to load live matches');
  });

  it('renders nothing when nothing is live', async () => {
    let asked: Record<string, unknown> | undefined;
    const { container } = renderWithProviders(
      <div data-testid="slot">
        <LiveMatchesWidget />
      </div>,
      {
        api: {
          'public.matches': (input) => {
            asked = input;
            return paged([]);
          },
        },
      },
    );
    await waitFor(() => expect(asked).toBeDefined());
    await waitFor(() => expect(container.querySelector('[data-testid="slot"]')?.innerHTML).toBe(''));
    expect(asked).toMatchObject({ status: ['in_progress'], sort: 'date', order: 'asc', page: 1, page_size: 4 });
  });

  it('lists live matches with coloured scores, a missing score counting as 0', async () => {
    renderWithProviders(<LiveMatchesWidget />, {
      api: { 'public.matches': () => paged([fakeMatch({ status: 'in_progress', score_team1: 9, score_team2: null })]) },
    });
    expect(await screen.findByText('Owls')).toBeTruthy();
    expect(screen.getByText('Foxes')).toBeTruthy();
    expect(screen.getByText('9').getAttribute('data-tone')).toBe('higher');
    expect(screen.getByText('0').getAttribute('data-tone')).toBe('lower');
    expect(screen.getByRole('link', { name: 'Live Matches' }).getAttribute('href')).toBe('/matches#live');
  });
});
