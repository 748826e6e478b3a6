import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';

const nonces = new WeakMap<ServerResponse, string>();

function nonceOf(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
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
 * our own scripts and the inline ones carrying this response's nonce, no framing, nosniff,
 * a referrer policy that keeps paths on this site. Routes that serve stored files
 * (/media, file downloads) set their own stricter policy over it.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const sanityApi = config.sanity.projectId
    ? [`https://${config.sanity.projectId}.api.sanity.io`, `https://${config.sanity.projectId}.apicdn.sanity.io`]
    : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonceSource],
        scriptSrcAttr: ["'none'"],
        // Mantine writes its CSS variables into <style> elements that carry the nonce (main.tsx).
        styleSrc: ["'self'", nonceSource],
        // Team and player pictures may be any http(s) URL; uploads are previewed as data: and blob: URLs.
        imgSrc: ['*', 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...sanityApi],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only a request that came over https may be told to stay on https (below).
    strictTransportSecurity: false,
  });
  if (config.trustProxy) {
    // Behind the proxy, req.protocol is X-Forwarded-Proto.
    app.addHook('onRequest', async (req, reply) => {
      if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    });
  }
}
