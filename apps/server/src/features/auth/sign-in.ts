import { setTimeout as sleep } from 'node:timers/promises';
import { INVALID_CREDENTIALS_MESSAGE, INVALID_TWO_FACTOR_CODE_MESSAGE, type SignInInput, type SignedInStaffMember } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import { DomainError } from '../../lib/errors';
import type { Context } from '../../trpc';
import { verifyPassword } from './passwords';
import { recordAudit } from '../audit/record';
import { admitCodeCheck, admitSignInAttempt, FAILURES_PER_ACCOUNT, forgiveFailures, SIGN_IN_WINDOW_MS, withdrawAttempt } from './rate-limit';
import type { SessionUser } from './session';
import { isRequiredForStaff, isTwoFactorEnabled, verifySecondFactor, type Staff } from './two-factor';

type SignInContext = Pick<Context, 'db' | 'request'>;

export interface AuthenticatedStaff extends SessionUser {
  twoFactorEnabled: boolean;
}

export type SignInResult = { status: 'signed_in'; user: AuthenticatedStaff } | { status: 'code_required' };

function tooManyAttempts(retryAfterSeconds: number): DomainError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new DomainError('rate_limited', `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    retryAfterSeconds,
  });
}

export const SECOND_FACTOR_ONLY_MESSAGE =
  'Too many failed sign-ins for this account. Sign in with your password and your two-factor code or a recovery code, or try again in 15 minutes.';
const CAPPED_AUDIT_ACTION = 'sign-in-capped';

/**
 * Admits one attempt for the email from the request's address (429 when over a limit), held
 * as long as the email's failures ask. Past the account's cap, an attempt without a code is
 * refused unchecked and not counted (decisions/0077); the first such refusal is audited.
 */
async function admit(ctx: SignInContext, email: string, hasCode: boolean): Promise<string> {
  const admission = await admitSignInAttempt(ctx.db, email, ctx.request.ip);
  if (!admission.admitted) throw tooManyAttempts(admission.retryAfterSeconds);
  if (admission.secondFactorOnly && !hasCode) {
    await withdrawAttempt(ctx.db, admission.attemptId);
    await auditCapOnce(ctx.db, email);
    throw new DomainError('rate_limited', SECOND_FACTOR_ONLY_MESSAGE, { retryAfterSeconds: SIGN_IN_WINDOW_MS / 1000 });
  }
  if (admission.delayMs > 0) await sleep(admission.delayMs);
  return admission.attemptId;
}

/** Records that an account's cap held, once per window, naming the account (no actor: nobody is signed in). */
async function auditCapOnce(db: Kysely<Database>, email: string): Promise<void> {
  const user = await db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
  if (!user) return;
  const since = new Date(Date.now() - SIGN_IN_WINDOW_MS);
  const recorded = await db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', CAPPED_AUDIT_ACTION)
    .where(sql<boolean>`${user.id} = ANY(entity_ids)`)
    .where('created_at', '>', since)
    .executeTakeFirst();
  if (recorded) return;
  await recordAudit(db, { user: null, action: CAPPED_AUDIT_ACTION, entity: 'staff', ids: [user.id], details: { failures_at_least: FAILURES_PER_ACCOUNT } });
}

/**
 * Runs `check` on a two-factor code within an admitted attempt: refused (429) while the
 * account has had too many wrong codes; a wrong code (check answers null) stays recorded
 * against the account and is thrown as `wrong`.
 */
async function checkCode<T>(db: Kysely<Database>, attemptId: string, email: string, check: () => Promise<T | null>, wrong: DomainError): Promise<T> {
  const admission = await admitCodeCheck(db, attemptId, email);
  if (!admission.admitted) {
    await withdrawAttempt(db, attemptId);
    throw tooManyAttempts(admission.retryAfterSeconds);
  }
  const result = await check();
  if (result === null) throw wrong;
  return result;
}

/**
 * Checks an email and password, and the two-factor code when the staff member has it on.
 * Unknown email and wrong password fail alike, in words and in time. The attempt is admitted
 * (and counted) before anything is checked, so parallel attempts cannot outrun the limits.
 */
export async function authenticate(ctx: SignInContext, input: SignInInput): Promise<SignInResult> {
  const { db, request } = ctx;
  const attemptId = await admit(ctx, input.email, input.totp !== undefined);
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'password_hash'])
    .where(sql`lower(email)`, '=', input.email.toLowerCase())
    .executeTakeFirst();
  const passwordMatches = await verifyPassword(user?.password_hash, input.password);
  if (!user || !passwordMatches) throw new DomainError('unauthenticated', INVALID_CREDENTIALS_MESSAGE);
  const staff: Staff = { id: user.id, email: user.email };
  const twoFactorEnabled = await isTwoFactorEnabled(db, user.id);
  if (twoFactorEnabled) {
    if (!input.totp) {
      await withdrawAttempt(db, attemptId);
      return { status: 'code_required' };
    }
    const code = input.totp;
    await checkCode(db, attemptId, user.email, async () => ((await verifySecondFactor(db, staff, code)) ? true : null), new DomainError('unauthenticated', INVALID_TWO_FACTOR_CODE_MESSAGE));
  }
  await forgiveFailures(db, input.email, request.ip);
  const mustSetUpTwoFactor = !twoFactorEnabled && (await isRequiredForStaff(db));
  return { status: 'signed_in', user: { id: user.id, email: user.email, role: user.role, mustSetUpTwoFactor, twoFactorEnabled } };
}

/**
 * A code the signed-in staff member typed to confirm, turn off or renew their two-factor
 * sign-in, checked under the same limits as signing in; a wrong one answers 400 on `code`.
 */
export async function checkOwnCode<T>(ctx: SignInContext, staff: Staff, check: () => Promise<T | null>): Promise<T> {
  const attemptId = await admit(ctx, staff.email, true);
  const wrong = new DomainError('invalid', INVALID_TWO_FACTOR_CODE_MESSAGE, { issues: [{ path: ['code'], message: INVALID_TWO_FACTOR_CODE_MESSAGE }] });
  const result = await checkCode(ctx.db, attemptId, staff.email, check, wrong);
  await withdrawAttempt(ctx.db, attemptId);
  return result;
}

/** The staff member as the browser's contract shows them. */
export function signedInStaffMember(user: SessionUser, twoFactorEnabled: boolean): SignedInStaffMember {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    two_factor: { enabled: twoFactorEnabled, setup_required: user.mustSetUpTwoFactor ?? false },
  };
}
