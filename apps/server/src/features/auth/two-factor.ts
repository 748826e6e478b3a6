import { createHash, randomInt } from 'node:crypto';
import type { TwoFactorEnrolment, TwoFactorStatus } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { recordAudit } from '../audit/record';
import { conflict, invalid } from '../../lib/errors';
import { invalidateUserSessions } from './session-store';

/**
 * Two-factor sign-in with TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, what every
 * authenticator app reads from a QR code), through the otpauth library, and single-use
 * recovery codes. docs/contract.md, "Signing in", says how it is used.
 */

const PERIOD_SECONDS = 30;
/** Codes one step before or after now are accepted too, for clocks a little off. */
const WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface Staff {
  id: string;
  email: string;
}

function totp(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The time step a 6-digit `code` belongs to when it is valid at `now`, else null. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const generator = totp(secret);
  const delta = generator.validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  return delta === null ? null : generator.counter({ timestamp: now }) + delta;
}

const isTotpCode = (code: string) => /^\d{6}$/.test(code);
const normalise = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const recoveryCodeHash = (code: string) => createHash('sha256').update(normalise(code)).digest('hex');

function newRecoveryCode(): string {
  const chars = Array.from({ length: 12 }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((group) => group.join('')).join('-');
}

/** Replaces a staff member's recovery codes with new ones and answers them (the only time they are seen). */
async function replaceRecoveryCodes(trx: Kysely<Database>, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(code) })))
    .execute();
  return codes;
}

/** The owner's setting: every staff member must use two-factor sign-in. */
export async function isRequiredForStaff(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('security_settings').select('two_factor_required').executeTakeFirst();
  return row?.two_factor_required ?? false;
}

async function enabledSecret(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('totp_credentials').select('secret').where('user_id', '=', userId).where('enabled_at', 'is not', null).executeTakeFirst();
  return row?.secret;
}

export async function isTwoFactorEnabled(db: Kysely<Database>, userId: string): Promise<boolean> {
  return (await enabledSecret(db, userId)) !== undefined;
}

export async function twoFactorStatus(db: Kysely<Database>, userId: string): Promise<TwoFactorStatus> {
  const enabled = await isTwoFactorEnabled(db, userId);
  const left = await db
    .selectFrom('recovery_codes')
    .select(sql<number>`count(*)`.as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { enabled, recovery_codes_left: enabled ? left.count : 0, required_for_staff: await isRequiredForStaff(db) };
}

/** A new secret for the staff member's authenticator app; it takes effect once a code from the app confirms it. */
export async function beginEnrolment(db: Kysely<Database>, staff: Staff, issuer: string): Promise<TwoFactorEnrolment> {
  const secret = new Secret({ size: 20 }).base32;
  const pending = await db
    .insertInto('totp_credentials')
    .values({ user_id: staff.id, secret })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, last_used_step: null, created_at: new Date() }).where('totp_credentials.enabled_at', 'is', null))
    .returning('user_id')
    .executeTakeFirst();
  if (!pending) throw conflict('Two-factor sign-in is already on');
  const uri = totp(secret, staff.email, issuer).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Turns two-factor sign-in on when `code` comes from the new secret (the caller has checked
 * assertCanChange), and answers the recovery codes; null for a wrong code.
 */
export async function confirmEnrolment(db: Kysely<Database>, staff: Staff, code: string, now = new Date()): Promise<string[] | null> {
  const pending = await db.selectFrom('totp_credentials').select(['secret', 'enabled_at']).where('user_id', '=', staff.id).executeTakeFirst();
  if (!pending) throw invalid('Start setting up two-factor sign-in first');
  if (pending.enabled_at) throw conflict('Two-factor sign-in is already on');
  const step = isTotpCode(normalise(code)) ? matchingStep(pending.secret, normalise(code), now.getTime()) : null;
  if (step === null) return null;
  return db.transaction().execute(async (trx) => {
    const enabled = await trx
      .updateTable('totp_credentials')
      .set({ enabled_at: now, last_used_step: step })
      .where('user_id', '=', staff.id)
      .where('enabled_at', 'is', null)
      .where('secret', '=', pending.secret)
      .returning('user_id')
      .executeTakeFirst();
    if (!enabled) throw conflict('Two-factor sign-in changed meanwhile; start again');
    const codes = await replaceRecoveryCodes(trx, staff.id);
    await recordAudit(trx, { user: staff, action: 'enable', entity: 'two_factor', ids: [staff.id] });
    return codes;
  });
}

