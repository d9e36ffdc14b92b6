/** Error codes the API answers with; each maps to one HTTP status and one translated message. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 422,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  LOGIN_LOCKED: 429,
  /** The second step of a sign-in came too late, or after too many wrong codes: the password is asked again. */
  TWO_FACTOR_CHALLENGE_EXPIRED: 401,
  /** The account requires two-factor sign-in and the caller has none: only their profile works until they set it up. */
  TWO_FACTOR_SETUP_REQUIRED: 403,
  /** An account the person belongs to requires two-factor sign-in: it cannot be turned off. */
  TWO_FACTOR_REQUIRED_BY_ACCOUNT: 409,
  TWO_FACTOR_ALREADY_ON: 409,
  /** A passkey request (making one, or signing in with one) answered too late or a second time: start again. */
  PASSKEY_CEREMONY_EXPIRED: 400,
  /** A person keeps at most PASSKEYS_MAX passkeys. */
  PASSKEY_LIMIT: 409,
  TWO_FACTOR_NOT_ON: 409,
  /** The team's sign-in link is unknown, or the account's single sign-on is turned off. */
  SSO_UNAVAILABLE: 404,
  /** A single sign-on came back too late, a second time, or from another browser's start: start again. */
  SSO_SIGN_IN_EXPIRED: 400,
  /** The identity provider refused the sign-in or its answer did not check out. */
  SSO_REFUSED: 401,
  /** The identity provider did not vouch for the person's e-mail address: no login is made or linked with it. */
  SSO_EMAIL_UNVERIFIED: 409,
  /** The address has a login that is not (or no longer) an active member: an admin invites it, the person accepts. */
  SSO_NOT_A_MEMBER: 409,
  /** A session opened by single sign-on cannot change how its person signs in, nor move to another account. */
  SSO_SESSION_LIMITED: 403,
  /** An admin may reset the second factor only of a person who belongs to no other account and owns none. */
  TWO_FACTOR_RESET_REFUSED: 409,
  FORBIDDEN: 403,
  /** A read-only API key tried a call that changes something. */
  API_KEY_READ_ONLY: 403,
  /** A call that needs a person signed in (their profile, session, the team, API keys): API keys cannot make it. */
  API_KEY_NOT_ALLOWED: 403,
  /** An API key limited to some events tried a call about the whole account. */
  API_KEY_EVENT_SCOPE: 403,
  /** A member limited to some organizers tried what would reach beyond them (a new organizer). */
  OUTSIDE_TEAM_SCOPE: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  /** A ticket link of a ticket that was passed on to someone else (who has a new code and link). */
  TICKET_PASSED_ON: 410,
  ACCOUNT_REQUIRED: 409,
  INVALID_RESET_TOKEN: 400,
  INVALID_LINK: 400,
  /** A sign-up link that is unknown, expired or used, or whose address got a login meanwhile. */
  INVALID_SIGNUP_LINK: 400,
  OWNER_PROTECTED: 409,
  LAST_ADMIN: 409,
  CANNOT_CHANGE_SELF: 409,
  NOT_INVITED: 409,
  EMAIL_NOT_VERIFIED: 409,
  /** Going live with a paid ticket while buyers have no way to pay (no card payments, offline payments off). */
  NO_PAYMENT_METHOD: 409,
  MESSAGING_NOT_VERIFIED: 409,
  /**
   * The caller's own e-mail address is not confirmed: no mail to addresses they type (invitations, tickets, messages).
   */
  EMAIL_NOT_CONFIRMED: 403,
  /** The account's mail budget for this hour is used up (Retry-After says when there is room). */
  MAIL_BUDGET_EXCEEDED: 429,
  MESSAGE_STILL_SENDING: 409,
  /** A scheduled message that already went (or was cancelled) can no longer be changed or cancelled. */
  MESSAGE_NOT_SCHEDULED: 409,
  TICKET_REQUIRED: 409,
  EVENT_UNAVAILABLE: 409,
  NO_TICKETS_AVAILABLE: 409,
  PRICE_CHANGED: 409,
  ORDER_EXPIRED: 409,
  ORDER_NOT_EDITABLE: 409,
  ORDER_ALREADY_PAID: 409,
  /** Only an e-mail that could not be delivered (FAILED) can be sent again. */
  MAIL_NOT_FAILED: 409,
  ORDER_PAGE_UNAVAILABLE: 403,
  HOLD_ALREADY_EXTENDED: 409,
  PAYMENT_METHOD_UNAVAILABLE: 409,
  /** The account has no Mollie organization connected (or Mollie no longer knows the connection): connect it again. */
  MOLLIE_NOT_CONNECTED: 409,
  /** The invoice cannot be an e-invoice: no buyer address or e-mail, or a line with a fixed fee or several taxes. */
  E_INVOICE_NOT_POSSIBLE: 409,
  /** The admin came back from Mollie too late, a second time, or from another person's start: connect again. */
  MOLLIE_CONNECT_EXPIRED: 400,
  /** Mollie did not connect the organization (the admin said no, or the answer did not check out). */
  MOLLIE_CONNECT_REFUSED: 409,
  /** The payment provider could not be reached or refused the request: nothing was charged; try again. */
  PAYMENT_PROVIDER_ERROR: 502,
  DETAILS_REQUIRED: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  /** A request with the same Idempotency-Key is still being answered (or was cut off before its answer was kept). */
  IDEMPOTENCY_KEY_IN_USE: 409,
  TICKET_HAS_ORDERS: 409,
  TICKET_TYPE_LOCKED: 409,
  TIER_HAS_SALES: 409,
  /** A product category still holding products cannot be deleted (they are moved first). */
  CATEGORY_NOT_EMPTY: 409,
  /** An event keeps at least one product category. */
  LAST_CATEGORY: 409,
  /** An event keeps at least one check-in list. */
  LAST_CHECK_IN_LIST: 409,
  /** A date that has (or had) attendees cannot be deleted: they name it. */
  DATE_HAS_ATTENDEES: 409,
  /** An event keeps at least one date. */
  LAST_EVENT_DATE: 409,
  /** A seating plan pinned by an event is not deleted (choose another plan for the event first). */
  SEATING_PLAN_IN_USE: 409,
  /** An event with sold or held seats keeps a plan (it may move to a version that keeps them). */
  SEATING_SEATS_SOLD: 409,
  /** The caller already has an open box-office shift at this event (one at a time). */
  SHIFT_ALREADY_OPEN: 409,
  /** A box-office sale, or a void, needs the caller's open shift at the event; a closed shift is never changed. */
  SHIFT_NOT_OPEN: 409,
  /** Only the last sale of the caller's open shift can be voided from the box office. */
  NOT_LAST_SALE: 409,
  /** A box-office card sale the device says is paid, but Stripe does not (yet): its units stay held a while. */
  PAYMENT_NOT_COMPLETED: 409,
  /** Seats a buyer chose were taken meanwhile: the fields name each (`items.{i}.seats.{j}`); nothing is held. */
  SEATS_TAKEN: 409,
  /** The organizer cancelled the order's date: its checkout cannot be completed (a card payment is refunded). */
  DATE_CANCELLED: 409,
  /** A staff link that was never made, revoked or replaced by a new one. */
  STAFF_LINK_INVALID: 404,
  /** A "find my tickets" link past its time (a new one can be asked for on the same page). */
  ORDER_LOOKUP_EXPIRED: 410,
  /**
   * What a buyer asked to change on their order is not (or no longer) allowed for it (the event's settings, its state,
   * the cut-off).
   */
  SELF_SERVICE_CLOSED: 409,
  /** The buyer asked to correct invoice details on an order that has no invoice. */
  INVOICE_CORRECTION_UNAVAILABLE: 409,
  /** The buyer corrected their invoice details as often as they may; the organizer can still. */
  INVOICE_CORRECTIONS_USED: 409,
  /** The ticket has no waitlist, or is not sold out (tickets can be bought now). */
  WAITLIST_CLOSED: 409,
  /** A waitlist entry is no longer in the state the change needs (offered, bought, left or removed meanwhile). */
  WAITLIST_ENTRY_CHANGED: 409,
  EVENT_HAS_ORDERS: 409,
  REFUND_PENDING: 409,
  REFUND_NOT_POSSIBLE: 409,
  MANUAL_ORDER_NOT_REFUNDABLE: 409,
  ORDER_ALREADY_REFUNDED: 409,
  REFUND_FAILED: 502,
  ATTENDEE_ALREADY_CANCELLED: 409,
  ATTENDEE_NOT_CANCELLED: 409,
  ATTENDEE_ORDER_CLOSED: 409,
  ATTENDEE_NOT_VALID: 409,
  RATE_LIMITED: 429,
  CLIENT_HOLD_LIMIT: 429,
  CLIENT_RESERVATION_LIMIT: 429,
  CHECKOUT_BUSY: 503,
  /** The database cannot be reached (down, restarting, network): try again shortly (Retry-After). */
  DATABASE_UNAVAILABLE: 503,
  /** Uploaded files cannot be written (a full or read-only disk, a bucket refusing): nothing was saved. */
  STORAGE_UNAVAILABLE: 503,
  PAYLOAD_TOO_LARGE: 413,
  /** A known address asked with a method it does not take (the `Allow` header lists those it does). */
  METHOD_NOT_ALLOWED: 405,
  INTERNAL_ERROR: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field errors: a dotted field path (e.g. `email`, `location.city`) to its messages. */
export type FieldErrors = Record<string, string[]>;

/** The one error shape of every API answer that is not 2xx. */
export interface ApiErrorBody {
  error: { code: ErrorCode | string; message: string; field_errors?: FieldErrors };
}
