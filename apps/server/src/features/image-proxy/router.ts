import { fileReply } from '@campus-elo/api-contract';
import { z } from 'zod';
import { router, staffProcedure } from '../../trpc';
import { fetchRemoteImage } from './fetch-image';

/**
 * GET /v1/image-proxy?url=...: lets the graphic generator draw a pasted image URL on its
 * canvas without tainting it (the image then comes from our own origin).
 */
export const imageProxyRouter = router({
  fetch: staffProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/image-proxy',
        summary: 'A remote image served from our origin (graphic generator)',
        description: "Answers the image's bytes with its own content type.",
        tag: 'Graphic generator',
        reply: 'file',
        params: { url: 'The image URL (http or https).' },
        errors: { 413: 'The image is too large', 422: 'That URL is not an image', 502: 'The image host failed', 504: 'The image host took too long' },
      },
    })
    .input(z.object({ url: z.string({ error: 'Invalid url: give the image URL as ?url=' }).trim().min(1, { error: 'Invalid url: give the image URL as ?url=' }) }))
    .output(fileReply)
    .query(async ({ input }) => {
      const image = await fetchRemoteImage(input.url);
      return { content_type: image.contentType, cache_control: 'private, max-age=3600', body: image.body };
    }),
});
