import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMatch, never, renderWithProviders } from '../common/testing';
import { MatchPage } from './MatchPage';
import { sampleMaps } from './sample-maps';

const MATCH_ID = '55555555-5555-4555-8555-555555555555';
const completed = { ...fakeMatch({ id: MATCH_ID, status: 'completed', score_team1: 2, score_team2: 1, winner: { id: 'team-a', name: 'Owls' } }), stars: 3, preview: null, elo: null };
const meetings = { team1_wins: 0, team2_wins: 0, matches: [] };

function renderMaps(maps: () => unknown) {
  return renderWithProviders(<MatchPage id={MATCH_ID} />, { api: { 'public.match': () => completed, 'public.headToHead': () => meetings, 'public.matchMaps': maps } });
}

const rowNames = (table: HTMLElement) => within(table).getAllByRole('rowheader').map((cell) => cell.textContent);

describe('match page, maps and scoreboards', () => {
  it('shows the maps won, the best player, the veto and one tab per map after the series total', async () => {
    renderMaps(() => sampleMaps);
    expect((await screen.findByText(/^Maps won:/)).textContent).toBe('Maps won: Owls 2 – 1 Foxes');
    expect(document.querySelector('[data-best-player]')!.textContent).toMatch(/^Best player: Ada \(rating \d\.\d\d\)$/);
    expect([...document.querySelectorAll('[data-vetoes] li')].map((item) => item.textContent)).toEqual([
      'Owls banned Dust II',
      'Foxes banned Inferno',
      'Owls picked Mirage',
      'Foxes picked Nuke',
      'Ancient left over (decider)',
    ]);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Series total', 'Mirage 13–9', 'Nuke 11–13', 'Ancient 16–14']);
    expect(screen.getByRole('tab', { name: 'Series total' }).getAttribute('aria-selected')).toBe('true');
    // The series total sums the three maps: Ada 20 + 21 + 22 kills.
    const owls = screen.getByRole('table', { name: 'Owls, series total' });
    const ada = within(owls).getByRole('row', { name: /Ada/ });
    expect(within(ada).getAllByRole('cell')[0]!.textContent).toBe('63');
  });

  it("shows a map's score with halves and overtime, who picked it, and both teams' scoreboards", async () => {
    renderMaps(() => sampleMaps);
    fireEvent.click(await screen.findByRole('tab', { name: 'Ancient 16–14' }));
    expect(await screen.findByText('Decider')).toBeTruthy();
    expect(document.querySelector('[data-map-side="team-a"]')!.textContent).toBe('Owls16 halves 6 and 6, overtime 4');
    fireEvent.click(screen.getByRole('tab', { name: 'Mirage 13–9' }));
    expect(await screen.findByText('Picked by Owls')).toBeTruthy();
    const foxes = screen.getByRole('table', { name: 'Foxes, Mirage scoreboard' });
    // A linked player links to their page; an unknown one is plain text.
    expect(within(foxes).getByRole('link', { name: 'Cy' }).getAttribute('href')).toBe('/players/p-cy');
    expect(within(foxes).queryByRole('link', { name: 'dex' })).toBeNull();
    expect(within(foxes).getByText('dex').hasAttribute('data-unlinked-player')).toBe(true);
    // +/- says its sign in text, not only in colour.
    expect(within(foxes).getByRole('row', { name: /dex/ }).querySelector('[data-plus-minus]')!.textContent).toBe('-9');
    // No source gave KAST here: no KAST column.
    expect(within(foxes).queryByRole('columnheader', { name: /KAST/ })).toBeNull();
  });

  it('sorts a scoreboard by any column from its header button, saying so with aria-sort', async () => {
    renderMaps(() => sampleMaps);
    const owls = await screen.findByRole('table', { name: 'Owls, series total' });
    const rating = within(owls).getByRole('columnheader', { name: /Rating/ });
    expect(rating.getAttribute('aria-sort')).toBe('descending');
    expect(rowNames(owls)).toEqual(['Ada', 'Bo']);
    const deaths = within(owls).getByRole('columnheader', { name: /^D/ });
    fireEvent.click(within(deaths).getByRole('button'));
    expect(deaths.getAttribute('aria-sort')).toBe('descending');
    expect(rating.hasAttribute('aria-sort')).toBe(false);
    expect(rowNames(owls)).toEqual(['Bo', 'Ada']);
    fireEvent.click(within(deaths).getByRole('button'));
    expect(deaths.getAttribute('aria-sort')).toBe('ascending');
    expect(rowNames(owls)).toEqual(['Ada', 'Bo']);
  });

  it('says so when the match has no map details', async () => {
    renderMaps(() => ({ maps: [], vetoes: [] }));
    expect(await screen.findByText('No map details for this match')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('holds the place while the maps load', async () => {
    renderMaps(never);
    expect(await screen.findByRole('status', { name: 'Loading maps' })).toBeTruthy();
  });
});
