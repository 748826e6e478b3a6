import { z } from 'zod';
import { staffRole } from './auth';
import { uuidParam } from './query-params';

/** The shortest password the server takes (equals MIN_PASSWORD_LENGTH of the server's passwords module). */
export const MIN_STAFF_PASSWORD_LENGTH = 8;

export const staffMember = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRole,
  created_at: z.string(),
  two_factor_enabled: z.boolean(),
});
export const staffListOutput = z.object({ results: z.array(staffMember) });

const email = z.email({ error: 'Enter a valid email address' }).max(320);

/** POST /v1/staff/: the server makes the initial password and answers it once. */
export const staffCreateInput = z.object({ email, role: staffRole });
export const staffCreateOutput = z.object({
  member: staffMember,
  /** Shown once: the new staff member signs in with it and changes it (POST /v1/auth/password/). */
  initial_password: z.string(),
});

/** PUT /v1/staff/{id}/: a new role, and a new email if given. */
export const staffUpdateInput = z.object({ id: uuidParam, role: staffRole, email: email.optional() });
export const staffIdInput = z.object({ id: uuidParam });

/** POST /v1/auth/password/: the current password, and the new one. Ends every other session. */
export const passwordChangeInput = z
  .object({
    current_password: z.string().min(1, { error: 'Enter your current password' }).max(1000),
    new_password: z.string().min(MIN_STAFF_PASSWORD_LENGTH, { error: `At least ${MIN_STAFF_PASSWORD_LENGTH} characters` }).max(1000),
  })
  .refine((p) => p.new_password !== p.current_password, { error: 'The new password must differ from the current one', path: ['new_password'] });
export const passwordChangeOutput = z.object({
  message: z.string(),
  /** Other sessions (browsers, script tokens) that were ended. */
  sessions_ended: z.number().int(),
});

export type StaffMember = z.infer<typeof staffMember>;
export type StaffCreateInput = z.infer<typeof staffCreateInput>;
export type StaffCreateOutput = z.infer<typeof staffCreateOutput>;
export type StaffUpdateInput = z.infer<typeof staffUpdateInput>;
export type PasswordChangeInput = z.infer<typeof passwordChangeInput>;
export type PasswordChangeOutput = z.infer<typeof passwordChangeOutput>;
