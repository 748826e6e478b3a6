import type { NewsPostSummaryResult } from '@campus-elo/api-contract';
import { describe, expect, it } from 'vitest';
import { authorLabel, toPostSummary } from './posts';

const result = (text: string, overrides: Partial<NewsPostSummaryResult> = {}): NewsPostSummaryResult => ({
  _id: 'post-1',
  title: 'Title',
  slug: 'title',
  publishedAt: '2026-11-18T17:30:00Z',
  imageUrl: null,
  imageDimensions: null,
  author: null,
  authorLink: null,
  bodyText: [{ _type: 'block', children: [{ _type: 'span', text }] }],
  ...overrides,
});

describe('toPostSummary', () => {
  it('cuts the excerpt from the body text and marks that it goes on', () => {
    const summary = toPostSummary(result('The season starts today. Good luck!'), 10);
    expect(summary.excerpt).toBe('The season…');
    expect(summary).toMatchObject({ id: 'post-1', slug: 'title', title: 'Title' });
  });

  it('leaves a short body whole', () => {
    expect(toPostSummary(result('Short.'), 150).excerpt).toBe('Short.');
    expect(toPostSummary(result('', { bodyText: null }), 150).excerpt).toBe('');
  });
});

describe('authorLabel', () => {
  it('falls back to the site staff', () => {
    expect(authorLabel('Maya Okafor')).toBe('Maya Okafor');
    expect(authorLabel(null)).toBe('Campus Elo Staff');
    expect(authorLabel('  ')).toBe('Campus Elo Staff');
  });
});
