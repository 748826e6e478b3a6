import { TRPCClientError } from '@trpc/client';

interface ServerErrorData {
  code?: string;
  /** Invalid input: each field that is wrong and why (the server's http/errors.ts). */
  issues?: { path: (string | number)[]; message: string }[];
}

/**
 * The server's reason for a failed call, when it sent one meant for people: the first field
 * issue of invalid input, else its message. Null for a bug on the server ('Internal server
 * error'), a lost connection, or anything that is not an answer from the server.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof TRPCClientError) || !error.shape) return null;
  const data = (error.data ?? {}) as ServerErrorData;
  if (data.code === 'INTERNAL_SERVER_ERROR') return null;
  const issue = data.issues?.[0];
  if (issue) return issue.message;
  const message = String(error.message ?? '');
  return message || null;
}

/** What a person reads for any failed call: the server's reason, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** The server said the thing asked for does not exist (a 404): the page shows its not-found view. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as ServerErrorData | undefined)?.code === 'NOT_FOUND';
}

/** Invalid input, field by field: the first message the server gave for each top-level field ({ team2_id: 'A team cannot play itself' }). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const issues = (error.data as ServerErrorData | undefined)?.issues ?? [];
  const byField: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (field !== undefined && !(String(field) in byField)) byField[String(field)] = issue.message;
  }
  return byField;
}

/** The server refused because of what is stored (a 409): a duplicate, a row in use, a later change. */
export function isConflictError(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as ServerErrorData | undefined)?.code === 'CONFLICT';
}
