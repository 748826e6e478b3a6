import { createHash } from 'node:crypto';
import { entityPathInput, matchPage, teamPage, withoutControlCharacters, type MatchPage, type TeamPage } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { pluralize } from '@campus-elo/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { ifNoneMatchHits } from '../../http/caching';
import type { AppDeps } from '../../trpc';
import { MEDIA_URL_PREFIX } from '../media/pictures';
import { getMatchPage } from '../matches/match-page';
import { getTeamPage } from '../teams/page-queries';
import { escapeHtml } from './head';
import { found, OG_IMAGE_SIZE } from './page-content';

// Link preview pictures (og:image) of teams and matches: an SVG composed here, drawn to PNG
// by sharp (librsvg). Drawing costs tens of milliseconds, so drawn pictures are kept in
// memory by a hash of what they show: a changed Elo, rank or score is a new key, and nothing
// needs to be told of writes. The hash is the ETag too.

/** Bumped when the drawing changes, so kept pictures and browsers' copies are not reused. */
const DRAWING_VERSION = 1;
const LOGO_SIZE = 220;
/** Link preview crawlers fetch a picture a few times at most; a few minutes spares the reads. */
const CACHE_CONTROL = 'public, max-age=300';

const { width: W, height: H } = OG_IMAGE_SIZE;
const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

/** What one picture shows: its hash names it. */
interface Card {
  kind: 'team' | 'match';
  siteName: string;
  lines: Record<string, string | number | null>;
  logos: Array<string | null>;
}

