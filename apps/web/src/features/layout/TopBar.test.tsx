import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { COLOR_SCHEME_KEY } from '../../theme';
import { renderWithProviders } from '../common/testing';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

afterEach(() => window.localStorage.clear());

describe('TopBar', () => {
  it('links the brand home and highlights the current page', async () => {
    renderWithProviders(<TopBar />, { path: '/rankings' });
    expect((await screen.findByRole('link', { name: 'Campus Elo, home' })).getAttribute('href')).toBe('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toBeTruthy();
    expect(screen.getByRole('link', { name: 'News' }).getAttribute('href')).toBe('/news');
    expect(screen.getByRole('link', { name: 'Rankings' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Matches' }).getAttribute('aria-current')).toBeNull();
  });

  it("links 'Events' to the events page", async () => {
    renderWithProviders(<TopBar />, { path: '/events' });
    const events = await screen.findByRole('link', { name: 'Events' });
    expect(events.getAttribute('href')).toBe('/events');
    expect(events.getAttribute('aria-current')).toBe('page');
    expect(events.getAttribute('aria-disabled')).toBeNull();
  });

  it("has a search box labelled 'Search teams and players' and a dark mode toggle", async () => {
    renderWithProviders(<TopBar />);
    const box = await screen.findByRole('combobox', { name: 'Search teams and players' });
    expect((box as HTMLInputElement).disabled).toBe(false);
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
    await userEvent.click(toggle);
    expect(window.localStorage.getItem(COLOR_SCHEME_KEY)).toBe('light');
  });
});

describe('Footer', () => {
  it('credits the creators and links the admin panel', async () => {
    renderWithProviders(<Footer />);
    expect(await screen.findByText(/Built by the Campus Elo team/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
  });
});
