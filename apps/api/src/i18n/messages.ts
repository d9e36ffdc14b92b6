import type { ErrorCode } from '@admitone/shared';
import type { MessageDescriptor } from '@lingui/core';

/** The translated message of each error code (SPEC §8 wording where it gives one). */
export const ERROR_MESSAGES: Record<ErrorCode, MessageDescriptor> = {
  VALIDATION_FAILED: /*i18n*/ {
    id: 'error.validation_failed',
    message: 'Please check the highlighted fields and try again.',
  },
  BAD_REQUEST: /*i18n*/ { id: 'error.bad_request', message: 'The request could not be understood. Please try again.' },
  UNAUTHENTICATED: /*i18n*/ { id: 'error.unauthenticated', message: 'Please log in to continue.' },
  INVALID_CREDENTIALS: /*i18n*/ {
    id: 'error.invalid_credentials',
    message: 'Please check your email and password and try again',
  },
  LOGIN_LOCKED: /*i18n*/ {
    id: 'error.login_locked',
    message:
      'Too many wrong passwords for this e-mail address. Try again in {minutes, plural, one {# minute} other {# minutes}}, or reset your password with "Forgot password?".',
  },
  TWO_FACTOR_CHALLENGE_EXPIRED: /*i18n*/ {
    id: 'error.two_factor_challenge_expired',
    message: 'This sign-in took too long or had too many wrong codes. Enter your password again.',
  },
  TWO_FACTOR_SETUP_REQUIRED: /*i18n*/ {
    id: 'error.two_factor_setup_required',
    message: 'This account requires two-factor sign-in. Set it up in your profile to continue.',
  },
  TWO_FACTOR_REQUIRED_BY_ACCOUNT: /*i18n*/ {
    id: 'error.two_factor_required_by_account',
    message: 'An account you belong to requires two-factor sign-in, so it cannot be turned off.',
  },
  TWO_FACTOR_ALREADY_ON: /*i18n*/ {
    id: 'error.two_factor_already_on',
    message: 'Two-factor sign-in is already on. Turn it off first to use another app.',
  },
  PASSKEY_CEREMONY_EXPIRED: /*i18n*/ {
    id: 'error.passkey_ceremony_expired',
    message: 'This passkey request ran out or was already answered. Try again.',
  },
  PASSKEY_LIMIT: /*i18n*/ {
    id: 'error.passkey_limit',
    message: 'You have as many passkeys as a login may keep. Remove one you no longer use first.',
  },
  TWO_FACTOR_NOT_ON: /*i18n*/ { id: 'error.two_factor_not_on', message: 'Two-factor sign-in is not on.' },
  SSO_UNAVAILABLE: /*i18n*/ {
    id: 'error.sso_unavailable',
    message: 'Single sign-on is not set up for this account, or it is turned off. Log in with your password.',
  },
  SSO_SIGN_IN_EXPIRED: /*i18n*/ {
    id: 'error.sso_sign_in_expired',
    message: 'This single sign-on took too long or was already used. Start again.',
  },
  SSO_REFUSED: /*i18n*/ {
    id: 'error.sso_refused',
    message: 'Your identity provider did not sign you in. Try again, or ask an admin of your account.',
  },
  SSO_EMAIL_UNVERIFIED: /*i18n*/ {
    id: 'error.sso_email_unverified',
    message:
      'Your identity provider did not confirm your e-mail address, so it cannot sign you in here. Ask an admin of your account.',
  },
  SSO_NOT_A_MEMBER: /*i18n*/ {
    id: 'error.sso_not_a_member',
    message:
      'This address has a login that is not an active member of the account. Ask an admin to invite it, accept the invitation, then sign in with single sign-on.',
  },
  SSO_SESSION_LIMITED: /*i18n*/ {
    id: 'error.sso_session_limited',
    message:
      'You signed in with single sign-on. Log in with your password to change how you sign in or to use another account.',
  },
  TWO_FACTOR_RESET_REFUSED: /*i18n*/ {
    id: 'error.two_factor_reset_refused',
    message:
      'This person owns an account or belongs to other accounts: only they can reset their two-factor sign-in, with a recovery code.',
  },
  FORBIDDEN: /*i18n*/ { id: 'error.forbidden', message: 'You do not have permission to access this page.' },
  NOT_FOUND: /*i18n*/ { id: 'error.not_found', message: 'We could not find what you were looking for.' },
  ROUTE_NOT_FOUND: /*i18n*/ { id: 'error.route_not_found', message: 'This address does not exist.' },
  TICKET_PASSED_ON: /*i18n*/ {
    id: 'error.ticket_passed_on',
    message:
      'This ticket was passed on to someone else, who got a new ticket with a new code. This link no longer works.',
  },
  ACCOUNT_REQUIRED: /*i18n*/ { id: 'error.account_required', message: 'Choose an account to continue.' },
  INVALID_RESET_TOKEN: /*i18n*/ {
    id: 'error.invalid_reset_token',
    message: 'This reset password link is invalid or expired.',
  },
  INVALID_LINK: /*i18n*/ { id: 'error.invalid_link', message: 'The link you clicked is invalid.' },
  INVALID_SIGNUP_LINK: /*i18n*/ {
    id: 'error.invalid_signup_link',
    message:
      'This sign-up link is invalid, expired or already used. Sign up again to get a new one, or log in if you already have a login.',
  },
  OWNER_PROTECTED: /*i18n*/ {
    id: 'error.owner_protected',
    message: "The account owner's role and status cannot be changed.",
  },
  LAST_ADMIN: /*i18n*/ {
    id: 'error.last_admin',
    message: 'The account needs at least one active admin. Make someone else an admin first.',
  },
  CANNOT_CHANGE_SELF: /*i18n*/ {
    id: 'error.cannot_change_self',
    message: 'You cannot change your own role or status. Ask another admin.',
  },
  EMAIL_NOT_VERIFIED: /*i18n*/ {
    id: 'error.email_not_verified',
    message: 'Confirm your e-mail address before publishing an event. Check your inbox or send the confirmation again.',
  },
  MESSAGING_NOT_VERIFIED: /*i18n*/ {
    id: 'error.messaging_not_verified',
    message:
      'Your account must be verified before you can send messages. Confirm your e-mail address: check your inbox or send the confirmation again.',
  },
  EMAIL_NOT_CONFIRMED: /*i18n*/ {
    id: 'error.email_not_confirmed',
    message:
      'Confirm your e-mail address first: invitations, ticket e-mails and messages are sent only once it is confirmed. Check your inbox for the link, or send it again from your profile.',
  },
  MAIL_BUDGET_EXCEEDED: /*i18n*/ {
    id: 'error.mail_budget_exceeded',
    message:
      'Your account has sent its {limit} e-mails for this hour to addresses typed in by its team or given in free and offline orders. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  },
  MESSAGE_NOT_SCHEDULED: /*i18n*/ {
    id: 'error.message_not_scheduled',
    message: 'This message is no longer scheduled: it has gone out or was cancelled.',
  },
  MESSAGE_STILL_SENDING: /*i18n*/ {
    id: 'error.message_still_sending',
    message:
      'This message could not be deleted: some of its e-mails are still being sent. Try again once they are sent or have failed.',
  },
  TICKET_REQUIRED: /*i18n*/ {
    id: 'error.ticket_required',
    message: 'Create a ticket first: this needs at least one ticket.',
  },
  NOT_INVITED: /*i18n*/ { id: 'error.not_invited', message: 'This person has already accepted the invitation.' },
  EVENT_UNAVAILABLE: /*i18n*/ { id: 'error.event_unavailable', message: 'This event is not available.' },
  NO_TICKETS_AVAILABLE: /*i18n*/ {
    id: 'error.no_tickets_available',
    message: 'Sorry, there are not enough tickets available for your selection. Please change it and try again.',
  },
  PRICE_CHANGED: /*i18n*/ {
    id: 'error.price_changed',
    message: 'The prices have changed since the page was loaded. Please check the new total and try again.',
  },
  ORDER_EXPIRED: /*i18n*/ {
    id: 'error.order_expired',
    message: 'Sorry, your order has expired. Please start a new order.',
  },
  ORDER_NOT_EDITABLE: /*i18n*/ {
    id: 'error.order_not_editable',
    message: 'This order has already been processed, cancelled or completed.',
  },
  ORDER_ALREADY_PAID: /*i18n*/ { id: 'error.order_already_paid', message: 'This order has already been paid.' },
  MAIL_NOT_FAILED: /*i18n*/ {
    id: 'error.mail_not_failed',
    message: 'Only an e-mail that could not be delivered can be sent again.',
  },
  ORDER_PAGE_UNAVAILABLE: /*i18n*/ {
    id: 'error.order_page_unavailable',
    message: 'This order page is no longer available.',
  },
  HOLD_ALREADY_EXTENDED: /*i18n*/ {
    id: 'error.hold_already_extended',
    message: 'Your reservation cannot be extended any further.',
  },
  NO_PAYMENT_METHOD: /*i18n*/ {
    id: 'error.no_payment_method',
    message:
      'This event has paid tickets but buyers have no way to pay. Connect Stripe in the account’s payment settings, or turn on offline payments in the event’s payment settings, then publish again.',
  },
  E_INVOICE_NOT_POSSIBLE: /*i18n*/ {
    id: 'error.e_invoice_not_possible',
    message:
      'This invoice cannot be made an e-invoice: the buyer gave no address or e-mail, or a line has a fixed fee or more than one tax. The PDF is the invoice.',
  },
  MOLLIE_NOT_CONNECTED: /*i18n*/ {
    id: 'error.mollie_not_connected',
    message: 'Mollie is not connected to this account, or the connection was removed at Mollie. Connect Mollie again.',
  },
  MOLLIE_CONNECT_EXPIRED: /*i18n*/ {
    id: 'error.mollie_connect_expired',
    message: 'Connecting Mollie took too long or was already finished. Start again from the payment settings.',
  },
  MOLLIE_CONNECT_REFUSED: /*i18n*/ {
    id: 'error.mollie_connect_refused',
    message: 'Mollie did not connect your organization. Try again, and allow AdmitOne access at Mollie.',
  },
  PAYMENT_PROVIDER_ERROR: /*i18n*/ {
    id: 'error.payment_provider_error',
    message: 'The payment provider could not be reached. Nothing was charged. Try again in a moment.',
  },
  PAYMENT_METHOD_UNAVAILABLE: /*i18n*/ {
    id: 'error.payment_method_unavailable',
    message: 'This payment method is not available for this event.',
  },
  DETAILS_REQUIRED: /*i18n*/ { id: 'error.details_required', message: 'Please enter your details before paying.' },
  IDEMPOTENCY_KEY_IN_USE: /*i18n*/ {
    id: 'error.idempotency_key_in_use',
    message:
      'A request with this key is still being handled, or was interrupted before its answer was kept. Check whether it took effect before trying again with a new key.',
  },
  API_KEY_READ_ONLY: /*i18n*/ {
    id: 'error.api_key_read_only',
    message: 'This API key is read-only: it cannot change anything.',
  },
  API_KEY_NOT_ALLOWED: /*i18n*/ {
    id: 'error.api_key_not_allowed',
    message: 'API keys cannot make this call: it needs a person signed in.',
  },
  API_KEY_EVENT_SCOPE: /*i18n*/ {
    id: 'error.api_key_event_scope',
    message: 'This API key is limited to some events, so it cannot make calls about the whole account.',
  },
  OUTSIDE_TEAM_SCOPE: /*i18n*/ {
    id: 'error.outside_team_scope',
    message: 'You work only for some organizers of this account, so you cannot do this. Ask an admin.',
  },
  IDEMPOTENCY_KEY_REUSED: /*i18n*/ {
    id: 'error.idempotency_key_reused',
    message: 'This request key was already used for a different request.',
  },
  TICKET_HAS_ORDERS: /*i18n*/ {
    id: 'error.ticket_has_orders',
    message: 'This ticket has orders and cannot be deleted. You can hide it instead.',
  },
  TICKET_TYPE_LOCKED: /*i18n*/ {
    id: 'error.ticket_type_locked',
    message: 'The ticket type cannot change once it has attendees or sales.',
  },
  EVENT_HAS_ORDERS: /*i18n*/ {
    id: 'error.event_has_orders',
    message: 'This event has orders and cannot be deleted. You can archive it instead.',
  },
  REFUND_PENDING: /*i18n*/ {
    id: 'error.refund_pending',
    message: 'A refund is pending for this order. Please wait until it is finished.',
  },
  REFUND_NOT_POSSIBLE: /*i18n*/ {
    id: 'error.refund_not_possible',
    message: 'This order was not paid by card, so it cannot be refunded here.',
  },
  MANUAL_ORDER_NOT_REFUNDABLE: /*i18n*/ {
    id: 'error.manual_order_not_refundable',
    message: 'A manually created order cannot be refunded.',
  },
  ORDER_ALREADY_REFUNDED: /*i18n*/ {
    id: 'error.order_already_refunded',
    message: 'This order has already been refunded.',
  },
  REFUND_FAILED: /*i18n*/ {
    id: 'error.refund_failed',
    message: 'The payment provider could not make the refund. Please try again later.',
  },
  TIER_HAS_SALES: /*i18n*/ {
    id: 'error.tier_has_sales',
    message: 'This price tier has sales and cannot be deleted. You can hide it instead.',
  },
  CATEGORY_NOT_EMPTY: /*i18n*/ {
    id: 'error.category_not_empty',
    message: 'This category still holds tickets. Move them to another category first.',
  },
  LAST_CATEGORY: /*i18n*/ { id: 'error.last_category', message: 'An event needs at least one category.' },
  LAST_CHECK_IN_LIST: /*i18n*/ {
    id: 'error.last_check_in_list',
    message: 'An event needs at least one check-in list.',
  },
  DATE_HAS_ATTENDEES: /*i18n*/ {
    id: 'error.date_has_attendees',
    message: 'This date has attendees (cancelled ones count too) and cannot be deleted. You can hide it instead.',
  },
  LAST_EVENT_DATE: /*i18n*/ {
    id: 'error.last_event_date',
    message: 'An event needs at least one date.',
  },
  SHIFT_ALREADY_OPEN: /*i18n*/ {
    id: 'error.shift_already_open',
    message: 'You already have an open shift at this event. Close it before opening another.',
  },
  SHIFT_NOT_OPEN: /*i18n*/ {
    id: 'error.shift_not_open',
    message: 'Open a shift at this event first. A closed shift cannot be changed.',
  },
  NOT_LAST_SALE: /*i18n*/ {
    id: 'error.not_last_sale',
    message:
      'Only the last sale of your open shift can be voided here. Cancel or refund other orders from the orders screen.',
  },
  PAYMENT_NOT_COMPLETED: /*i18n*/ {
    id: 'error.payment_not_completed',
    message: 'The card payment has not gone through. Try the card again, or take another payment.',
  },
  SEATING_PLAN_IN_USE: /*i18n*/ {
    id: 'error.seating_plan_in_use',
    message: 'An event is seated by this plan: choose another plan for the event first.',
  },
  SEATING_SEATS_SOLD: /*i18n*/ {
    id: 'error.seating_seats_sold',
    message: 'This event has sold or held seats ({seat} and {count} in all): it keeps a seating plan.',
  },
  SEATS_TAKEN: /*i18n*/ {
    id: 'error.seats_taken',
    message: 'Some of the seats you chose were just taken by someone else. Nothing is held: choose again.',
  },
  DATE_CANCELLED: /*i18n*/ {
    id: 'error.date_cancelled',
    message:
      'The organizer has cancelled the date of this order, so it cannot be completed. Please choose another date.',
  },
  INVOICE_CORRECTION_UNAVAILABLE: /*i18n*/ {
    id: 'error.invoice_correction_unavailable',
    message: 'This order has no invoice to correct.',
  },
  INVOICE_CORRECTIONS_USED: /*i18n*/ {
    id: 'error.invoice_corrections_used',
    message:
      'You have corrected the invoice details {count} times, as often as you can here. Please ask the organizer for any further change.',
  },
  SELF_SERVICE_CLOSED: /*i18n*/ {
    id: 'error.self_service_closed',
    message: 'This change is not possible for this order any more. Please contact the organizer.',
  },
  WAITLIST_CLOSED: /*i18n*/ {
    id: 'error.waitlist_closed',
    message: 'This ticket has no waitlist open right now: it may be available to buy.',
  },
  WAITLIST_ENTRY_CHANGED: /*i18n*/ {
    id: 'error.waitlist_entry_changed',
    message: 'This waitlist entry has changed in the meantime. Reload the page to see where it stands.',
  },
  ORDER_LOOKUP_EXPIRED: /*i18n*/ {
    id: 'error.order_lookup_expired',
    message: 'This link has expired. Enter your e-mail address again for a new one.',
  },
  STAFF_LINK_INVALID: /*i18n*/ {
    id: 'error.staff_link_invalid',
    message: 'This check-in link no longer works. It was revoked or replaced; ask the organizer for the new link.',
  },
  ATTENDEE_ALREADY_CANCELLED: /*i18n*/ {
    id: 'error.attendee_already_cancelled',
    message: 'This ticket has already been cancelled.',
  },
  ATTENDEE_NOT_CANCELLED: /*i18n*/ {
    id: 'error.attendee_not_cancelled',
    message: 'Only a cancelled ticket can be reactivated.',
  },
  ATTENDEE_ORDER_CLOSED: /*i18n*/ {
    id: 'error.attendee_order_closed',
    message: 'The order of this ticket is cancelled or refunded, so the ticket cannot be changed.',
  },
  ATTENDEE_NOT_VALID: /*i18n*/ {
    id: 'error.attendee_not_valid',
    message: 'Only a valid ticket can be sent. This one is cancelled or not paid yet.',
  },
  STORAGE_UNAVAILABLE: /*i18n*/ {
    id: 'error.storage_unavailable',
    message:
      'The image could not be saved: file storage is not available right now. Nothing was changed; please try again later.',
  },
  METHOD_NOT_ALLOWED: /*i18n*/ {
    id: 'error.method_not_allowed',
    message: 'This address does not accept this method. The Allow header lists the methods it takes.',
  },
  RATE_LIMITED: /*i18n*/ {
    id: 'error.rate_limited',
    message: 'Too many attempts. Please wait a minute and try again.',
  },
  CLIENT_HOLD_LIMIT: /*i18n*/ {
    id: 'error.client_hold_limit',
    message:
      'You are already holding {held} tickets for this event in unfinished orders (at most {limit} at once). Complete or leave one of them first, or wait until it runs out.',
  },
  CLIENT_RESERVATION_LIMIT: /*i18n*/ {
    id: 'error.client_reservation_limit',
    message:
      'Too many reservations for this event from your connection in the last minute (at most {limit}). Please wait a moment and try again.',
  },
  CHECKOUT_BUSY: /*i18n*/ {
    id: 'error.checkout_busy',
    message: 'Many people are buying tickets at this moment. Please try again in a few seconds.',
  },
  DATABASE_UNAVAILABLE: /*i18n*/ {
    id: 'error.database_unavailable',
    message: 'The service is briefly unavailable. Please try again in a few seconds.',
  },
  PAYLOAD_TOO_LARGE: /*i18n*/ { id: 'error.payload_too_large', message: 'What you sent is too large.' },
  INTERNAL_ERROR: /*i18n*/ { id: 'error.internal', message: 'Something went wrong. Please try again.' },
};

/** The message of each field problem: one list for the API and the web app, in packages/shared. */
export { ISSUE_MESSAGES } from '@admitone/shared/issue-messages';

export const PLAIN_MESSAGES = {
  forgotPasswordSent: /*i18n*/ {
    id: 'auth.forgot_password_sent',
    message: 'If an account exists for that e-mail address, we have sent a link to reset the password.',
  },
  passwordReset: /*i18n*/ { id: 'auth.password_reset', message: 'Your password has been reset. You can now log in.' },
  confirmationSent: /*i18n*/ { id: 'users.confirmation_sent', message: 'We have sent you a new confirmation link.' },
  signUpSent: /*i18n*/ {
    id: 'auth.sign_up_sent',
    message: 'We have sent a link to {email}. Open it to finish signing up.',
  },
} satisfies Record<string, MessageDescriptor>;
