import { useState } from 'react';

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

/**
 * The error of a form's last save: field errors go onto the fields, anything else into `error` for
 * the alert above the form. `handle(onSuccess)` clears it and gives the mutation's callbacks; or call
 * `clear()` before saving and pass `fail` as onError (it returns true when the error went to the alert).
 */
export function useFormError(setErrors: (errors: Record<string, string>) => void) {
  const [error, setError] = useState<unknown>(null);
  const fail = (e: unknown) => {
    if (applyFieldErrors(e, setErrors)) return false;
    setError(e);
    return true;
  };
  const handle = <R>(onSuccess: (result: R) => void) => {
    setError(null);
    return { onSuccess, onError: fail };
  };
  return { error, clear: () => setError(null), fail, handle };
}
