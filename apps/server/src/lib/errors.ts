/**
 * The errors that feature code throws: what went wrong in the league's terms, never in
 * HTTP's or tRPC's. The CLI and background jobs call the same functions and read the same
 * errors; http/errors.ts turns them into tRPC codes and REST statuses in one place
 * (docs/architecture.md, "Errors").
 */
export type DomainErrorKind =
  /** The request is malformed or breaks a rule (400). */
  | 'invalid'
  /** Nobody is signed in (401). */
  | 'unauthenticated'
  /** Signed in, but not allowed (403). */
  | 'forbidden'
  | 'not_found'
  /** Clashes with what is stored: a duplicate name, a row still in use (409). */
  | 'conflict'
  /** More bytes than we take (413). */
  | 'too_large'
  /** Well-formed, but the data needed is missing, e.g. a platform answered without a stage (422). */
  | 'unprocessable'
  | 'rate_limited'
  /** Faceit, Leaguespot or another outside service failed or could not be reached (502). */
  | 'upstream_failed'
  /** An outside service did not answer in time (504). */
  | 'upstream_timeout'
  /** The database cannot be reached right now (503). */
  | 'unavailable';

/** One problem with one field of the input: `path` names the field (['teams', 0, 'name']). */
export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly issues: FieldIssue[];
  /** Seconds before trying again, for 'rate_limited' and 'unavailable'. */
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: DomainErrorKind, message: string, options: { issues?: FieldIssue[]; retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'DomainError';
    this.kind = kind;
    this.issues = options.issues ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const invalid = (message: string, issues?: FieldIssue[]) => new DomainError('invalid', message, { issues });
export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const unprocessable = (message: string) => new DomainError('unprocessable', message);
export const upstreamFailed = (message: string, cause?: unknown) => new DomainError('upstream_failed', message, { cause });
