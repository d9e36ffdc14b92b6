import { type ApiErrorBody, describeIssue, type ErrorCode, type FieldErrors } from '@admitone/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

import { databaseErrorLog, isDatabaseUnavailable } from '../db/availability.js';
import { translate } from '../i18n/i18n.js';
import { ERROR_MESSAGES, ISSUE_MESSAGES } from '../i18n/messages.js';
import { DomainError, isLockContention } from '../shared/errors.js';
import { requestLocale } from './locale.js';

type IssueLike = { code: string; path: PropertyKey[]; message?: string; [k: string]: unknown };

function fieldErrorsOf(issues: IssueLike[], request: FastifyRequest): FieldErrors {
  const locale = requestLocale(request);
  // No prototype: a body key such as `constructor` or `__proto__` is a field name like any other.
  const out: FieldErrors = Object.create(null) as FieldErrors;
  for (const issue of issues) {
    // An unknown field is named itself (`status`, `filter_fields.bogus`), not the object that held it.
    if (issue.code === 'unrecognized_keys' && Array.isArray(issue.keys)) {
      for (const key of issue.keys as string[])
        (out[[...issue.path.map(String), key].join('.')] ??= []).push(translate(locale, ISSUE_MESSAGES.unknown_field));
      continue;
    }
    const field = issue.path.map(String).join('.') || '_';
    const { key, values } = describeIssue(issue as never);
    (out[field] ??= []).push(translate(locale, ISSUE_MESSAGES[key], values));
  }
  return out;
}

/** Sends the one error shape; the message is translated to the request's language. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  status: number,
  extra: Partial<ApiErrorBody['error']> = {},
  values?: Record<string, unknown>,
) {
  const message = translate(requestLocale(request), ERROR_MESSAGES[code], values);
  return reply.status(status).send({ error: { code, message, ...extra } } satisfies ApiErrorBody);
}

/**
 * Errors fastify raises before routing (a path that is not valid percent-encoding, a path parameter
 * past the length limit): the same error shape as everything else, not fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  // Only the code: fastify's messages quote the address, and it may carry a secret (plugins/log-redaction.ts).
  request.log.info({ code: error.code }, 'bad request');
  return sendError(request, reply, 'BAD_REQUEST', status);
}

/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** 503 DATABASE_UNAVAILABLE with Retry-After: the database cannot be reached (or is not ready yet). */
export function sendDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply) {
  return sendError(
    request,
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)),
    'DATABASE_UNAVAILABLE',
    503,
  );
}

/** Maps every thrown error to `{ error: { code, message, field_errors? } }`; never leaks a stack. */
export function registerErrorHandler(app: FastifyInstance) {
  // While the database is away every request fails the same way: one line a minute, not a stack each.
  const databaseAway = databaseErrorLog(app.log, 'requests failing');
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const locale = requestLocale(request);
      let field_errors: FieldErrors | undefined = error.options.fieldErrors;
      if (error.options.fields) {
        field_errors = { ...(field_errors ?? {}) };
        for (const [field, issues] of Object.entries(error.options.fields)) {
          field_errors[field] = issues.map((i) =>
            translate(locale, 'key' in i ? ISSUE_MESSAGES[i.key] : i.message, i.values),
          );
        }
      }
      if (error.options.retryAfter !== undefined) reply.header('retry-after', String(error.options.retryAfter));
      return sendError(
        request,
        reply,
        error.code,
        error.status,
        field_errors ? { field_errors } : {},
        error.options.values,
      );
    }
    if (isLockContention(error)) {
      // A lock that could not be had within LOCK_TIMEOUT_MS (a rush on one ticket): never a hang, never a 500.
      request.log.warn({ err: error }, 'lock not available');
      return sendError(request, reply.header('retry-after', '2'), 'CHECKOUT_BUSY', 503);
    }
    if (isDatabaseUnavailable(error)) {
      // Down, restarting or out of reach: the client may try again shortly; never a 500 with a stack.
      databaseAway(error);
      return sendDatabaseUnavailable(request, reply);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        ...(v.params as Record<string, unknown>),
        code: v.keyword,
        message: v.message,
        path: v.instancePath.split('/').filter(Boolean),
      }));
      return sendError(request, reply, 'VALIDATION_FAILED', 422, { field_errors: fieldErrorsOf(issues, request) });
    }
    if (error instanceof ZodError) {
      return sendError(request, reply, 'VALIDATION_FAILED', 422, {
        field_errors: fieldErrorsOf(error.issues as IssueLike[], request),
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(request, reply, 'RATE_LIMITED', 429);
    if (status === 413) return sendError(request, reply, 'PAYLOAD_TOO_LARGE', 413);
    if (status === 404) return sendError(request, reply, 'ROUTE_NOT_FOUND', 404);
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'bad request');
      return sendError(request, reply, 'BAD_REQUEST', 400);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'INTERNAL_ERROR', 500);
  });
}
