import { ApiError, isApiError } from './api-error';

/**
 * What is said about a passkey request that failed, without the browser library (`passkey-prompt.ts`): the login page
 * loads that only when a passkey is used.
 */

/**
 * The person closed the browser's passkey prompt, or let it run out: browsers tell the two apart from no other failure
 * (`NotAllowedError`, on purpose), so both get one calm message instead of an error.
 */
export const passkeyCancelled = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'name' in error &&
  (error.name === 'NotAllowedError' || error.name === 'AbortError');

/**
 * A refused passkey's message (a field error on `credential` or `passkey`, which no form field shows) as the error for
 * the alert above the form; any other error as it is.
 */
export function passkeyFailure(error: unknown, field: 'credential' | 'passkey'): unknown {
  if (!isApiError(error)) return error;
  const messages = error.fieldErrors[field];
  return messages?.length ? new ApiError(error.status, error.code, messages.join(' ')) : error;
}
