import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { EloChange } from './EloChange';
import { formatSignedNumber } from './format';
import { StarRating } from './StarRating';

describe('StarRating', () => {
  it.each([1, 2, 3, 4, 5] as const)('announces %i of 5 stars and fills that many', (value) => {
    const { container } = render(<StarRating value={value} />);
    expect(screen.getByRole('img', { name: `${value} of 5 stars` })).toBeTruthy();
    expect(container.querySelectorAll('svg')).toHaveLength(5);
    expect(container.querySelectorAll('svg[class*="filled"]')).toHaveLength(value);
  });

  it('says what the stars mean on hover', () => {
    render(<StarRating value={4} />);
    expect(screen.getByRole('img', { name: '4 of 5 stars' }).getAttribute('title')).toBe('4 of 5 stars: how worth watching: more stars for strong teams close in Elo');
  });
});

describe('Elo change display', () => {
  it('always shows the sign', () => {
    expect(formatSignedNumber(54)).toBe('+54');
    expect(formatSignedNumber(-96)).toBe('-96');
    expect(formatSignedNumber(0)).toBe('0');
  });

  it('renders a gain and a loss', () => {
    render(
      <MantineProvider>
        <EloChange value={54} />
        <EloChange value={-96} />
      </MantineProvider>,
    );
    expect(screen.getByText('+54').className).toMatch(/gain/);
    expect(screen.getByText('-96').className).toMatch(/loss/);
  });
});
