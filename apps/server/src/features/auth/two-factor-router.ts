import {
  recoveryCodesOutput,
  twoFactorCodeInput,
  twoFactorEnrolmentOutput,
  twoFactorRequirementInput,
  twoFactorStatusOutput,
} from '@campus-elo/api-contract';
import { z } from 'zod';
import { DomainError } from '../../lib/errors';
import { ownerProcedure, publicProcedure, router } from '../../trpc';
import { requestSession } from './session';
import { invalidateUserSessions } from './session-store';
import { checkOwnCode } from './sign-in';
import {
  assertCanChange,
  beginEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  setTwoFactorRequired,
  twoFactorStatus,
  verifySecondFactor,
} from './two-factor';

/**
 * Any signed-in staff member, including one the owner's rule still sends to set up two-factor
 * sign-in (staffProcedure refuses them): these procedures are how they do it. tRPC only, for
 * the browser's account card.
 */
const accountProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new DomainError('unauthenticated', 'Sign in required');
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const twoFactorRouter = router({
  status: accountProcedure.output(twoFactorStatusOutput).query(({ ctx }) => twoFactorStatus(ctx.db, ctx.user.id)),

  /** A new secret and its QR code; nothing changes until `confirm`. */
  begin: accountProcedure.output(twoFactorEnrolmentOutput).mutation(({ ctx }) => beginEnrolment(ctx.db, ctx.user, ctx.config.siteName)),

  /**
   * Turns two-factor sign-in on with a code from the new secret and answers the recovery
   * codes, once. The staff member's other sessions end: they were opened without it.
   */
  confirm: accountProcedure
    .input(twoFactorCodeInput)
    .output(recoveryCodesOutput)
    .mutation(async ({ ctx, input }) => {
      await assertCanChange(ctx.db, ctx.user, 'confirm');
      const recoveryCodes = await checkOwnCode(ctx, ctx.user, () => confirmEnrolment(ctx.db, ctx.user, input.code));
      const session = await requestSession(ctx, ctx.request);
      await invalidateUserSessions(ctx.db, ctx.user.id, session?.id);
      return { recovery_codes: recoveryCodes };
    }),

  /** Turns two-factor sign-in off; needs a current code (or a recovery code). */
  disable: accountProcedure
    .input(twoFactorCodeInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await assertCanChange(ctx.db, ctx.user, 'disable');
      await checkOwnCode(ctx, ctx.user, async () => ((await verifySecondFactor(ctx.db, ctx.user, input.code)) ? true : null));
      await disableTwoFactor(ctx.db, ctx.user);
      return { ok: true as const };
    }),

  /** New recovery codes in place of the old ones, shown once; needs a current code. */
  regenerateRecoveryCodes: accountProcedure
    .input(twoFactorCodeInput)
    .output(recoveryCodesOutput)
    .mutation(async ({ ctx, input }) => {
      await assertCanChange(ctx.db, ctx.user, 'renew');
      await checkOwnCode(ctx, ctx.user, async () => ((await verifySecondFactor(ctx.db, ctx.user, input.code)) ? true : null));
      return { recovery_codes: await regenerateRecoveryCodes(ctx.db, ctx.user) };
    }),

  /** The owner requires (or stops requiring) two-factor sign-in of every staff member. */
  setRequired: ownerProcedure
    .input(twoFactorRequirementInput)
    .output(twoFactorStatusOutput)
    .mutation(async ({ ctx, input }) => {
      await setTwoFactorRequired(ctx.db, ctx.user, input.required);
      return twoFactorStatus(ctx.db, ctx.user.id);
    }),
});
