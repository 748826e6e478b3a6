// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { embedSnippet, embedUrl, overlayUrls } from './embed-snippet';

describe('embed snippets', () => {
  it('puts the options in the address, leaving out the defaults', () => {
    expect(embedUrl('https://elo.example', '/embed/rankings')).toBe('https://elo.example/embed/rankings');
    expect(embedUrl('https://elo.example', '/embed/schedule', { theme: 'dark', params: { team: 'abc' } })).toBe('https://elo.example/embed/schedule?team=abc&theme=dark');
  });

  it('gives an iframe and a resize listener that believes only our origin', () => {
    const snippet = embedSnippet('https://elo.example/embed/results?team=a&theme=dark', 'Results "A"');
    expect(snippet).toContain('<iframe src="https://elo.example/embed/results?team=a&amp;theme=dark" title="Results &quot;A&quot;"');
    expect(snippet).toContain('event.origin !== "https://elo.example"');
    expect(snippet).toContain("event.data.type !== 'campus-elo:embed-height'");
  });

  it("lists a match's overlays: the match, each team, the ticker", () => {
    const urls = overlayUrls('https://elo.example', { id: 'm', team1: { id: 't1', name: 'A' }, team2: { id: 't2', name: 'B' } });
    expect(urls.map((entry) => entry.url)).toEqual([
      'https://elo.example/overlay/match/m',
      'https://elo.example/overlay/team/t1',
      'https://elo.example/overlay/team/t2',
      'https://elo.example/overlay/ticker',
    ]);
  });
});
