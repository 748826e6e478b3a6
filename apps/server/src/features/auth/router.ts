import { meOutput, signInInput, signInOutput, tokenOutput } from '@campus-elo/api-contract';
import { z } from 'zod';
import { publicProcedure, router } from '../../trpc';
import { clearSessionCookie, setSessionCookie } from './cookies';
import { luciaFor } from './lucia';
import { requestSession } from './session';
import { authenticate, startSession } from './sign-in';

export const authRouter = router({
  /** Who is signed in (null for a visitor); renews the cookie when the session was extended. */
  me: publicProcedure.output(meOutput).query(async ({ ctx }) => {
    const session = await requestSession(ctx, ctx.req);
    if (session?.via === 'cookie' && session.fresh) setSessionCookie(ctx.db, ctx.req, ctx.reply, session.id, ctx.config.publicUrl);
    return ctx.user;
  }),

  /** The browser's sign-in: sets the httpOnly session cookie. */
  signIn: publicProcedure
    .input(signInInput)
    .output(signInOutput)
    .mutation(async ({ ctx, input }) => {
      const user = await authenticate(ctx, input);
      const session = await startSession(ctx, user);
      setSessionCookie(ctx.db, ctx.req, ctx.reply, session.id, ctx.config.publicUrl);
      return { user };
    }),

  /** Ends the current session on the server (cookie or token) and clears the cookie. */
  signOut: publicProcedure.output(z.object({ ok: z.literal(true) })).mutation(async ({ ctx }) => {
    const session = await requestSession(ctx, ctx.req);
    if (session) await luciaFor(ctx.db).invalidateSession(session.id);
    if (session?.via !== 'bearer') clearSessionCookie(ctx.db, ctx.req, ctx.reply, ctx.config.publicUrl);
    return { ok: true as const };
  }),

  /** A token for scripts (`Authorization: Bearer <token>`); sets no cookie. */
  createToken: publicProcedure
    .input(signInInput)
    .output(tokenOutput)
    .mutation(async ({ ctx, input }) => {
      const user = await authenticate(ctx, input);
      const session = await startSession(ctx, user);
      return { token: session.id, expires_at: session.expiresAt.toISOString() };
    }),
});
