import { MantineProvider } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { never, renderWithProviders } from '../common/testing';
import { SearchBox } from './SearchBox';
import { SearchField } from './SearchField';

const answer = {
  teams: [
    { id: 'team-owls', name: 'Owls', school_name: 'Owl College', picture: null, elo: 1700 },
    { id: 'team-owlets', name: 'Owlets', school_name: null, picture: null, elo: 1500 },
  ],
  players: [{ id: 'player-owen', name: 'Owen', picture: null, team: { id: 'team-owls', name: 'Owls' } }],
};

/** Where the app went: the router's path and query. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.href}</p>;
}

function ControlledBox() {
  const [text, setText] = useState('');
  return <SearchBox text={text} setText={setText} />;
}

function renderBox(search: (input: { q: string; limit: number }) => unknown = () => answer, { field = false } = {}) {
  const asked: { q: string; limit: number }[] = [];
  renderWithProviders(
    // env="test": no transitions, so the list is there as soon as it opens.
    <MantineProvider env="test">
      {field ? <SearchField /> : <ControlledBox />}
      <Where />
    </MantineProvider>,
    {
      api: {
        'public.search': (input) => {
          asked.push(input);
          return search(input);
        },
      },
    },
  );
  return asked;
}

const box = () => screen.findByRole('combobox', { name: 'Search teams and players' });
const where = () => screen.getByTestId('where').textContent;

describe('SearchBox', () => {
  it('lists teams and players as you type, never asking for fewer than 2 characters', async () => {
    const asked = renderBox();
    const input = await box();
    await userEvent.type(input, 'O');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await userEvent.type(input, 'w');
    expect(await screen.findByRole('option', { name: /Owl College/ })).toBeTruthy();
    expect(screen.getByRole('option', { name: /Owen/ }).textContent).toContain('Owls');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(asked.map((input) => input.q)).toEqual(['Ow']);
    expect(asked[0]!.limit).toBe(5);
  });

  it('moves through the results with the arrows and opens the highlighted one with Enter', async () => {
    renderBox();
    const input = await box();
    await userEvent.type(input, 'owl');
    await screen.findByRole('option', { name: /Owl College/ });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const highlighted = document.getElementById(input.getAttribute('aria-activedescendant')!);
    expect(highlighted?.textContent).toContain('Owlets');
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    await waitFor(() => expect(where()).toBe('/teams/team-owlets'));
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('opens a player the same way', async () => {
    renderBox();
    const input = await box();
    await userEvent.type(input, 'owe');
    await screen.findByRole('option', { name: /Owen/ });
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(where()).toBe('/players/player-owen'));
  });

  it('goes to the search page on Enter when no result is highlighted', async () => {
    renderBox();
    const input = await box();
    await userEvent.type(input, ' owl {Enter}');
    await waitFor(() => expect(where()).toBe('/search?q=owl'));
  });

  it('closes the list with Escape', async () => {
    renderBox();
    const input = await box();
    await userEvent.type(input, 'owl');
    await screen.findByRole('option', { name: /Owl College/ });
    await userEvent.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(where()).toBe('/');
  });

  it('says when it is searching', async () => {
    renderBox(never);
    await userEvent.type(await box(), 'zz');
    expect((await screen.findByRole('status')).textContent).toBe('Searching…');
  });

  it('says when nothing matches', async () => {
    renderBox(() => ({ teams: [], players: [] }));
    await userEvent.type(await box(), 'zzz');
    expect(await screen.findByText('No teams or players match "zzz"')).toBeTruthy();
  });

  it('says when the search fails', async () => {
    renderBox(() => {
      throw new Error('Internal server error');
    });
    await userEvent.type(await box(), 'zzz');
    expect((await screen.findByRole('alert')).textContent).toBe('Search failed. Please try again.');
  });

  it('hands over from the plain field, loaded with the page, to the combobox with the text and the focus', async () => {
    renderBox(() => answer, { field: true });
    const plain = await box();
    plain.focus();
    await userEvent.keyboard('ow');
    // The combobox replaces the plain field, keeps what was typed and lists the results.
    expect(await screen.findByRole('option', { name: /Owl College/ })).toBeTruthy();
    const combobox = await box();
    expect(combobox).not.toBe(plain);
    expect(document.activeElement).toBe(combobox);
    expect((combobox as HTMLInputElement).value).toBe('ow');
    await userEvent.keyboard('l{ArrowDown}{Enter}');
    await waitFor(() => expect(where()).toBe('/teams/team-owls'));
  });
});
