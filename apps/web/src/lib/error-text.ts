import type { IssueDescriptor } from '@admitone/shared';
import { ISSUE_MESSAGES } from '@admitone/shared/issue-messages';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import { isApiError, NETWORK_ERROR } from './api-error';

/**
 * The words for errors: a failed call's message and a field's problem in the active language. Kept
 * apart from the schema validation (zod) so a page that only shows errors does not download zod.
 */

/** Turns a translation-neutral issue into a message in the active language. */
export type IssueTranslator = (issue: IssueDescriptor) => string;

/** Translates shared issue descriptors with the given i18n instance. */
export function issueTranslator(i18n: I18n): IssueTranslator {
  return (issue) => {
    const descriptor: MessageDescriptor = {
      ...(ISSUE_MESSAGES[issue.key] ?? ISSUE_MESSAGES.invalid),
      values: issue.values,
    };
    return i18n._(descriptor);
  };
}

const GENERIC_ERROR = msg`Something went wrong. Please try again.`;
const NETWORK_ERROR_MESSAGE = msg`We could not reach the server. Please check your connection and try again.`;

/** The message to show for a failed call: the server's translated message, else a generic one. */
export function errorMessage(error: unknown, i18n: I18n): string {
  if (isApiError(error)) {
    if (error.code === NETWORK_ERROR) return i18n._(NETWORK_ERROR_MESSAGE);
    if (error.message) return error.message;
  }
  return i18n._(GENERIC_ERROR);
}
