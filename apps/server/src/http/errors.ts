import { isDatabaseUnavailable } from '@campus-elo/db';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { DomainError, type DomainErrorKind, type FieldIssue } from '../lib/errors';

/**
 * The one mapping from what went wrong to what a client sees (docs/architecture.md,
 * "Errors"): domain errors, validation errors and PostgreSQL's error codes become a tRPC
 * code and a REST status here and nowhere else. Anything unrecognised is a bug: clients see
 * 'Internal server error' and the log gets the rest.
 */
const RESPONSES: Record<DomainErrorKind, { status: number; trpc: TRPC_ERROR_CODE_KEY }> = {
  invalid: { status: 400, trpc: 'BAD_REQUEST' },
  unauthenticated: { status: 401, trpc: 'UNAUTHORIZED' },
  forbidden: { status: 403, trpc: 'FORBIDDEN' },
  not_found: { status: 404, trpc: 'NOT_FOUND' },
  conflict: { status: 409, trpc: 'CONFLICT' },
  too_large: { status: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  unprocessable: { status: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  rate_limited: { status: 429, trpc: 'TOO_MANY_REQUESTS' },
  upstream_failed: { status: 502, trpc: 'BAD_GATEWAY' },
  upstream_timeout: { status: 504, trpc: 'GATEWAY_TIMEOUT' },
  unavailable: { status: 503, trpc: 'SERVICE_UNAVAILABLE' },
};

const KIND_OF_TRPC_CODE = new Map<string, DomainErrorKind>(Object.entries(RESPONSES).map(([kind, { trpc }]) => [trpc, kind as DomainErrorKind]));

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now; try again shortly';
/** A database restart is over in about this long: clients may retry after it. */
const DATABASE_RETRY_AFTER_SECONDS = 1;

/** Zod's issues as the client sees them: where, and what is wrong there. */
export function fieldIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)), message: issue.message }));
}

/**
 * Zod issues as a short text: 'Invalid season_id format' for a malformed id, 'Invalid
 * ranking_id: required' for a missing value, else the parameter and zod's message. A list's
 * item index is left out ('status', not 'status.0').
 */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const path = [...issue.path];
  while (path.length > 1 && typeof path[path.length - 1] === 'number') path.pop();
  const param = path.map(String).join('.') || 'request';
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) return `Invalid ${param}: required`;
  if (issue.message === 'Invalid format' || /_id$|^id$/.test(param)) return `Invalid ${param} format`;
  return `Invalid ${param}: ${issue.message}`;
}

/** PostgreSQL's SQLSTATE codes that mean the input was at fault, not the code. */
const INPUT_SQLSTATES: Record<string, { kind: DomainErrorKind; message: string }> = {
  '23505': { kind: 'conflict', message: 'That conflicts with something already stored' },
  '23503': { kind: 'conflict', message: 'That refers to something that does not exist, or is still in use' },
  '22021': { kind: 'invalid', message: 'Text must not contain a NUL character' },
  '22P05': { kind: 'invalid', message: 'Text must not contain a NUL character' },
  '22P02': { kind: 'invalid', message: 'A value has the wrong format' },
  '22001': { kind: 'invalid', message: 'A text is too long' },
  '22003': { kind: 'invalid', message: 'A number is out of range' },
  '22008': { kind: 'invalid', message: 'A date is out of range' },
};

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * What went wrong, as a domain error, or undefined for a bug. Looks through tRPC's
 * wrapping: an input that failed its schema is 'invalid' with its field issues.
 */
export function toDomainError(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  if (error instanceof TRPCError) {
    // A failed output check is our bug (tRPC says INTERNAL_SERVER_ERROR with a ZodError cause).
    if (error.cause instanceof ZodError) return error.code === 'BAD_REQUEST' ? toDomainError(error.cause) : undefined;
    if (error.cause) return toDomainError(error.cause) ?? fromTrpcCode(error);
    return fromTrpcCode(error);
  }
  if (error instanceof ZodError) return new DomainError('invalid', describeZodError(error), { issues: fieldIssues(error), cause: error });
  if (isDatabaseUnavailable(error)) {
    return new DomainError('unavailable', DATABASE_UNAVAILABLE_MESSAGE, { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS, cause: error });
  }
  const state = sqlState(error);
  const known = state ? INPUT_SQLSTATES[state] : undefined;
  if (known) return new DomainError(known.kind, known.message, { cause: error });
  return undefined;
}

/** tRPC's own errors (a procedure path that does not exist, a method not allowed). */
function fromTrpcCode(error: TRPCError): DomainError | undefined {
  const kind = KIND_OF_TRPC_CODE.get(error.code);
  return kind ? new DomainError(kind, error.message, { cause: error }) : undefined;
}

export function statusOf(kind: DomainErrorKind): number {
  return RESPONSES[kind].status;
}

/** The TRPCError a client of /trpc gets for any error: mapped, or internal. */
export function toTrpcError(error: unknown): TRPCError {
  const domain = toDomainError(error);
  if (!domain) return error instanceof TRPCError ? error : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_ERROR_MESSAGE, cause: error });
  return new TRPCError({ code: RESPONSES[domain.kind].trpc, message: domain.message, cause: domain });
}

export interface ErrorResponse {
  status: number;
  body: { error: string; issues?: FieldIssue[] };
  headers: Record<string, string>;
  /** Unrecognised: log it, it is a bug. */
  internal: boolean;
}

/** The REST answer for any error: `{error}` (and `issues` for invalid input) with its status. */
export function restErrorResponse(error: unknown): ErrorResponse {
  const domain = toDomainError(error);
  if (!domain) return { status: 500, body: { error: INTERNAL_ERROR_MESSAGE }, headers: {}, internal: true };
  const headers: Record<string, string> = domain.retryAfterSeconds ? { 'retry-after': String(domain.retryAfterSeconds) } : {};
  const body = domain.kind === 'invalid' && domain.issues.length > 0 ? { error: domain.message, issues: domain.issues } : { error: domain.message };
  return { status: statusOf(domain.kind), body, headers, internal: false };
}
