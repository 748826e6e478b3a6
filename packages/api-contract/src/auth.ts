import { z } from 'zod';

export const staffRole = z.enum(['admin', 'owner']);

/** Sign-in form and `POST /v1/auth/token`: both fields required, the email's form checked. */
export const signInInput = z.object({
  email: z.email({ error: 'Enter a valid email address' }).max(320),
  password: z.string().min(1, { error: 'Password is required' }).max(1000),
});

export const sessionUser = z.object({ id: z.string(), email: z.string(), role: staffRole });
export const meOutput = sessionUser.nullable();
export const signInOutput = z.object({ user: sessionUser });
export const tokenOutput = z.object({ token: z.string(), expires_at: z.string() });

/** Wrong email and wrong password answer the same words. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

export type StaffRole = z.infer<typeof staffRole>;
export type SignInInput = z.infer<typeof signInInput>;
export type SessionUserOutput = z.infer<typeof sessionUser>;
