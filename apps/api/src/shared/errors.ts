import { ERROR_STATUS, type ErrorCode, type FieldErrors, type IssueKey } from '@admitone/shared';
import type { MessageDescriptor } from '@lingui/core';

/**
 * A field problem: a shared neutral key, or a module's own message descriptor; the error handler
 * translates either into the request's language.
 */
export type FieldIssue =
  | { key: IssueKey; values?: Record<string, string | number> }
  | { message: MessageDescriptor; values?: Record<string, string | number> };
export type FieldIssues = Record<string, FieldIssue[]>;

/**
 * The one error type business code throws. The HTTP status comes from the code; the message is
 * translated to the caller's language by the error handler.
 */
export class DomainError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: {
      fields?: FieldIssues;
      fieldErrors?: FieldErrors;
      values?: Record<string, string | number>;
      retryAfter?: number;
    } = {},
  ) {
    super(code);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = () => new DomainError('NOT_FOUND');

/**
 * True when PostgreSQL gave up waiting for a lock (`lock_timeout`, 55P03) or broke a deadlock (40P01):
 * the request may simply be tried again.
 */
export function isLockContention(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return ['55P03', '40P01'].includes(e?.code ?? '') || ['55P03', '40P01'].includes(e?.cause?.code ?? '');
}

/** True for PostgreSQL's unique_violation (23505), as pg or PGlite report it (possibly wrapped by drizzle). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** True for PostgreSQL's foreign_key_violation (23503), as pg or PGlite report it (possibly wrapped by drizzle). */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
}
