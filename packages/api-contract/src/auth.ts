import { z } from 'zod';

export const staffRole = z.enum(['admin', 'owner']);

/**
 * A two-factor code as typed: the 6 digits of the authenticator app, or one of the recovery
 * codes shown when two-factor sign-in was turned on.
 */
export const twoFactorCode = z.string().trim().min(1, { error: 'Enter the code' }).max(64);

/**
 * Sign-in form and `POST /v1/auth/token`: email and password required, the email's form
 * checked. `totp` is needed when the staff member has two-factor sign-in on.
 */
export const signInInput = z.object({
  email: z.email({ error: 'Enter a valid email address' }).max(320),
  password: z.string().min(1, { error: 'Password is required' }).max(1000),
  totp: twoFactorCode.optional(),
});

export const sessionUser = z.object({ id: z.string(), email: z.string(), role: staffRole });

/** The signed-in staff member as the browser sees them, with their two-factor state. */
export const signedInStaffMember = sessionUser.extend({
  two_factor: z.object({
    enabled: z.boolean(),
    /** The owner requires two-factor sign-in and it is not set up yet: nothing else answers until it is. */
    setup_required: z.boolean(),
  }),
});

export const meOutput = signedInStaffMember.nullable();

/** The browser's sign-in: signed in, or the password was right and a two-factor code is needed next. */
export const signInOutput = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed_in'), user: signedInStaffMember }),
  z.object({ status: z.literal('code_required') }),
]);

export const tokenOutput = z.object({ token: z.string(), expires_at: z.string() });

/** Wrong email and wrong password answer the same words. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const INVALID_TWO_FACTOR_CODE_MESSAGE = 'Invalid two-factor code';
export const TWO_FACTOR_CODE_REQUIRED_MESSAGE =
  'Two-factor code required: send "totp" with the 6-digit code from your authenticator app, or a recovery code';
export const TWO_FACTOR_SETUP_REQUIRED_MESSAGE = 'Two-factor sign-in is required for all staff: set it up in the admin panel first';

export const twoFactorStatusOutput = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes left (0 while two-factor sign-in is off). */
  recovery_codes_left: z.number().int(),
  /** The owner's setting: every staff member must use two-factor sign-in. */
  required_for_staff: z.boolean(),
});

/** A new secret to add to an authenticator app, by QR code or typed by hand. */
export const twoFactorEnrolmentOutput = z.object({
  /** Base32, for typing into the app. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG data URL, ready for an <img>. */
  qr_code: z.string(),
});

export const twoFactorCodeInput = z.object({ code: twoFactorCode });

/** Shown once; only their hashes are kept. Each works once, in place of a 6-digit code. */
export const recoveryCodesOutput = z.object({ recovery_codes: z.array(z.string()) });

export const twoFactorRequirementInput = z.object({ required: z.boolean() });

export type StaffRole = z.infer<typeof staffRole>;
export type SignInInput = z.infer<typeof signInInput>;
export type SessionUserOutput = z.infer<typeof sessionUser>;
export type SignedInStaffMember = z.infer<typeof signedInStaffMember>;
export type TwoFactorStatus = z.infer<typeof twoFactorStatusOutput>;
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentOutput>;
