import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares a given secret with the expected one as SHA-256 digests: equal lengths, so the time taken never tells the length apart. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
