import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_PLAYER_PICTURE, DEFAULT_TEAM_LOGO, imageSrcOrFallback, isUsableImageSrc } from './images';

describe('image fallback', () => {
  it('has the default paths', () => {
    expect(DEFAULT_TEAM_LOGO).toBe('/images/default-logo.svg');
    expect(DEFAULT_PLAYER_PICTURE).toBe('/images/player-silhouette.svg');
  });

  it.each([null, undefined, '', '   ', 'undefined', 'null', ' NULL ', 'Undefined'])('falls back for %j', (src) => {
    expect(isUsableImageSrc(src)).toBe(false);
    expect(imageSrcOrFallback(src, 'team')).toBe(DEFAULT_TEAM_LOGO);
    expect(imageSrcOrFallback(src, 'player')).toBe(DEFAULT_PLAYER_PICTURE);
  });

  it('keeps a usable picture unchanged', () => {
    const src = '/media/teams/alpha.png';
    expect(isUsableImageSrc(src)).toBe(true);
    expect(imageSrcOrFallback(src, 'team')).toBe(src);
    expect(imageSrcOrFallback('https://cdn.example/null.png', 'player')).toBe('https://cdn.example/null.png');
  });

  it('returns either the source itself or the fallback for its kind', () => {
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: undefined }), fc.constantFrom('team' as const, 'player' as const), (src, kind) => {
        const shown = imageSrcOrFallback(src, kind);
        const fallback = kind === 'team' ? DEFAULT_TEAM_LOGO : DEFAULT_PLAYER_PICTURE;
        expect(shown).toBe(isUsableImageSrc(src) ? src : fallback);
        expect(shown.trim()).not.toBe('');
      }),
    );
  });
});
