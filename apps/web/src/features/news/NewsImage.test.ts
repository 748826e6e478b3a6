import { describe, expect, it } from 'vitest';
import { imageUrlForWidth } from '@campus-elo/api-contract';

describe('imageUrlForWidth', () => {
  it("asks Sanity's image CDN for twice the shown width", () => {
    expect(imageUrlForWidth('https://cdn.sanity.io/images/abc123/production/f00-4000x2250.jpg', 240)).toBe(
      'https://cdn.sanity.io/images/abc123/production/f00-4000x2250.jpg?w=480&fit=max&auto=format',
    );
  });

  it('leaves other pictures alone', () => {
    expect(imageUrlForWidth('/content/images/f00-1200x675.webp', 240)).toBe('/content/images/f00-1200x675.webp');
    expect(imageUrlForWidth('https://cdn.sanity.io/images/abc123/production/f00.jpg', undefined)).toBe('https://cdn.sanity.io/images/abc123/production/f00.jpg');
  });
});