/** Text no longer than `max` characters (by code point), cut with an ellipsis. */
function fit(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/**
 * One line of text. Control characters are taken out before escaping: XML cannot hold most of
 * them, and names stored before the contract refused them still reach here (docs/decisions/0079).
 */
const text = (x: number, y: number, size: number, content: string, options: { weight?: number; fill?: string; anchor?: 'start' | 'middle' | 'end' } = {}) =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${options.weight ?? 400}" fill="${options.fill ?? '#ffffff'}" text-anchor="${options.anchor ?? 'start'}">${escapeHtml(withoutControlCharacters(content))}</text>`;

/** A logo as a PNG data URL, or a plain shield with the name's first letter when there is none. */
function logo(x: number, y: number, dataUrl: string | null, name: string): string {
  if (dataUrl) {
    return `<rect x="${x - 10}" y="${y - 10}" width="${LOGO_SIZE + 20}" height="${LOGO_SIZE + 20}" rx="28" fill="#ffffff"/><image x="${x}" y="${y}" width="${LOGO_SIZE}" height="${LOGO_SIZE}" href="${dataUrl}" preserveAspectRatio="xMidYMid meet"/>`;
  }
  const initial = Array.from(withoutControlCharacters(name).trim())[0]?.toUpperCase() ?? '?';
  return `<rect x="${x - 10}" y="${y - 10}" width="${LOGO_SIZE + 20}" height="${LOGO_SIZE + 20}" rx="28" fill="#dbe4ff"/>${text(x + LOGO_SIZE / 2, y + LOGO_SIZE / 2 + 40, 120, initial, { weight: 700, fill: '#364fc7', anchor: 'middle' })}`;
}

function frame(siteName: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1b2559"/><stop offset="1" stop-color="#364fc7"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
${text(72, 92, 40, fit(siteName, 40), { weight: 700, fill: '#dbe4ff' })}
${body}
</svg>`;
}

function teamSvg(team: TeamPage, siteName: string, logoUrl: string | null): string {
  const school = team.school_name ? text(380, 350, 38, fit(team.school_name, 36), { fill: '#dbe4ff' }) : '';
  return frame(
    siteName,
    `${logo(100, 205, logoUrl, team.name)}
${text(380, 280, 72, fit(team.name, 22), { weight: 700 })}
${school}
${text(380, 480, 44, 'Elo', { fill: '#dbe4ff' })}${text(460, 480, 64, String(team.elo), { weight: 700 })}
${team.rank === null ? '' : `${text(720, 480, 44, 'Rank', { fill: '#dbe4ff' })}${text(850, 480, 64, `#${team.rank}`, { weight: 700 })}`}
${text(380, 560, 34, `${pluralize(team.wins, 'win')} · ${pluralize(team.losses, 'loss')}`, { fill: '#dbe4ff' })}`,
  );
}

function matchMiddle(match: MatchPage): { big: string; small: string } {
  const day = match.date ? new Date(match.date).toUTCString().slice(5, 16) : '';
  if (match.score_team1 !== null && match.score_team2 !== null && match.status !== 'scheduled') {
    return { big: `${match.score_team1} – ${match.score_team2}`, small: match.status === 'in_progress' ? 'Live' : day };
  }
  if (match.status === 'in_progress') return { big: 'vs', small: 'Live' };
  return { big: 'vs', small: match.status === 'scheduled' ? day || 'Scheduled' : match.status.replace('_', ' ') };
}

function matchSvg(match: MatchPage, siteName: string, logos: Array<string | null>): string {
  const { big, small } = matchMiddle(match);
  const side = (centre: number, team: MatchPage['team1'], dataUrl: string | null) =>
    `${logo(centre - LOGO_SIZE / 2, 150, dataUrl, team.name)}
${text(centre, 460, 44, fit(team.name, 16), { weight: 700, anchor: 'middle' })}
${text(centre, 515, 34, `Elo ${team.elo}`, { fill: '#dbe4ff', anchor: 'middle' })}`;
  return frame(
    siteName,
    `${side(270, match.team1, logos[0] ?? null)}
${side(930, match.team2, logos[1] ?? null)}
${text(600, 300, big === 'vs' ? 64 : 96, big, { weight: 700, anchor: 'middle' })}
${text(600, 370, 34, small, { fill: '#dbe4ff', anchor: 'middle' })}
${text(600, 590, 30, fit(match.competition?.name ?? match.season?.name ?? '', 50), { fill: '#dbe4ff', anchor: 'middle' })}`,
  );
}

/** A stored picture (/media/<key>) as a square PNG data URL; anything else draws the plain shield. */
async function logoDataUrl(db: Kysely<Database>, picture: string | null): Promise<string | null> {
  if (!picture?.startsWith(MEDIA_URL_PREFIX)) return null;
  const row = await db.selectFrom('media').select('bytes').where('key', '=', picture.slice(MEDIA_URL_PREFIX.length)).executeTakeFirst();
  if (!row) return null;
  try {
    const png = await sharp(Buffer.from(row.bytes), { limitInputPixels: 4096 * 4096 })
      .resize(LOGO_SIZE * 2, LOGO_SIZE * 2, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch {
    // A picture sharp cannot read draws the plain shield rather than failing the preview.
    return null;
  }
}

async function drawCard(db: Kysely<Database>, card: Card, data: TeamPage | MatchPage): Promise<Buffer> {
  const logos = await Promise.all(card.logos.map((picture) => logoDataUrl(db, picture)));
  const svg = card.kind === 'team' ? teamSvg(data as TeamPage, card.siteName, logos[0] ?? null) : matchSvg(data as MatchPage, card.siteName, logos);
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

const etagOf = (card: Card) => `"og${DRAWING_VERSION}-${createHash('sha1').update(JSON.stringify(card)).digest('base64url')}"`;

function teamCard(team: TeamPage, siteName: string): Card {
  return {
    kind: 'team',
    siteName,
    lines: { name: team.name, school: team.school_name, elo: team.elo, rank: team.rank, wins: team.wins, losses: team.losses },
    logos: [team.picture],
  };
}

function matchCard(match: MatchPage, siteName: string): Card {
  const { big, small } = matchMiddle(match);
  return {
    kind: 'match',
    siteName,
    lines: {
      team1: match.team1.name,
      team2: match.team2.name,
      elo1: match.team1.elo,
      elo2: match.team2.elo,
      big,
      small,
      under: match.competition?.name ?? match.season?.name ?? null,
    },
    logos: [match.team1.picture, match.team2.picture],
  };
}

/**
 * GET /og/teams/{id}.png and /og/matches/{id}.png: 1200x630 link preview pictures, 404 for a
 * malformed or unknown id. Each request reads the page's one statement; drawing happens once
 * per distinct picture (kept up to `maxBytes`).
 */
export async function registerOgImageRoutes(app: FastifyInstance, { db, config }: AppDeps, options: { maxBytes?: number } = {}): Promise<void> {
  const drawn = new LRUCache<string, Buffer>({ maxSize: options.maxBytes ?? 32 * 1024 * 1024, sizeCalculation: (png) => png.length });
  const drawing = new Map<string, Promise<Buffer>>();

  async function answer(req: FastifyRequest, reply: FastifyReply, card: Card, data: TeamPage | MatchPage) {
    const etag = etagOf(card);
    reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
    if (ifNoneMatchHits(req.headers['if-none-match'], etag)) return reply.code(304).send();
    let png = drawn.get(etag);
    if (!png) {
      // Concurrent requests for one picture draw it once.
      let pending = drawing.get(etag);
      if (!pending) {
        pending = drawCard(db, card, data).finally(() => drawing.delete(etag));
        drawing.set(etag, pending);
      }
      png = await pending;
      drawn.set(etag, png);
    }
    return reply.type('image/png').header('cross-origin-resource-policy', 'cross-origin').send(png);
  }

  const notFound = (reply: FastifyReply, what: string) => reply.code(404).send({ error: `No such ${what}` });

  app.get<{ Params: { id: string } }>('/og/teams/:id.png', async (req, reply) => {
    const input = entityPathInput.safeParse(req.params);
    const team = input.success ? await found(async () => teamPage.parse(await getTeamPage(db, input.data.id, config.currentSeasonId))) : undefined;
    if (!team) return notFound(reply, 'team');
    return answer(req, reply, teamCard(team, config.siteName), team);
  });

  app.get<{ Params: { id: string } }>('/og/matches/:id.png', async (req, reply) => {
    const input = entityPathInput.safeParse(req.params);
    const match = input.success ? await found(async () => matchPage.parse(await getMatchPage(db, input.data.id))) : undefined;
    if (!match) return notFound(reply, 'match');
    return answer(req, reply, matchCard(match, config.siteName), match);
  });
}
