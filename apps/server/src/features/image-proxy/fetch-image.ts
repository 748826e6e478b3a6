import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import sharp from 'sharp';
import { DomainError, type DomainErrorKind } from '../../lib/errors';
import { isPublicAddress } from './address-policy';

const KIND_OF_STATUS = { 400: 'invalid', 413: 'too_large', 422: 'unprocessable', 502: 'upstream_failed', 504: 'upstream_timeout' } as const satisfies Record<number, DomainErrorKind>;

/** Why a pasted image could not be loaded; `status` is the HTTP status it answers. */
export class ImageProxyError extends DomainError {
  constructor(
    readonly status: keyof typeof KIND_OF_STATUS,
    message: string,
  ) {
    super(KIND_OF_STATUS[status], message);
  }
}

export interface FetchImageOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Which resolved addresses may be contacted; tests widen it to reach a local server. */
  isAllowedAddress?: (address: string) => boolean;
}

export interface ProxiedImage {
  body: Buffer;
  contentType: 'image/png' | 'image/jpeg';
}

const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff', 'heif']);
/** Twice the graphic's 1200x800 canvas is plenty for a background. */
const MAX_OUTPUT_SIDE = 2400;

/** Parses a pasted URL: http(s) only, no credentials, a host given. */
export function parseImageUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ImageProxyError(400, 'Not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImageProxyError(400, 'Only http and https image URLs can be loaded');
  if (url.username || url.password) throw new ImageProxyError(400, 'URLs with a user name or password are not loaded');
  return url;
}

/**
 * A DNS lookup that refuses hosts resolving to a non-public address. It runs at connect time,
 * so the address checked is the address connected to (no DNS-rebinding gap).
 */
function guardedLookup(isAllowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((a) => !isAllowed(a.address));
      if (refused || addresses.length === 0) {
        return callback(Object.assign(new Error(`${hostname} is not a public host`), { code: 'EREFUSEDHOST' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

interface RawResponse {
  status: number;
  location: string | undefined;
  contentType: string;
  body: Buffer;
}

function failure(signal: AbortSignal): ImageProxyError {
  return signal.aborted ? new ImageProxyError(504, 'The image host took too long') : new ImageProxyError(502, 'The image could not be fetched');
}

function request(url: URL, options: Required<FetchImageOptions>, signal: AbortSignal): Promise<RawResponse> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !options.isAllowedAddress(host)) return Promise.reject(new ImageProxyError(400, 'That host cannot be loaded'));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { lookup: guardedLookup(options.isAllowedAddress), signal, headers: { accept: 'image/*' } }, (res) => {
      const status = res.statusCode ?? 0;
      const contentType = (res.headers['content-type'] ?? '').toLowerCase();
      if (status >= 300 && status < 400) {
        res.resume();
        return resolve({ status, location: res.headers.location, contentType, body: Buffer.alloc(0) });
      }
      if (status !== 200) {
        res.resume();
        return reject(new ImageProxyError(502, `The image host answered ${status}`));
      }
      if (!contentType.startsWith('image/')) {
        res.resume();
        return reject(new ImageProxyError(422, 'That URL is not an image'));
      }
      if (Number(res.headers['content-length'] ?? 0) > options.maxBytes) {
        res.destroy();
        return reject(new ImageProxyError(413, 'The image is too large'));
      }
      const parts: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          res.destroy();
          reject(new ImageProxyError(413, 'The image is too large'));
        } else parts.push(chunk);
      });
      res.on('end', () => resolve({ status, location: undefined, contentType, body: Buffer.concat(parts) }));
      res.on('error', () => reject(failure(signal)));
    });
    req.on('error', (error: Error & { code?: string }) => {
      reject(error.code === 'EREFUSEDHOST' ? new ImageProxyError(400, 'That host cannot be loaded') : failure(signal));
    });
  });
}

/**
 * Fetches a pasted image URL for the graphic generator and re-encodes it as PNG or JPEG, so
 * what reaches the browser is a plain raster image from our own origin (never SVG or HTML).
 */
export async function fetchRemoteImage(text: string, options: FetchImageOptions = {}): Promise<ProxiedImage> {
  const settings: Required<FetchImageOptions> = {
    timeoutMs: options.timeoutMs ?? 10_000,
    maxBytes: options.maxBytes ?? 10 * 1024 * 1024,
    maxRedirects: options.maxRedirects ?? 3,
    isAllowedAddress: options.isAllowedAddress ?? isPublicAddress,
  };
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let url = parseImageUrl(text);
  let response = await request(url, settings, signal);
  for (let redirects = 0; response.status !== 200; redirects += 1) {
    if (!response.location || redirects >= settings.maxRedirects) throw new ImageProxyError(502, 'Too many redirects');
    url = parseImageUrl(new URL(response.location, url).toString());
    response = await request(url, settings, signal);
  }
  return reencode(response.body);
}

async function reencode(input: Buffer): Promise<ProxiedImage> {
  try {
    const image = sharp(input, { limitInputPixels: 50_000_000, animated: false });
    const meta = await image.metadata();
    if (!meta.format || !RASTER_FORMATS.has(meta.format)) throw new ImageProxyError(422, 'That URL is not a supported image');
    const resized = image.rotate().resize({ width: MAX_OUTPUT_SIDE, height: MAX_OUTPUT_SIDE, fit: 'inside', withoutEnlargement: true });
    return meta.hasAlpha
      ? { body: await resized.png().toBuffer(), contentType: 'image/png' }
      : { body: await resized.jpeg({ quality: 90 }).toBuffer(), contentType: 'image/jpeg' };
  } catch (error) {
    if (error instanceof ImageProxyError) throw error;
    throw new ImageProxyError(422, 'That URL is not a readable image');
  }
}
