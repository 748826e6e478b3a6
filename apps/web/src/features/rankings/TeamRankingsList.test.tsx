import { teamRankingsQueryKey } from '@campus-elo/api-contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../common/testing';
import { TeamRankingsList } from './TeamRankingsList';

const team = (n: number) => ({ id: `team-${n}`, name: `Team ${n}`, picture: null, school_name: null, elo: 3000 - n, captain: null });
const pageOf = (page: number, size: number) => ({
  count: 25,
  total_pages: 2,
  current_page: page,
  page_size: 20,
  results: Array.from({ length: size }, (_, i) => team((page - 1) * 20 + i + 1)),
});

describe('TeamRankingsList', () => {
  it("shows each team's movement since last week and its W-L under their headings", async () => {
    const standing = [
      { ...team(1), previous_rank: 2, wins: 5, losses: 1 },
      { ...team(2), previous_rank: 1, wins: 4, losses: 2 },
      { ...team(3), previous_rank: 3, wins: 1, losses: 1 },
      { ...team(4), previous_rank: null, wins: 0, losses: 0 },
    ];
    renderWithProviders(<TeamRankingsList seasonId="season-1" rankingId={undefined} ready />, {
      api: { 'public.teams': () => ({ count: 4, total_pages: 1, current_page: 1, page_size: 20, results: standing }) },
    });
    await screen.findByText('Team 4');
    const header = document.querySelector('[data-list-header]')!;
    expect([...header.children].map((cell) => cell.textContent)).toEqual(['#', 'Team', '+/-', 'W-L', 'Elo']);
    const rows = screen.getAllByRole('listitem').map((row) => row.textContent);
    expect(rows[0]).toContain('▲ 1Up 1 since last week');
    expect(rows[0]).toContain('5 wins, 1 loss: 5-1');
    expect(rows[1]).toContain('▼ 1Down 1 since last week');
    expect(rows[2]).toContain('No change since last week');
    expect(rows[3]).toContain('New since last week');
    expect(rows[3]).toContain('0 wins, 0 losses: 0-0');
  });


  it('heads its columns (rank, team, Elo) and says what Elo is on hover', async () => {
    renderWithProviders(<TeamRankingsList seasonId="season-1" rankingId={undefined} ready />, { api: { 'public.teams': () => pageOf(1, 3) } });
    await screen.findByText('Team 3');
    const header = document.querySelector('[data-list-header]')!;
    expect([...header.children].map((cell) => cell.textContent)).toEqual(['#', 'Team', 'Elo']);
    expect(header.children[2]!.getAttribute('title')).toMatch(/Elo rating/);
  });

  it('loads 20 a page and stops after a short page', async () => {
    const pages: number[] = [];
    renderWithProviders(<TeamRankingsList seasonId="season-1" rankingId={undefined} ready />, {
      api: {
        'public.teams': (input: { page: number }) => {
          pages.push(input.page);
          return pageOf(input.page, input.page === 1 ? 20 : 5);
        },
      },
    });
    expect(await screen.findByText('Team 20')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Team 25')).toBeTruthy();
    expect(screen.getByText('No more teams to load')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(pages).toEqual([1, 2]);
    expect(screen.getAllByRole('listitem')).toHaveLength(25);
  });

  it('starts from a first page written into the page, places counted from the top, and asks only for the next', async () => {
    const pages: number[] = [];
    renderWithProviders(<TeamRankingsList seasonId="season-1" rankingId={undefined} ready />, {
      seed: [{ key: teamRankingsQueryKey('season-1', undefined), data: { pages: [pageOf(1, 20)], pageParams: [1] } }],
      api: {
        'public.teams': (input: { page: number }) => {
          pages.push(input.page);
          return pageOf(input.page, 5);
        },
      },
    });
    expect(await screen.findByText('Team 1')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(pages).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Team 25')).toBeTruthy();
    expect(pages).toEqual([2]);
    expect(screen.getByText('Team 21').closest('li')?.textContent).toContain('21');
  });

  it('shows a snapshot week from its ranking items, with their stored ranks', async () => {
    const asked: unknown[] = [];
    renderWithProviders(<TeamRankingsList seasonId="season-1" rankingId="week-1" ready />, {
      api: {
        'public.rankingItems': (input) => {
          asked.push(input);
          return { count: 1, total_pages: 1, current_page: 1, page_size: 20, results: [{ id: 'item-1', rank: 7, elo: 1650, team: { id: 't', name: 'Snapshot Team', picture: null, school_name: null } }] };
        },
      },
    });
    expect(await screen.findByText('Snapshot Team')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(asked).toEqual([{ ranking_id: 'week-1', sort: 'rank', order: 'asc', page: 1, page_size: 20 }]);
  });

  it("marks a snapshot week's provisional teams, as they were that week, and only those", async () => {
    const line = (id: string, rank: number, ratedMatches: number) => ({
      id,
      rank,
      elo: 1700 - rank,
      team: { id: `t-${id}`, name: `Team ${id}`, picture: null, school_name: null },
      rated_matches: ratedMatches,
      provisional: ratedMatches < 5,
    });
    renderWithProviders(<TeamRankingsList seasonId="season-1" rankingId="week-1" ready />, {
      api: { 'public.rankingItems': () => ({ count: 2, total_pages: 1, current_page: 1, page_size: 20, results: [line('a', 1, 9), line('b', 2, 3)] }) },
    });
    expect(await screen.findByText('Team b')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Provisional: 3 of 5 rated matches played' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Provisional/ })).toHaveLength(1);
  });

  it("says 'Error loading teams' when the list fails", async () => {
    renderWithProviders(<TeamRankingsList seasonId={undefined} rankingId={undefined} ready />, {
      api: {
        'public.teams': () => {
          throw new Error('down');
        },
      },
    });
    expect(await screen.findByText('Error loading teams')).toBeTruthy();
  });
});
