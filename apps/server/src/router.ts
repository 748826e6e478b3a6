import { router } from './trpc';
import { publicRouter } from './features/public-router';
import { authRouter } from './features/auth/router';
import { teamsAdminRouter } from './features/teams/admin-router';
import { playersAdminRouter } from './features/players/admin-router';
import { seasonsAdminRouter } from './features/seasons/admin-router';
import { viewerRouter } from './features/viewer/router';
import { importsRouter } from './features/imports/router';
import { eloRouter } from './features/elo/router';
import { rankingsAdminRouter } from './features/rankings/admin-router';
import { mergeRouter } from './features/merge/router';
import { clearDatabaseRouter } from './features/clear-database/router';

export const adminRouter = router({
  teams: teamsAdminRouter,
  players: playersAdminRouter,
  seasons: seasonsAdminRouter,
  viewer: viewerRouter,
  imports: importsRouter,
  elo: eloRouter,
  rankings: rankingsAdminRouter,
  merge: mergeRouter,
  clearDatabase: clearDatabaseRouter,
});

export const appRouter = router({
  public: publicRouter,
  auth: authRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
