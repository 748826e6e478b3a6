import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';

let t: StaffTestApp;
let headers: Record<string, string>;
let teamId: string;
let playerId: string;

beforeAll(async () => {
  t = await createStaffTestApp();
  headers = await t.browserHeaders(t.admin);
  teamId = (await t.database.db.insertInto('teams').values({ name: 'Pixel Pandas', picture: '/media/teams/keep.png' }).returning('id').executeTakeFirstOrThrow()).id;
  playerId = (await t.database.db.insertInto('players').values({ name: 'Pix' }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const exif = { IFD0: { Copyright: 'Secret Photographer', ImageDescription: 'taken at home' } };
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 1 } } });

const putTeam = (picture: string) =>
  t.app.inject({ method: 'PUT', url: `/v1/teams/${teamId}/`, headers, payload: { name: 'Pixel Pandas', elo: 1000, picture } });

describe('picture upload round trip', () => {
  it('re-encodes a real PNG, strips its metadata, stores it and serves it immutable from /media', async () => {
    const png = await solid(2000, 1000).withMetadata({ exif }).png().toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const response = await putTeam(dataUrl(png));
    expect(response.statusCode).toBe(200);
    const picture = (response.json() as { picture: string }).picture;
    expect(picture).toMatch(new RegExp(`^/media/teams/${teamId}/\\d+\\.png$`));

    const served = await t.app.inject({ method: 'GET', url: picture });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([1024, 512]);

    const row = await t.database.db.selectFrom('media').select(['key', 'size']).where('key', '=', picture.slice('/media/'.length)).executeTakeFirstOrThrow();
    expect(row.size).toBe(served.rawPayload.length);
  });

  it('turns a JPEG into WebP without its EXIF, for a player too', async () => {
    const jpeg = await solid(300, 200).withMetadata({ exif }).jpeg().toBuffer();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/v1/players/${playerId}/`,
      headers,
      payload: { name: 'Pix', elo: 1000, skill_level: 1, team_id: null, benched: false, visible: true, picture: dataUrl(jpeg, 'image/jpeg') },
    });
    expect(response.statusCode).toBe(200);
    const picture = (response.json() as { picture: string }).picture;
    expect(picture).toMatch(new RegExp(`^/media/players/${playerId}/\\d+\\.webp$`));
    const served = await t.app.inject({ method: 'GET', url: picture });
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a text file that claims to be a PNG with 400, and changes nothing', async () => {
    const before = await t.database.db.selectFrom('media').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const teamBefore = await t.database.db.selectFrom('teams').select(['picture', 'name']).where('id', '=', teamId).executeTakeFirstOrThrow();
    const response = await putTeam(dataUrl(Buffer.from('this is a text file named picture.png\n')));
    expect(response.statusCode).toBe(400);
    expect((response.json() as { error: string }).error).toMatch(/not an image/);
    const after = await t.database.db.selectFrom('media').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await t.database.db.selectFrom('teams').select(['picture', 'name']).where('id', '=', teamId).executeTakeFirstOrThrow()).toEqual(teamBefore);
  });

  it('refuses an SVG (it could carry a script) and a truncated image', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect((await putTeam(dataUrl(svg, 'image/svg+xml'))).statusCode).toBe(400);
    const png = await solid(64, 64).png().toBuffer();
    expect((await putTeam(dataUrl(png.subarray(0, 40)))).statusCode).toBe(400);
  });

  it('refuses a picture over 5 MB with 400', async () => {
    const response = await putTeam(dataUrl(Buffer.alloc(5 * 1024 * 1024 + 10, 1)));
    expect(response.statusCode).toBe(400);
    expect((response.json() as { error: string }).error).toMatch(/5 MB/);
  });
});

describe('GET /media/*', () => {
  it('serves a stored SVG logo with its type and a Content-Security-Policy that keeps it inert', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>';
    await t.database.db
      .insertInto('media')
      .values({ key: `teams/${teamId}/logo.svg`, content_type: 'image/svg+xml', bytes: Buffer.from(svg), size: svg.length })
      .execute();
    const served = await t.app.inject({ method: 'GET', url: `/media/teams/${teamId}/logo.svg` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body).toBe(svg);
  });

  it('answers 404 for an unknown key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/teams/nothing/here.png' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('error');
  });
});
