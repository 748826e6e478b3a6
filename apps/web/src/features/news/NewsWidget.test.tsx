import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sanityClient } from '../../lib/sanity';
import { never, renderWithProviders } from '../common/testing';
import { NewsPage } from './NewsPage';
import { NewsWidget } from './NewsWidget';
import { homePostsQuery, newsPagePostsQuery } from '@campus-elo/api-contract';

vi.mock('../../lib/sanity', () => ({ sanityClient: { fetch: vi.fn() } }));
const fetchMock = vi.mocked(sanityClient.fetch);

const post = (n: number, overrides: Record<string, unknown> = {}) => ({
  _id: `post-${n}`,
  title: `Post number ${n}`,
  slug: `post-${n}`,
  publishedAt: new Date(Date.now() - n * 86_400_000).toISOString(),
  imageUrl: `/content/images/${n}.webp`,
  imageDimensions: { width: 1200, height: 675 },
  author: n % 2 ? null : 'Maya Okafor',
  authorLink: null,
  bodyText: [{ _type: 'block', children: [{ _type: 'span', text: `Body of post ${n}. `.repeat(30) }] }],
  ...overrides,
});

beforeEach(() => fetchMock.mockReset());

describe('NewsWidget', () => {
  it('shows the posts, the first featured, each linking to its article', async () => {
    fetchMock.mockResolvedValue(Array.from({ length: 8 }, (_, i) => post(i + 1)) as never);
    renderWithProviders(<NewsWidget />);
    const featured = await screen.findByTestId('featured-post');
    expect(fetchMock).toHaveBeenCalledWith(homePostsQuery, {}, expect.anything());
    expect(featured.querySelector('a')?.getAttribute('href')).toBe('/news/post-1');
    expect(screen.getAllByTestId('post-row')).toHaveLength(7);
    expect(screen.getByRole('link', { name: 'News' }).getAttribute('href')).toBe('/news');
    const excerpt = featured.querySelector('p')?.textContent ?? '';
    expect(excerpt.endsWith('…')).toBe(true);
    expect(Array.from(excerpt.slice(0, -1)).length).toBeLessThanOrEqual(150);
    expect(Array.from(excerpt.slice(0, -1)).length).toBeGreaterThan(140);
    const bylines = screen.getAllByTestId('post-meta').map((meta) => meta.textContent ?? '');
    expect(bylines.filter((byline) => byline.startsWith('By Campus Elo Staff · '))).toHaveLength(4);
    expect(bylines.filter((byline) => byline.startsWith('By Maya Okafor · '))).toHaveLength(4);
  });

  it('shows a spinner while loading, then the failure or the empty message', async () => {
    fetchMock.mockImplementation(never);
    const loading = renderWithProviders(<NewsWidget />);
    expect(await screen.findByRole('status', { name: 'Loading news' })).toBeTruthy();
    loading.unmount();

    fetchMock.mockRejectedValue(new Error('down'));
    const failed = renderWithProviders(<NewsWidget />);
    expect((await screen.findByText('Failed to load news posts')).getAttribute('role')).toBe('alert');
    failed.unmount();

    fetchMock.mockResolvedValue([] as never);
    renderWithProviders(<NewsWidget />);
    expect(await screen.findByText('No news posts available')).toBeTruthy();
  });
});

describe('NewsPage', () => {
  it('lists the posts with 300-character excerpts and sets the title', async () => {
    fetchMock.mockResolvedValue(Array.from({ length: 10 }, (_, i) => post(i + 1)) as never);
    renderWithProviders(<NewsPage />);
    const featured = await screen.findByTestId('featured-post');
    expect(fetchMock).toHaveBeenCalledWith(newsPagePostsQuery, {}, expect.anything());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('News');
    expect(document.title).toBe('News | Campus Elo');
    const excerpt = featured.querySelector('p')?.textContent ?? '';
    expect(Array.from(excerpt.slice(0, -1)).length).toBeLessThanOrEqual(300);
    expect(Array.from(excerpt.slice(0, -1)).length).toBeGreaterThan(290);
    expect(screen.getAllByTestId('post-row')).toHaveLength(9);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(10);
  });
});
