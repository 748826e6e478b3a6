import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { everythingOnScreen } from './testing';
import { WhenNearViewport } from './WhenNearViewport';

describe('WhenNearViewport', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('holds the place at the given height while off screen', () => {
    // happy-dom's own observer never reports: the place stays off screen.
    render(
      <WhenNearViewport height={560}>
        <p>Rankings</p>
      </WhenNearViewport>,
    );
    expect(screen.queryByText('Rankings')).toBeNull();
    expect(screen.getByTestId('near-viewport-placeholder').style.minHeight).toBe('560px');
  });

  it('shows its content once the place comes near the screen', () => {
    restore = everythingOnScreen();
    render(
      <WhenNearViewport height={560}>
        <p>Rankings</p>
      </WhenNearViewport>,
    );
    expect(screen.getByText('Rankings')).toBeTruthy();
    expect(screen.queryByTestId('near-viewport-placeholder')).toBeNull();
  });
});