/**
 * Checks a second factor of a staff member with two-factor sign-in on: a 6-digit code not
 * used before, or an unused recovery code, which is used up. Each acceptance is one
 * conditional UPDATE, so a code cannot be accepted twice, even by parallel requests.
 */
export async function verifySecondFactor(db: Kysely<Database>, staff: Staff, code: string, now = new Date()): Promise<boolean> {
  const secret = await enabledSecret(db, staff.id);
  if (!secret) return false;
  const typed = normalise(code);
  if (isTotpCode(typed)) {
    const step = matchingStep(secret, typed, now.getTime());
    if (step === null) return false;
    const accepted = await db
      .updateTable('totp_credentials')
      .set({ last_used_step: step })
      .where('user_id', '=', staff.id)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
      .returning('user_id')
      .executeTakeFirst();
    return accepted !== undefined;
  }
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', staff.id)
      .where('code_hash', '=', recoveryCodeHash(typed))
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (used) await recordAudit(trx, { user: staff, action: 'use_recovery_code', entity: 'two_factor', ids: [staff.id] });
    return used !== undefined;
  });
}

/**
 * Before a code is checked (so a refusal here is no wrong code): confirming needs a setup
 * begun and not finished, turning off or renewing needs two-factor sign-in on, and turning
 * off that the owner does not require it.
 */
export async function assertCanChange(db: Kysely<Database>, staff: Staff, change: 'confirm' | 'disable' | 'renew'): Promise<void> {
  const credential = await db.selectFrom('totp_credentials').select('enabled_at').where('user_id', '=', staff.id).executeTakeFirst();
  if (change === 'confirm') {
    if (!credential) throw invalid('Start setting up two-factor sign-in first');
    if (credential.enabled_at) throw conflict('Two-factor sign-in is already on');
    return;
  }
  if (!credential?.enabled_at) throw conflict('Two-factor sign-in is off');
  if (change === 'disable' && (await isRequiredForStaff(db))) throw conflict('The owner requires two-factor sign-in for all staff; it cannot be turned off');
}

/** Turns two-factor sign-in off (the caller has checked assertCanChange and a current code). */
export async function disableTwoFactor(db: Kysely<Database>, staff: Staff): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', staff.id).execute();
    await trx.deleteFrom('totp_credentials').where('user_id', '=', staff.id).execute();
    await recordAudit(trx, { user: staff, action: 'disable', entity: 'two_factor', ids: [staff.id] });
  });
}

/** New recovery codes in place of the old ones (the caller has checked assertCanChange and a current code). */
export async function regenerateRecoveryCodes(db: Kysely<Database>, staff: Staff): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const codes = await replaceRecoveryCodes(trx, staff.id);
    await recordAudit(trx, { user: staff, action: 'regenerate_recovery_codes', entity: 'two_factor', ids: [staff.id] });
    return codes;
  });
}

/** The owner's setting: every staff member must sign in with a second factor. The owner must use it first. */
export async function setTwoFactorRequired(db: Kysely<Database>, owner: Staff, required: boolean): Promise<void> {
  if (required && !(await isTwoFactorEnabled(db, owner.id))) throw conflict('Turn on two-factor sign-in for your own account first');
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('security_settings').set({ two_factor_required: required, updated_at: new Date() }).execute();
    await recordAudit(trx, { user: owner, action: 'update', entity: 'security_settings', ids: [], details: { two_factor_required: required } });
  });
}

/**
 * `pnpm cli user reset-2fa`: for a staff member who lost both their app and their recovery
 * codes. Their sessions end too: whoever holds one may be why.
 */
export async function resetTwoFactor(db: Kysely<Database>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('totp_credentials').where('user_id', '=', userId).execute();
    await invalidateUserSessions(trx, userId);
    await recordAudit(trx, { user: null, action: 'reset', entity: 'two_factor', ids: [userId] });
  });
}
