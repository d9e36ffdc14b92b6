import type { ApiErrorBody, FieldErrors } from '@admitone/shared';

/** Code used when the request never got an answer (offline, server down). */
export const NETWORK_ERROR = 'NETWORK_ERROR';

/** An API answer that was not 2xx. `message` is already translated by the server (may be empty). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: FieldErrors;

  constructor(status: number, code: string, message: string, fieldErrors: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }

  /** Builds the error from a response body, tolerating bodies that are not the error shape. */
  static fromBody(status: number, body: unknown): ApiError {
    const error = (body as Partial<ApiErrorBody> | null)?.error;
    if (error && typeof error === 'object' && typeof error.code === 'string') {
      return new ApiError(
        status,
        error.code,
        typeof error.message === 'string' ? error.message : '',
        error.field_errors ?? {},
      );
    }
    return new ApiError(status, `HTTP_${status}`, '');
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

/** True when the error is an API answer with the given status. */
export const hasStatus = (error: unknown, status: number): boolean => isApiError(error) && error.status === status;

/** Server field errors as Mantine form errors: one string per field. */
export function toFormErrors(fieldErrors: FieldErrors): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (messages.length) out[field] = messages.join(' ');
  }
  return out;
}
