import { trpc } from '../../lib/trpc';

/** NumberInput gives a number, or text while being edited: anything not a whole number counts as 0. */
export function wholeNumber(value: number | string): number {
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(parsed) ? parsed : 0;
}

/** Owner-only tools are shown to admins but cannot be run by them (the server refuses too). */
export function useIsOwner(): boolean {
  return trpc.auth.me.useQuery().data?.role === 'owner';
}
