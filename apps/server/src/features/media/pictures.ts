import { isPictureDataUrl, MAX_PICTURE_BYTES } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { invalid, type DomainError } from '../../lib/errors';

/** Raster formats we take in; anything else (SVG, PDF, text named .png) is refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Pictures are shown at most this big; larger ones are scaled down on the server too. */
const MAX_SIDE = 1024;
/** Refuses decompression bombs before decoding them. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface EncodedPicture {
  bytes: Buffer;
  contentType: 'image/png' | 'image/webp';
  extension: 'png' | 'webp';
}

function notAnImage(): DomainError {
  return invalid('The picture is not an image (PNG, JPEG, WebP, GIF or AVIF)');
}

/**
 * Re-encodes an uploaded picture, judged by its content, never its name: turned upright,
 * at most 1024 px a side, every metadata field (EXIF, GPS, ICC comments) dropped. PNG stays
 * PNG (it may carry transparency); everything else becomes WebP.
 */
export async function reencodePicture(input: Buffer): Promise<EncodedPicture> {
  if (input.length > MAX_PICTURE_BYTES) throw invalid('The picture is larger than 5 MB');
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let format: string | undefined;
  try {
    format = (await sharp(input, options).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();
  try {
    const pipeline = sharp(input, options).rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    if (format === 'png') return { bytes: await pipeline.png({ compressionLevel: 9 }).toBuffer(), contentType: 'image/png', extension: 'png' };
    return { bytes: await pipeline.webp({ quality: 85 }).toBuffer(), contentType: 'image/webp', extension: 'webp' };
  } catch {
    throw notAnImage();
  }
}

function decodeDataUrl(dataUrl: string): Buffer {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return Buffer.from(base64, 'base64');
}

export const MEDIA_URL_PREFIX = '/media/';

/**
 * The picture URL to store for a team or player. A `data:image/...` URL is a new upload:
 * re-encoded, stored in the media table under `{folder}/{id}/{timestamp}.{ext}` (inside
 * the caller's transaction) and answered as its /media URL. Any other value is kept as is;
 * none means no picture.
 */
export async function storedPictureUrl(
  trx: Kysely<Database>,
  folder: 'teams' | 'players',
  ownerId: string,
  picture: string | undefined,
): Promise<string | null> {
  if (picture === undefined) return null;
  if (!isPictureDataUrl(picture)) return picture;
  const encoded = await reencodePicture(decodeDataUrl(picture));
  const key = `${folder}/${ownerId}/${Date.now()}.${encoded.extension}`;
  await trx
    .insertInto('media')
    .values({ key, content_type: encoded.contentType, bytes: encoded.bytes, size: encoded.bytes.length })
    .onConflict((oc) => oc.column('key').doUpdateSet({ content_type: encoded.contentType, bytes: encoded.bytes, size: encoded.bytes.length }))
    .execute();
  return `${MEDIA_URL_PREFIX}${key}`;
}
