import {
  meOutput,
  passwordChangeInput,
  passwordChangeOutput,
  signInInput,
  signInOutput,
  tokenOutput,
  TWO_FACTOR_CODE_REQUIRED_MESSAGE,
  TWO_FACTOR_SETUP_REQUIRED_MESSAGE,
} from '@campus-elo/api-contract';
import { z } from 'zod';
import { DomainError } from '../../lib/errors';
import { publicProcedure, router, staffProcedure } from '../../trpc';
import { changeOwnPassword } from '../staff/accounts';
import { clearSessionCookie, setSessionCookie } from './cookies';
import { requestSession } from './session';
import { createSession, invalidateSession } from './session-store';
import { authenticate, signedInStaffMember } from './sign-in';
import { twoFactorRouter } from './two-factor-router';

export const authRouter = router({
  /** Who is signed in (null for a visitor); renews the cookie when the session was extended. */
  me: publicProcedure.output(meOutput).query(async ({ ctx }) => {
    const session = await requestSession(ctx, ctx.request);
    if (!session) return null;
    if (session.via === 'cookie' && session.fresh) setSessionCookie(ctx.request, session.token, session.expiresAt, ctx.config.publicUrl);
    return signedInStaffMember(session.user, session.twoFactorEnabled);
  }),

  /**
   * The browser's sign-in: sets the httpOnly session cookie, or answers that a two-factor
   * code is needed (the form then sends the same fields again with `totp`).
   */
  signIn: publicProcedure
    .input(signInInput)
    .output(signInOutput)
    .mutation(async ({ ctx, input }) => {
      const result = await authenticate(ctx, input);
      if (result.status === 'code_required') return result;
      const session = await createSession(ctx.db, result.user.id);
      setSessionCookie(ctx.request, session.token, session.expiresAt, ctx.config.publicUrl);
      return { status: 'signed_in' as const, user: signedInStaffMember(result.user, result.user.twoFactorEnabled) };
    }),

  /** Ends the current session on the server (cookie or token) and clears the cookie. */
  signOut: publicProcedure.output(z.object({ ok: z.literal(true) })).mutation(async ({ ctx }) => {
    const session = await requestSession(ctx, ctx.request);
    if (session) await invalidateSession(ctx.db, session.id);
    if (session?.via !== 'bearer') clearSessionCookie(ctx.request, ctx.config.publicUrl);
    return { ok: true as const };
  }),

  /** A token for scripts (`Authorization: Bearer <token>`); sets no cookie. */
  createToken: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: ['/auth/token', '/auth/token/'],
        summary: 'Sign in a script',
        description:
          'Answers a token to send as `Authorization: Bearer <token>`; sets no cookie. A staff member with two-factor sign-in on also sends `totp`: the 6-digit code of their authenticator app, or a recovery code.',
        tag: 'Auth',
        errors: {
          401: 'Wrong email or password, wrong two-factor code, or `totp` missing',
          403: 'The owner requires two-factor sign-in and this staff member has not set it up',
          429: 'Too many failed sign-ins; see Retry-After',
        },
      },
    })
    .input(signInInput)
    .output(tokenOutput)
    .mutation(async ({ ctx, input }) => {
      const result = await authenticate(ctx, input);
      if (result.status === 'code_required') throw new DomainError('unauthenticated', TWO_FACTOR_CODE_REQUIRED_MESSAGE);
      if (result.user.mustSetUpTwoFactor) throw new DomainError('forbidden', TWO_FACTOR_SETUP_REQUIRED_MESSAGE);
      const session = await createSession(ctx.db, result.user.id);
      return { token: session.token, expires_at: session.expiresAt.toISOString() };
    }),

  /** Any staff member's own password; their other sessions end. */
  changePassword: staffProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/auth/password/',
        summary: 'Change your password',
        description: 'The current password and the new one (at least 8 characters). Every other session of yours (browsers, script tokens) ends; this one stays.',
        tag: 'Auth',
      },
    })
    .input(passwordChangeInput)
    .output(passwordChangeOutput)
    .mutation(async ({ ctx, input }) => {
      const session = await requestSession(ctx, ctx.request);
      return changeOwnPassword(ctx.db, ctx.user, session?.id ?? null, input);
    }),

  twoFactor: twoFactorRouter,
});
