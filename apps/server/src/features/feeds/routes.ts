import { uuidParam } from '@campus-elo/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { restErrorResponse } from '../../http/errors';
import { invalid, notFound } from '../../lib/errors';
import type { AppDeps } from '../../trpc';
import { newsSource } from '../content/latest-posts';
import { matchesCalendar, teamMatches, upcomingMatches } from './calendar';
import { newsFeed } from './news';

/** Feeds are polled: a few minutes old is fresh enough (the site's own data is fresh for five). */
const FEED_CACHE = 'public, max-age=300';

/** The site's address for links: PUBLIC_URL, else the address the request was sent to. */
function siteOrigin(req: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).origin : `${req.protocol}://${req.host}`;
}

function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  const response = restErrorResponse(error);
  if (response.internal) reply.log.error({ err: error }, 'feed failed');
  return reply.code(response.status).headers(response.headers).send(response.body);
}

/**
 * Calendar feeds (iCalendar) of matches and the news as RSS 2.0 (docs/contract.md, "Feeds"):
 * GET /feeds/matches.ics, /feeds/teams/{id}.ics and /feeds/news.xml.
 */
export async function registerFeedRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config } = deps;
  const news = newsSource(config, { warn: (message) => app.log.warn(message) });

  const sendCalendar = (reply: FastifyReply, body: string, filename: string) =>
    reply.type('text/calendar; charset=utf-8').header('cache-control', FEED_CACHE).header('content-disposition', `inline; filename="${filename}"`).send(body);

  app.get('/feeds/matches.ics', async (req, reply) => {
    try {
      const origin = siteOrigin(req, config.publicUrl);
      const matches = await upcomingMatches(db, new Date());
      return sendCalendar(reply, matchesCalendar({ name: `${config.siteName}: live and upcoming matches`, matches, siteOrigin: origin }), 'matches.ics');
    } catch (error) {
      return sendError(reply, error);
    }
  });

  app.get<{ Params: { id: string } }>('/feeds/teams/:id.ics', async (req, reply) => {
    try {
      if (!uuidParam.safeParse(req.params.id).success) throw invalid('Invalid team id format');
      const team = await db.selectFrom('teams').select(['id', 'name']).where('id', '=', req.params.id).executeTakeFirst();
      if (!team) throw notFound('Team not found');
      const origin = siteOrigin(req, config.publicUrl);
      const matches = await teamMatches(db, team.id);
      return sendCalendar(reply, matchesCalendar({ name: `${team.name} matches (${config.siteName})`, matches, siteOrigin: origin }), `team-${team.id}.ics`);
    } catch (error) {
      return sendError(reply, error);
    }
  });

  app.get('/feeds/news.xml', async (req, reply) => {
    try {
      const body = await newsFeed(news, { siteName: config.siteName, siteOrigin: siteOrigin(req, config.publicUrl) });
      return reply.type('application/rss+xml; charset=utf-8').header('cache-control', FEED_CACHE).send(body);
    } catch (error) {
      return sendError(reply, error);
    }
  });
}
