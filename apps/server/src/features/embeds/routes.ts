import { uuidParam } from '@campus-elo/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { restErrorResponse } from '../../http/errors';
import { cspNonce } from '../../http/security-headers';
import type { AppDeps } from '../../trpc';
import { EMBED_SCRIPT } from './embed-script';
import { bracketEmbed, matchEmbed, rankingsEmbed, resultsEmbed, scheduleEmbed, standingsEmbed, type EmbedContext } from './embeds';
import { matchOverlay, teamOverlay, tickerOverlay } from './overlays';
import { embedDocument, embedOptionsInput, messageDocument, overlayDocument, type EmbedOptions, type PageParts } from './page';

type Params = Record<string, string>;
type Render = (context: EmbedContext, options: EmbedOptions, params: Params) => Promise<PageParts>;

/** Each embed and overlay: its path, the path parameter that names what it shows (a uuid), and how it is drawn. */
const EMBEDS: readonly { path: string; id?: { param: string; notFound: string }; render: Render }[] = [
  { path: '/embed/standings', render: standingsEmbed },
  { path: '/embed/rankings', render: rankingsEmbed },
  { path: '/embed/schedule', render: scheduleEmbed },
  { path: '/embed/results', render: resultsEmbed },
  { path: '/embed/bracket/:event', id: { param: 'event', notFound: 'Event not found' }, render: (context, options, params) => bracketEmbed(context, options, params.event!) },
  { path: '/embed/match/:id', id: { param: 'id', notFound: 'Match not found' }, render: (context, options, params) => matchEmbed(context, options, params.id!) },
];

const OVERLAYS: readonly { path: string; id?: { param: string; notFound: string }; render: (context: EmbedContext, params: Params) => Promise<PageParts> }[] = [
  { path: '/overlay/match/:id', id: { param: 'id', notFound: 'Match not found' }, render: (context, params) => matchOverlay(context, params.id!) },
  { path: '/overlay/team/:id', id: { param: 'id', notFound: 'Team not found' }, render: (context, params) => teamOverlay(context, params.id!) },
  { path: '/overlay/ticker', render: tickerOverlay },
];

function sendHtml(reply: FastifyReply, status: number, body: string): FastifyReply {
  // Live pages: a copy kept anywhere would show an old score.
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(body);
}

/**
 * /embed/* and /overlay/* (docs/contract.md, "Embeds and overlays"): small pages drawn here from
 * the features' public reads, with one shared script (embed-script.ts), never the web app's bundle.
 * Bad options answer 400, unknown ids 404, each as a plain page saying so.
 */
export function registerEmbedRoutes(app: FastifyInstance, deps: AppDeps): void {
  const context: EmbedContext = { db: deps.readDb ?? deps.db, currentSeasonId: deps.config.currentSeasonId };

  app.get(EMBED_SCRIPT.path, (_req, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(EMBED_SCRIPT.source),
  );

  const serve =
    (id: { param: string; notFound: string } | undefined, draw: (options: EmbedOptions, params: Params, nonce: string) => Promise<string>) =>
    async (req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
      const nonce = cspNonce(reply);
      const options = embedOptionsInput.safeParse(req.query);
      if (!options.success) return sendHtml(reply, 400, messageDocument(nonce, options.error.issues.map((issue) => issue.message).join('; ')));
      if (id && !uuidParam.safeParse(req.params[id.param]).success) return sendHtml(reply, 404, messageDocument(nonce, id.notFound));
      try {
        return sendHtml(reply, 200, await draw(options.data, req.params, nonce));
      } catch (error) {
        const { status, body, headers, internal } = restErrorResponse(error);
        if (internal) req.log.error({ err: error }, 'embed failed');
        return sendHtml(reply.headers(headers), status, messageDocument(nonce, body.error));
      }
    };

  for (const embed of EMBEDS) {
    app.get(
      embed.path,
      serve(embed.id, async (options, params, nonce) => embedDocument(options, nonce, await embed.render(context, options, params))),
    );
  }
  for (const overlay of OVERLAYS) {
    app.get(
      overlay.path,
      serve(overlay.id, async (options, params, nonce) => overlayDocument(options.accent, nonce, await overlay.render(context, params))),
    );
  }
}
