import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import { isFramablePath } from '../features/embeds/paths';

const nonces = new WeakMap<ServerResponse, string>();

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces, drawn at once: one call to the system's generator per 256 answers. */
let randomPool = Buffer.alloc(0);
let poolOffset = 0;

function freshNonce(): string {
  if (poolOffset + NONCE_BYTES > randomPool.length) {
    randomPool = randomBytes(NONCE_BYTES * 256);
    poolOffset = 0;
  }
  poolOffset += NONCE_BYTES;
  return randomPool.toString('base64', poolOffset - NONCE_BYTES, poolOffset);
}

function nonceOf(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    nonce = freshNonce();
    nonces.set(res, nonce);
  }
  return nonce;
}

/** This response's CSP nonce: every inline script or style element it sends must carry it. */
export const cspNonce = (reply: FastifyReply): string => nonceOf(reply.raw);

const nonceSource = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${nonceOf(res)}'`;

/** A year, as browsers expect for HSTS. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response (helmet): a Content-Security-Policy that runs only
 * our own scripts and the inline ones carrying this response's nonce, no framing (but for the
 * embeds and overlays, which any site may frame), nosniff,
 * a referrer policy that keeps paths on this site. Routes that serve stored files
 * (/media, file downloads) set their own stricter policy over it. helmet's middleware is
 * built once and run on each request: the Fastify plugin built it anew for every request,
 * which cost a public read as much as its zod parsing (docs/decisions/0071-compiled-public-reads.md).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const sanityApi = config.sanity.projectId
    ? [`https://${config.sanity.projectId}.api.sanity.io`, `https://${config.sanity.projectId}.apicdn.sanity.io`]
    : [];
  const headersWith = (frameAncestors: string[]) => helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonceSource],
        scriptSrcAttr: ["'none'"],
        // Mantine writes its CSS variables into <style> elements that carry the nonce (main.tsx).
        styleSrc: ["'self'", nonceSource],
        // The server's render writes Mantine's style props as style attributes (the browser's
        // render sets them through the DOM, which CSP does not govern). An attribute styles one
        // element and runs nothing; <style> elements still need the nonce (docs/decisions/0097).
        styleSrcAttr: ["'unsafe-inline'"],
        // Team and player pictures may be any http(s) URL; uploads are previewed as data: and blob: URLs.
        imgSrc: ['*', 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...sanityApi],
        // The service worker (/sw.js) and the web app manifest are our own files only (docs/decisions/0099-web-push-follows.md).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors,
      },
    },
    // X-Frame-Options knows no 'any site': framable pages send none, others DENY.
    frameguard: frameAncestors.includes("'none'") ? { action: 'deny' } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only a request that came over https may be told to stay on https (below).
    strictTransportSecurity: false,
  });
  const securityHeaders = headersWith(["'none'"]);
  // Embeds and overlays are made to be framed by any site (features/embeds, docs/decisions/0100-embeds-and-overlays.md).
  const framableHeaders = headersWith(['*']);
  app.addHook('onRequest', (req, reply, done) =>
    (isFramablePath(req.url) ? framableHeaders : securityHeaders)(req.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  const hsts = strictTransportSecurityFor(config);
  if (config.trustProxy) {
    app.addHook('onRequest', async (req, reply) => {
      const value = hsts(req.raw);
      if (value) reply.header('strict-transport-security', value);
    });
  }
}

/**
 * The Strict-Transport-Security a request gets: only one that came over https, which behind
 * the proxy (TRUST_PROXY) is X-Forwarded-Proto's last entry, as Fastify's req.protocol reads
 * it. Without the proxy the server speaks plain http and sends none. The response cache asks
 * it for each hit too (response-cache.ts), since one kept answer serves both kinds of request.
 */
export function strictTransportSecurityFor(config: Pick<Config, 'trustProxy'>): (req: IncomingMessage) => string | undefined {
  if (!config.trustProxy) return () => undefined;
  return (req) => {
    const forwarded = req.headers['x-forwarded-proto'];
    const protocol = forwarded ? String(forwarded).split(',').at(-1)!.trim() : (req.socket as TLSSocket).encrypted ? 'https' : 'http';
    return protocol === 'https' ? HSTS : undefined;
  };
}

/** Inline scripts that run (not JSON data blocks, not external files): their text, as the browser hashes it. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g;

/** The SHA-256 sources of the inline scripts in some HTML, as a policy lists them. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(([, source]) => `'sha256-${createHash('sha256').update(source!).digest('base64')}'`);
}

/**
 * A page's policy: its inline scripts (inlineScriptHashes) allowed by their hashes instead of
 * the nonce. A kept page (response-cache.ts) is sent to many visitors, and a nonce must not be:
 * the hashes name exactly the scripts the server wrote, so an injected one still cannot run.
 * Styles keep the nonce the page was rendered with (docs/decisions/0097).
 */
export function pageContentSecurityPolicy(policy: string, scriptHashes: string[]): string {
  return policy.replace(/script-src [^;]*/, `script-src 'self'${[...new Set(scriptHashes)].map((hash) => ` ${hash}`).join('')}`);
}
