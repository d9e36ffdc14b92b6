import { ISSUE_MESSAGES } from '@admitone/shared/issue-messages';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import type { z } from 'zod';
import { isApiError, NETWORK_ERROR } from './api-error';
import { zodFormErrors, type IssueTranslator } from './zod-form';

/** Translates shared issue descriptors with the given i18n instance. */
export function issueTranslator(i18n: I18n): IssueTranslator {
  return (issue) => {
    const descriptor: MessageDescriptor = { ...(ISSUE_MESSAGES[issue.key] ?? ISSUE_MESSAGES.invalid), values: issue.values };
    return i18n._(descriptor);
  };
}

/** A Mantine `validate` function backed by a shared zod schema (`toBody` maps form values first). */
export function useSchemaValidation<V>(schema: z.ZodType, toBody?: (values: V) => unknown) {
  const { i18n } = useLingui();
  return useCallback(
    (values: V) => zodFormErrors(schema, toBody ? toBody(values) : values, issueTranslator(i18n)),
    [i18n, schema, toBody],
  );
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
