import type { MessageDescriptor } from '@lingui/core';
import type { ErrorCode, IssueKey } from '@admitone/shared';

/** The translated message of each error code (SPEC §8 wording where it gives one). */
export const ERROR_MESSAGES: Record<ErrorCode, MessageDescriptor> = {
  VALIDATION_FAILED: /*i18n*/ { id: 'error.validation_failed', message: 'Please check the highlighted fields and try again.' },
  BAD_REQUEST: /*i18n*/ { id: 'error.bad_request', message: 'The request could not be understood. Please try again.' },
  UNAUTHENTICATED: /*i18n*/ { id: 'error.unauthenticated', message: 'Please log in to continue.' },
  INVALID_CREDENTIALS: /*i18n*/ { id: 'error.invalid_credentials', message: 'Please check your email and password and try again' },
  FORBIDDEN: /*i18n*/ { id: 'error.forbidden', message: 'You do not have permission to access this page.' },
  NOT_FOUND: /*i18n*/ { id: 'error.not_found', message: 'We could not find what you were looking for.' },
  ROUTE_NOT_FOUND: /*i18n*/ { id: 'error.route_not_found', message: 'This address does not exist.' },
  EMAIL_ALREADY_REGISTERED: /*i18n*/ { id: 'error.email_already_registered', message: 'An account with this e-mail address already exists. Log in or reset your password.' },
  ACCOUNT_REQUIRED: /*i18n*/ { id: 'error.account_required', message: 'Choose an account to continue.' },
  INVALID_RESET_TOKEN: /*i18n*/ { id: 'error.invalid_reset_token', message: 'This reset password link is invalid or expired.' },
  INVALID_LINK: /*i18n*/ { id: 'error.invalid_link', message: 'The link you clicked is invalid.' },
  OWNER_PROTECTED: /*i18n*/ { id: 'error.owner_protected', message: "The account owner's role and status cannot be changed." },
  LAST_ADMIN: /*i18n*/ { id: 'error.last_admin', message: 'The account needs at least one active admin. Make someone else an admin first.' },
  CANNOT_CHANGE_SELF: /*i18n*/ { id: 'error.cannot_change_self', message: 'You cannot change your own role or status. Ask another admin.' },
  EMAIL_NOT_VERIFIED: /*i18n*/ { id: 'error.email_not_verified', message: 'Confirm your e-mail address before publishing an event. Check your inbox or send the confirmation again.' },
  TICKET_REQUIRED: /*i18n*/ { id: 'error.ticket_required', message: 'Create a ticket first: this needs at least one ticket.' },
  NOT_INVITED: /*i18n*/ { id: 'error.not_invited', message: 'This person has already accepted the invitation.' },
  RATE_LIMITED: /*i18n*/ { id: 'error.rate_limited', message: 'Too many attempts. Please wait a minute and try again.' },
  PAYLOAD_TOO_LARGE: /*i18n*/ { id: 'error.payload_too_large', message: 'What you sent is too large.' },
  INTERNAL_ERROR: /*i18n*/ { id: 'error.internal', message: 'Something went wrong. Please try again.' },
};

/** The translated message of each field problem. */
export const ISSUE_MESSAGES: Record<IssueKey, MessageDescriptor> = {
  required: /*i18n*/ { id: 'field.required', message: 'This field is required.' },
  too_short: /*i18n*/ { id: 'field.too_short', message: 'Must be at least {min} characters.' },
  too_long: /*i18n*/ { id: 'field.too_long', message: 'Must be at most {max} characters.' },
  invalid_email: /*i18n*/ { id: 'field.invalid_email', message: 'Enter a valid e-mail address.' },
  invalid_url: /*i18n*/ { id: 'field.invalid_url', message: 'Enter a valid web address starting with http:// or https://.' },
  invalid_type: /*i18n*/ { id: 'field.invalid_type', message: 'This value has the wrong type.' },
  invalid_value: /*i18n*/ { id: 'field.invalid_value', message: 'Choose one of the allowed values.' },
  invalid_date: /*i18n*/ { id: 'field.invalid_date', message: 'Enter a valid date and time.' },
  invalid_timezone: /*i18n*/ { id: 'field.invalid_timezone', message: 'Choose a valid time zone.' },
  invalid_currency: /*i18n*/ { id: 'field.invalid_currency', message: 'Choose a valid currency.' },
  passwords_not_same: /*i18n*/ { id: 'field.passwords_not_same', message: 'Passwords are not the same' },
  terms_required: /*i18n*/ { id: 'field.terms_required', message: 'You must accept the terms to sign up.' },
  end_before_start: /*i18n*/ { id: 'field.end_before_start', message: 'The end must be after the start.' },
  too_small_number: /*i18n*/ { id: 'field.too_small_number', message: 'Must be at least {min}.' },
  too_big_number: /*i18n*/ { id: 'field.too_big_number', message: 'Must be at most {max}.' },
  invalid: /*i18n*/ { id: 'field.invalid', message: 'This value is not valid.' },
  not_found_choice: /*i18n*/ { id: 'field.not_found_choice', message: 'This choice does not exist.' },
  wrong_password: /*i18n*/ { id: 'field.wrong_password', message: 'This is not your current password.' },
  already_member: /*i18n*/ { id: 'field.already_member', message: 'This person is already a member of the account or invited to it.' },
  invalid_color: /*i18n*/ { id: 'field.invalid_color', message: 'Enter a colour as a hex code such as #ffffff.' },
  same_email: /*i18n*/ { id: 'field.same_email', message: 'This is already your e-mail address.' },
  email_taken: /*i18n*/ { id: 'field.email_taken', message: 'Another login already uses this e-mail address.' },
  whole_number: /*i18n*/ { id: 'field.whole_number', message: 'Enter a whole number.' },
  choose_tickets: /*i18n*/ { id: 'field.choose_tickets', message: 'Choose at least one ticket.' },
  promo_code_taken: /*i18n*/ { id: 'field.promo_code_taken', message: 'This event already has a promo code with this name.' },
  promo_code_format: /*i18n*/ { id: 'field.promo_code_format', message: 'Use letters, digits, dashes and underscores only.' },
  options_required: /*i18n*/ { id: 'field.options_required', message: 'Add at least one option.' },
  options_unique: /*i18n*/ { id: 'field.options_unique', message: 'Each option must be different.' },
  tiers_required: /*i18n*/ { id: 'field.tiers_required', message: 'Add at least one price tier.' },
  max_below_min: /*i18n*/ { id: 'field.max_below_min', message: 'The maximum per order must not be below the minimum.' },
};

export const PLAIN_MESSAGES = {
  forgotPasswordSent: /*i18n*/ {
    id: 'auth.forgot_password_sent',
    message: 'If an account exists for that e-mail address, we have sent a link to reset the password.',
  },
  passwordReset: /*i18n*/ { id: 'auth.password_reset', message: 'Your password has been reset. You can now log in.' },
  confirmationSent: /*i18n*/ { id: 'users.confirmation_sent', message: 'We have sent you a new confirmation link.' },
} satisfies Record<string, MessageDescriptor>;
