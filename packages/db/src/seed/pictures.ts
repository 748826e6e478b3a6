import type { Insertable } from 'kysely';
import type { Media } from '../schema';
import { playerAvatarSvg, teamLogoSvg } from './logo';
import type { Random } from './random';
import type { TeamPlan } from './teams';

// The demo league shows a picture for everyone (issue 29): a team the team stream left
// without a usable logo (none, or one of the broken kinds that exercise the site's fallback)
// gets a generated one, and every player a generated avatar. They come from their own random
// stream, so the rest of the league is drawn exactly as before.

function svgMedia(random: Random, key: string, svg: string, createdAt: string): Insertable<Media> {
  const bytes = Buffer.from(svg, 'utf8');
  return { id: random.uuid(), key, content_type: 'image/svg+xml', bytes, size: bytes.length, created_at: createdAt };
}

/** Gives `teams` and `players` their pictures in place; answers the media rows to store. */
export function completeDemoPictures(
  random: Random,
  teams: TeamPlan[],
  players: { id: string; name: string; picture?: string | null }[],
  createdAt: string,
): Insertable<Media>[] {
  const media: Insertable<Media>[] = [];
  for (const team of teams) {
    if (team.picture?.startsWith('/media/teams/') && team.picture.endsWith(`${team.id}/logo.svg`)) continue;
    const key = `teams/${team.id}/logo.svg`;
    media.push(svgMedia(random, key, teamLogoSvg(random, team.name), createdAt));
    team.picture = `/media/${key}`;
  }
  for (const player of players) {
    const key = `players/${player.id}/avatar.svg`;
    media.push(svgMedia(random, key, playerAvatarSvg(random, player.name), createdAt));
    player.picture = `/media/${key}`;
  }
  return media;
}
