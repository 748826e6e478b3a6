import type { ZodType } from 'zod';
import { trpc } from '../../lib/trpc';

/** What is wrong with a field's value under the contract's rule (shown beside the field), or null. */
export function ruleMessage(rule: ZodType, value: unknown): string | null {
  const result = rule.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Not a valid value');
}

/** Owner-only tools are shown to admins but cannot be run by them (the server refuses too). */
export function useIsOwner(): boolean {
  return trpc.auth.me.useQuery().data?.role === 'owner';
}
