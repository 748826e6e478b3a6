import { DEFAULT_PLAYER_PICTURE, DEFAULT_TEAM_LOGO } from '@campus-elo/domain';
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlayerPicture, TeamLogo } from './EntityImage';

const imageIn = (container: HTMLElement) => container.querySelector('img')!;

describe('TeamLogo and PlayerPicture', () => {
  it.each([null, undefined, '', '  ', 'undefined', 'null'])('show the default logo for %j', (src) => {
    expect(imageIn(render(<TeamLogo src={src} size={32} />).container).getAttribute('src')).toBe(DEFAULT_TEAM_LOGO);
  });

  it('shows the player silhouette for a player without a picture', () => {
    expect(imageIn(render(<PlayerPicture src={null} size={32} />).container).getAttribute('src')).toBe(DEFAULT_PLAYER_PICTURE);
  });

  it('keeps a usable source and sets width and height', () => {
    const image = imageIn(render(<TeamLogo src="/media/owls.png" size={40} />).container);
    expect(image.getAttribute('src')).toBe('/media/owls.png');
    expect(image.getAttribute('width')).toBe('40');
    expect(image.getAttribute('height')).toBe('40');
  });

  it('falls back when the image fails to load', () => {
    const team = imageIn(render(<TeamLogo src="/media/broken.png" size={32} />).container);
    fireEvent.error(team);
    expect(team.getAttribute('src')).toBe(DEFAULT_TEAM_LOGO);
    const player = imageIn(render(<PlayerPicture src="/media/broken.png" size={32} />).container);
    fireEvent.error(player);
    expect(player.getAttribute('src')).toBe(DEFAULT_PLAYER_PICTURE);
  });

  it('marks the default pictures, which the dark scheme darkens instead of showing white squares', () => {
    expect(imageIn(render(<TeamLogo src={null} size={32} />).container).hasAttribute('data-fallback')).toBe(true);
    const logo = imageIn(render(<TeamLogo src="/media/owls.png" size={32} />).container);
    expect(logo.hasAttribute('data-fallback')).toBe(false);
    fireEvent.error(logo);
    expect(logo.hasAttribute('data-fallback')).toBe(true);
  });
});
