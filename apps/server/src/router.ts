import { auditRouter } from './features/audit/router';
import { authRouter } from './features/auth/router';
import { competitionsAdminRouter, competitionsPublicProcedures } from './features/competitions/router';
import { databaseRouter } from './features/database/router';
import { eloRouter } from './features/elo/router';
import { eventsAdminRouter, eventsPublicProcedures } from './features/events/router';
import { matchStatsAdminRouter, matchStatsPublicProcedures } from './features/match-stats/router';
import { imageProxyRouter } from './features/image-proxy/router';
import { importsRouter } from './features/imports/router';
import { jobsRouter } from './features/jobs/router';
import { matchesAdminRouter, matchesPublicProcedures } from './features/matches/router';
import { mergeRouter } from './features/merge/router';
import { playersAdminRouter, playersPublicProcedures } from './features/players/router';
import { rankingsAdminRouter, rankingsPublicProcedures } from './features/rankings/router';
import { ratingsAdminRouter, ratingsPublicProcedures } from './features/ratings/router';
import { followingRouter, pushPublicProcedures } from './features/push/router';
import { searchPublicProcedures } from './features/search/router';
import { staffRouter } from './features/staff/router';
import { divisionsAdminRouter, standingsPublicProcedures } from './features/standings/router';
import { seasonsAdminRouter, seasonsPublicProcedures } from './features/seasons/router';
import { teamRatingPublicProcedures } from './features/team-rating/router';
import { teamsAdminRouter, teamsPublicProcedures } from './features/teams/router';
import { viewerRouter } from './features/viewer/router';
import { webhooksRouter } from './features/webhooks/router';
import { router } from './trpc';

/**
 * Every procedure of the API. Each feature declares its own; a procedure with `meta.rest`
 * is also a /v1 endpoint (docs/architecture.md, "How a request flows").
 */
export const appRouter = router({
  /** Every read the public pages need; no sign-in. */
  public: router({
    ...teamsPublicProcedures,
    ...teamRatingPublicProcedures,
    ...playersPublicProcedures,
    ...matchesPublicProcedures,
    ...seasonsPublicProcedures,
    ...competitionsPublicProcedures,
    ...rankingsPublicProcedures,
    ...searchPublicProcedures,
    ...eventsPublicProcedures,
    ...matchStatsPublicProcedures,
    ...ratingsPublicProcedures,
    ...standingsPublicProcedures,
    ...pushPublicProcedures,
  }),
  /** Following teams from a browser, no account: public writes (features/push). */
  following: followingRouter,
  auth: authRouter,
  /** Platforms' deliveries, each authenticated by its own shared secret. */
  webhooks: webhooksRouter,
  /** Staff only: every procedure here is built on staffProcedure or ownerProcedure. */
  admin: router({
    teams: teamsAdminRouter,
    matches: matchesAdminRouter,
    players: playersAdminRouter,
    seasons: seasonsAdminRouter,
    competitions: competitionsAdminRouter,
    viewer: viewerRouter,
    imports: importsRouter,
    elo: eloRouter,
    rankings: rankingsAdminRouter,
    merge: mergeRouter,
    database: databaseRouter,
    imageProxy: imageProxyRouter,
    audit: auditRouter,
    staff: staffRouter,
    jobs: jobsRouter,
    events: eventsAdminRouter,
    matchStats: matchStatsAdminRouter,
    ratings: ratingsAdminRouter,
    divisions: divisionsAdminRouter,
  }),
});

export type AppRouter = typeof appRouter;
