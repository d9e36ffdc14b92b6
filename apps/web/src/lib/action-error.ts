import type { I18n } from '@lingui/core';

import { isApiError, NETWORK_ERROR } from './api-error';
import { errorMessage } from './validation';

/**
 * The message for a failed action: the server's translated one, the network message, or else the
 * action's own sentence ("We could not cancel this order. Please try again.") instead of a generic one.
 */
export function actionErrorMessage(error: unknown, i18n: I18n, fallback: string): string {
  if (isApiError(error) && (error.code === NETWORK_ERROR || error.message)) return errorMessage(error, i18n);
  return fallback;
}
