import type { Insertable } from 'kysely';
import type { Media } from '../schema';
import { teamLogoSvg } from './logo';
import { createTeamIdentities } from './names';
import type { Random } from './random';

export interface TeamPlan {
  id: string;
  name: string;
  schoolName: string | null;
  picture: string | null;
  /** How good the roster is meant to be, on the Elo scale: players are drawn around it. */
  targetElo: number;
  /** Index of the first and last season the team played (seasons oldest first). */
  firstSeason: number;
  lastSeason: number;
  faceitTeamId: string;
  leaguespotTeamId: string;
}

export type LogoMode = 'per-team' | 'shared';

/** Scale leagues share a few logos instead of storing thousands. */
const SHARED_LOGO_COUNT = 16;
const CLUB_SHARE = 1 / 7;
const NO_PICTURE_SHARE = 1 / 8;
/** Pictures the site must replace with its default logo. */
const BROKEN_PICTURES = { undefinedText: 'undefined', missingFile: '/media/teams/missing.png' } as const;

function svgMedia(random: Random, key: string, svg: string, createdAt: string): Insertable<Media> {
  const bytes = Buffer.from(svg, 'utf8');
  return { id: random.uuid(), key, content_type: 'image/svg+xml', bytes, size: bytes.length, created_at: createdAt };
}

/**
 * Target Elo skewed towards the bottom: most teams sit between 850 and 1500 and about one
 * in eight is strong enough (2000+) for four- and five-star matches.
 */
function drawTargetElo(random: Random): number {
  return Math.round(850 + 1450 * random.next() ** 1.5);
}

function drawSeasonSpan(random: Random, seasonCount: number): { firstSeason: number; lastSeason: number } {
  const last = seasonCount - 1;
  const roll = random.next();
  const firstSeason = Math.min(last, roll < 0.7 ? 0 : roll < 0.82 ? 1 : roll < 0.92 ? 2 : 3);
  const lastSeason = firstSeason < last && random.chance(0.1) ? random.int(firstSeason, last - 1) : last;
  return { firstSeason, lastSeason };
}

export function createTeams(
  random: Random,
  options: { count: number; seasonCount: number; logos: LogoMode; createdAt: string; takenNames?: Set<string> },
): { teams: TeamPlan[]; media: Insertable<Media>[] } {
  const { count, seasonCount, logos, createdAt } = options;
  const identities = createTeamIdentities(random, count, CLUB_SHARE, options.takenNames);
  const media: Insertable<Media>[] = [];
  const shared: string[] = [];
  if (logos === 'shared') {
    for (let n = 1; n <= SHARED_LOGO_COUNT; n++) {
      const key = `teams/shared/logo-${n}.svg`;
      media.push(svgMedia(random, key, teamLogoSvg(random, `Team ${String.fromCharCode(64 + n)}`), createdAt));
      shared.push(`/media/${key}`);
    }
  }
  // One team of each broken kind, at positions that do not depend on the league's size.
  const undefinedAt = Math.min(count - 1, 4);
  const missingAt = Math.min(count - 1, 9);

  const teams = identities.map((identity, index): TeamPlan => {
    const id = random.uuid();
    let picture: string | null;
    if (index === undefinedAt) picture = BROKEN_PICTURES.undefinedText;
    else if (index === missingAt) picture = BROKEN_PICTURES.missingFile;
    else if (random.chance(NO_PICTURE_SHARE)) picture = null;
    else if (logos === 'shared') picture = random.pick(shared);
    else {
      const key = `teams/${id}/logo.svg`;
      media.push(svgMedia(random, key, teamLogoSvg(random, identity.name), createdAt));
      picture = `/media/${key}`;
    }
    return {
      id,
      name: identity.name,
      schoolName: identity.schoolName,
      picture,
      targetElo: drawTargetElo(random),
      ...drawSeasonSpan(random, seasonCount),
      faceitTeamId: random.uuid(),
      leaguespotTeamId: random.uuid(),
    };
  });
  return { teams, media };
}
