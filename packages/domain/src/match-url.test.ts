import { describe, it, expect } from 'vitest';
import { matchUrlForLanguage } from './match-url';

describe('matchUrlForLanguage', () => {
  it('fills the Faceit language placeholder, English by default', () => {
    expect(matchUrlForLanguage('https://www.faceit.com/{lang}/cs2/room/1-abc')).toBe('https://www.faceit.com/en/cs2/room/1-abc');
    expect(matchUrlForLanguage('https://www.faceit.com/{lang}/cs2/room/1-abc', 'de')).toBe('https://www.faceit.com/de/cs2/room/1-abc');
  });

  it('replaces every occurrence', () => {
    expect(matchUrlForLanguage('https://x.test/{lang}/a?l={lang}', 'fr')).toBe('https://x.test/fr/a?l=fr');
  });

  it('leaves other urls alone and keeps null', () => {
    expect(matchUrlForLanguage('https://app.leaguespot.gg/matches/42')).toBe('https://app.leaguespot.gg/matches/42');
    expect(matchUrlForLanguage(null)).toBeNull();
  });
});
