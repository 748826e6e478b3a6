import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentQueryUrl, createSanityClient } from './sanity';

const local = { projectId: 'local', dataset: 'production', apiVersion: '2025-08-13', local: true };
const real = { projectId: 'abc123', dataset: 'production', apiVersion: '2025-08-13', local: false };

afterEach(() => vi.unstubAllGlobals());

describe('the news client', () => {
  it("asks the site's own endpoint, or the project's API, as @sanity/client would", () => {
    const localUrl = new URL(contentQueryUrl(local, 'https://league.example', '*[slug.current == $slug][0]', { slug: 'a post' }));
    expect(`${localUrl.origin}${localUrl.pathname}`).toBe('https://league.example/content/v2025-08-13/data/query/production');
    expect(localUrl.searchParams.get('query')).toBe('*[slug.current == $slug][0]');
    expect(localUrl.searchParams.get('$slug')).toBe('"a post"');
    expect(localUrl.searchParams.get('returnQuery')).toBe('false');
    expect(contentQueryUrl(real, 'https://league.example', '*')).toMatch(/^https:\/\/abc123\.api\.sanity\.io\/v2025-08-13\/data\/query\/production\?query=\*/);
  });

  it('answers the result, and throws the service\'s own description on an error', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const client = createSanityClient(local, 'https://league.example');
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ result: [{ _id: 'a' }], ms: 1 }), { status: 200 }));
    expect(await client.fetch('*')).toEqual([{ _id: 'a' }]);
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ error: { description: 'Syntax error' } }), { status: 400 }));
    await expect(client.fetch('*[')).rejects.toThrow('Syntax error');
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    await expect(client.fetch('*')).rejects.toThrow('The news service answered 502');
  });
});
