import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../common/testing';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

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

  it("keeps 'Events' on the current path as a disabled placeholder", async () => {
    renderWithProviders(<TopBar />, { path: '/matches' });
    const events = await screen.findByRole('link', { name: 'Events' });
    expect(events.getAttribute('href')).toBe('/matches');
    expect(events.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(events);
    expect(window.location.pathname).not.toBe('/events');
  });

  it("has a disabled search box labelled 'Search (coming soon)'", async () => {
    renderWithProviders(<TopBar />);
    const boxes = await screen.findAllByRole('searchbox', { name: 'Search (coming soon)' });
    expect(boxes.length).toBeGreaterThan(0);
    expect(boxes.every((box) => (box as HTMLInputElement).disabled)).toBe(true);
  });
});

describe('Footer', () => {
  it('credits the creators and links the admin panel', async () => {
    renderWithProviders(<Footer />);
    expect(await screen.findByText(/Built by the Campus Elo team/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
  });
});
