import { INVALID_CREDENTIALS_MESSAGE, type SignInInput } from '@campus-elo/api-contract';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { Context } from '../../trpc';
import { luciaFor } from './lucia';
import { verifyPassword } from './passwords';
import { clearFailedSignIns, recordFailedSignIn, signInRetryAfterSeconds } from './rate-limit';
import type { SessionUser } from './session';

type SignInContext = Pick<Context, 'db' | 'req' | 'reply'>;

/**
 * Checks an email and password and answers the staff member. Unknown email and wrong
 * password fail alike, in words and in time; repeated failures answer 429 with Retry-After.
 */
export async function authenticate(ctx: SignInContext, input: SignInInput): Promise<SessionUser> {
  const { db, req, reply } = ctx;
  const retryAfter = await signInRetryAfterSeconds(db, input.email, req.ip);
  if (retryAfter > 0) {
    reply.header('retry-after', String(retryAfter));
    const minutes = Math.ceil(retryAfter / 60);
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    });
  }
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'password_hash'])
    .where(sql`lower(email)`, '=', input.email.toLowerCase())
    .executeTakeFirst();
  const passwordMatches = await verifyPassword(user?.password_hash, input.password);
  if (!user || !passwordMatches) {
    await recordFailedSignIn(db, input.email, req.ip);
    throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS_MESSAGE });
  }
  await clearFailedSignIns(db, input.email);
  return { id: user.id, email: user.email, role: user.role };
}

/** A new session for a signed-in staff member (the cookie's value or a script's token). */
export function startSession(ctx: Pick<Context, 'db'>, user: SessionUser) {
  return luciaFor(ctx.db).createSession(user.id, {});
}
