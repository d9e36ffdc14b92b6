import type { IssueKey } from '@admitone/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import type { z } from 'zod';
import { isApiError, NETWORK_ERROR } from './api-error';
import { zodFormErrors, type IssueTranslator } from './zod-form';

// Same English wording as the API's field messages, so a field error reads the same from both sides.
const ISSUE_MESSAGES: Record<IssueKey, MessageDescriptor> = {
  required: msg`This field is required.`,
  too_short: msg({ message: 'Must be at least {min} characters.' }),
  too_long: msg({ message: 'Must be at most {max} characters.' }),
  invalid_email: msg`Enter a valid e-mail address.`,
  invalid_url: msg`Enter a valid web address starting with http:// or https://.`,
  invalid_type: msg`This value has the wrong type.`,
  invalid_value: msg`Choose one of the allowed values.`,
  invalid_date: msg`Enter a valid date and time.`,
  invalid_timezone: msg`Choose a valid time zone.`,
  invalid_currency: msg`Choose a valid currency.`,
  passwords_not_same: msg`Passwords are not the same`,
  terms_required: msg`You must accept the terms to sign up.`,
  end_before_start: msg`The end must be after the start.`,
  too_small_number: msg({ message: 'Must be at least {min}.' }),
  too_big_number: msg({ message: 'Must be at most {max}.' }),
  not_found_choice: msg`This choice does not exist.`,
  wrong_password: msg`This is not your current password.`,
  already_member: msg`This person is already a member of the account or invited to it.`,
  invalid_color: msg`Enter a colour as a hex code such as #ffffff.`,
  same_email: msg`This is already your e-mail address.`,
  email_taken: msg`Another login already uses this e-mail address.`,
  whole_number: msg`Enter a whole number.`,
  choose_tickets: msg`Choose at least one ticket.`,
  promo_code_taken: msg`This event already has a promo code with this name.`,
  promo_code_format: msg`Use letters, digits, dashes and underscores only.`,
  affiliate_code_taken: msg`This event already has an affiliate with this code.`,
  options_required: msg`Add at least one option.`,
  options_unique: msg`Each option must be different.`,
  tiers_required: msg`Add at least one price tier.`,
  password_too_weak: msg`This password is too easy to guess. A few unrelated words, or a longer phrase, are strong and easy to remember.`,
  password_common: msg`This is one of the most common passwords. Choose one that is yours alone, such as a few unrelated words.`,
  password_personal: msg`Do not build your password on your name or e-mail address: they are the first things tried.`,
  max_below_min: msg`The maximum per order must not be below the minimum.`,
  select_ticket: msg`Please select at least one ticket.`,
  below_min_price: msg`Enter at least the minimum amount.`,
  promo_code_invalid: msg`That promo code is invalid.`,
  not_on_sale: msg`This ticket is not on sale.`,
  currency_locked: msg`The currency cannot change once the event has orders.`,
  not_promotional_required: msg`Confirm that this message is not promotional.`,
  no_recipients: msg`No one matches these recipients.`,
  below_taken: msg({ message: '{taken} are already sold or held in checkouts: the limit cannot be lower than that.' }),
  below_uses: msg({ message: 'This code has already been used {taken} times: the limit cannot be lower than that.' }),
  too_many: msg({ message: 'Choose at most {max}.' }),
  order_too_large: msg({ message: 'An order can have at most {max} tickets.' }),
  order_total_too_large: msg`The order total is too large. Split it into smaller orders.`,
  invalid: msg`This value is not valid.`,
};

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
