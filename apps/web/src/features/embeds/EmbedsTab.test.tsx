import { MantineProvider } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../common/testing';
import { EmbedButton } from './EmbedButton';
import { EmbedsTab } from './EmbedsTab';

const team = (id: string, name: string) => ({ id, name, picture: null, elo: 1500 });
const liveMatch = {
  id: 'm1',
  date: '2026-11-28T18:00:00Z',
  status: 'in_progress',
  team1: team('t1', 'Alpha'),
  team2: team('t2', 'Bravo'),
  score_team1: 1,
  score_team2: 0,
  winner: null,
  competition: null,
  season: null,
  season_id: null,
  url: null,
  platform: 'manual',
  event_match: null,
};

describe('Embeds & overlays tab', () => {
  it('lists the league embeds with snippets and gives a picked match its overlay URLs', async () => {
    renderWithProviders(
      <MantineProvider env="test">
        <EmbedsTab />
      </MantineProvider>,
      { api: { 'public.matches': () => ({ count: 1, total_pages: 1, current_page: 1, page_size: 100, results: [liveMatch] }) } },
    );
    expect(await screen.findByRole('button', { name: 'Copy Standings snippet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Team rankings snippet' })).toBeTruthy();
    const origin = window.location.origin;
    expect(screen.getAllByText(new RegExp(`src="${origin}/embed/rankings"`)).length).toBeGreaterThan(0);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Match', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Alpha vs Bravo (live)' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText(`${origin}/overlay/match/m1`)).toBeTruthy();
    expect(within(table).getByText(`${origin}/overlay/team/t2`)).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Copy Ticker overlay URL' })).toBeTruthy();
  });

  it('opens the Embed dialog on a page with a preview and the snippet', async () => {
    renderWithProviders(
      <MantineProvider env="test">
        <EmbedButton path="/embed/results" params={{ team: 't1' }} title="Alpha: results" />
      </MantineProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Embed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Embed: Alpha: results' });
    expect(within(dialog).getByTitle('Preview: Alpha: results').getAttribute('src')).toBe(`${window.location.origin}/embed/results?team=t1`);
    await userEvent.click(within(dialog).getByText('Dark'));
    expect((within(dialog).getByRole('textbox', { name: 'Snippet' }) as HTMLTextAreaElement).value).toContain('/embed/results?team=t1&amp;theme=dark');
  });
});
