import { isApiError, toFormErrors } from './api-error';

/**
 * Puts a failed call's `field_errors` on the form fields. Returns true when at least one field got
 * an error, so the caller shows a general alert only for the rest.
 */
export function applyFieldErrors(error: unknown, setErrors: (errors: Record<string, string>) => void): boolean {
  if (!isApiError(error)) return false;
  const errors = toFormErrors(error.fieldErrors);
  if (!Object.keys(errors).length) return false;
  setErrors(errors);
  return true;
}
