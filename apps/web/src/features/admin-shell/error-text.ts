/** The text of a failed call (the server's message), or `fallback` when it has none. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
