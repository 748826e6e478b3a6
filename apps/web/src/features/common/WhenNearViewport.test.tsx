import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { everythingOnScreen } from './testing';
import { WhenNearViewport } from './WhenNearViewport';

describe('WhenNearViewport', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('holds the place at the given height while off screen', () => {
    // happy-dom's own observer never reports: the place stays off screen.
    render(
      <WhenNearViewport height={560} label="Load the rankings">
        <p>Rankings</p>
      </WhenNearViewport>,
    );
    expect(screen.queryByText('Rankings')).toBeNull();
    expect(screen.getByTestId('near-viewport-placeholder').style.minHeight).toBe('560px');
  });

  it('shows its content once the place comes near the screen, without taking the focus', () => {
    restore = everythingOnScreen();
    render(
      <WhenNearViewport height={560} label="Load the rankings">
        <a href="/rankings">Rankings</a>
      </WhenNearViewport>,
    );
    expect(screen.getByText('Rankings')).toBeTruthy();
    expect(screen.queryByTestId('near-viewport-placeholder')).toBeNull();
    expect(document.activeElement).toBe(document.body);
  });

  it('mounts its content when the keyboard reaches the placeholder, and Tab goes on into it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <a href="/before">Before</a>
        <WhenNearViewport height={560} label="Load the rankings">
          <a href="/rankings">Rankings</a>
        </WhenNearViewport>
        <a href="/after">After</a>
      </>,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Before' }));
    await user.tab();
    // The placeholder is named for what reaching it brings, and gives way at once.
    expect(screen.queryByRole('button', { name: 'Load the rankings' })).toBeNull();
    expect(document.activeElement?.contains(screen.getByRole('link', { name: 'Rankings' }))).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Rankings' }));
  });

  it('takes the focus to lazily loaded content once its code has come', async () => {
    const user = userEvent.setup();
    const Lazy = lazy(async () => ({ default: () => <a href="/rankings">Rankings</a> }));
    render(
      <WhenNearViewport height={560} label="Load the rankings">
        <Lazy />
      </WhenNearViewport>,
    );
    await user.tab();
    const link = await screen.findByRole('link', { name: 'Rankings' });
    expect(document.activeElement?.contains(link)).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(link);
  });

  it('mounts its content when a screen reader clicks the placeholder', async () => {
    const user = userEvent.setup();
    render(
      <WhenNearViewport height={560} label="Load the rankings">
        <p>Rankings</p>
      </WhenNearViewport>,
    );
    await user.click(screen.getByRole('button', { name: 'Load the rankings' }));
    expect(screen.getByText('Rankings')).toBeTruthy();
  });
});
