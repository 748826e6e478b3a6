import { Anchor, VisuallyHidden as MantineVisuallyHidden } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RouterAnchor } from './RouterAnchor';
import { renderWithProviders } from './testing';
import { VisuallyHidden } from './VisuallyHidden';

/** What the page's CSS and tests see of an element: its classes (in any order), data attributes and style. */
function looks(element: HTMLElement) {
  return {
    classes: [...element.classList].sort(),
    data: Object.fromEntries(Object.entries(element.dataset).filter(([name]) => name !== 'testid')),
    style: element.getAttribute('style'),
  };
}

describe('the plain elements written in place of Mantine components', () => {
  it("writes a link as Mantine's Anchor does: its classes, underline and weight", async () => {
    renderWithProviders(
      <>
        <RouterAnchor to="/rankings" data-testid="plain">Rankings</RouterAnchor>
        <Anchor href="/rankings" data-testid="mantine">Rankings</Anchor>
        <RouterAnchor to="/rankings" fw={600} underline="always" className="extra" data-testid="weighted">Rankings</RouterAnchor>
        <Anchor href="/" fw={600} underline="always" className="extra" data-testid="mantine-weighted">Home</Anchor>
      </>,
    );
    const plain = await screen.findByTestId('plain');
    expect(plain.getAttribute('href')).toBe('/rankings');
    expect(looks(plain)).toEqual(looks(screen.getByTestId('mantine')));
    expect(looks(screen.getByTestId('weighted'))).toEqual(looks(screen.getByTestId('mantine-weighted')));
    expect(screen.getByTestId('weighted').style.fontWeight).toBe('600');
  });

  it("leaves a link with Mantine's other props (a size, spacing) to Mantine", async () => {
    renderWithProviders(
      <RouterAnchor to="/" size="sm" py={4} data-testid="sized">
        Home
      </RouterAnchor>,
    );
    const sized = await screen.findByTestId('sized');
    expect(sized.dataset.size).toBe('sm');
    expect(sized.getAttribute('style')).toContain('padding-block');
  });

  it("hides text as Mantine's VisuallyHidden does", async () => {
    renderWithProviders(
      <>
        <VisuallyHidden data-testid="plain">, tied</VisuallyHidden>
        <MantineVisuallyHidden data-testid="mantine">, tied</MantineVisuallyHidden>
      </>,
    );
    const plain = await screen.findByTestId('plain');
    expect(plain.tagName).toBe('SPAN');
    expect(looks(plain)).toEqual(looks(screen.getByTestId('mantine')));
  });
});
