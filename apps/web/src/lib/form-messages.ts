/**
 * A text longer than the contract allows, in plain words. Checked before the contract's schema:
 * a schema-wide `error` text in zod 4 also replaces the length message ('Name is required' for
 * a name that is too long), so forms say this instead.
 */
export function tooLongMessage(value: string, max: number): string | null {
  return value.trim().length > max ? `At most ${max} characters` : null;
}
