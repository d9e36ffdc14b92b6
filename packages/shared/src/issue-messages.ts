import type { IssueKey } from './validation.js';

/**
 * The one wording of each field problem (an `IssueKey`), for the API's `field_errors` and the web
 * app's form validation alike: explicit Lingui descriptors with stable ids `field.<key>`.
 * lingui.config.ts includes this file in both catalogs, so both translate the same ids.
 *
 * Imported as `@admitone/shared/issue-messages`, not through the package index: the buyer app's first
 * page loads the index, and its catalog keeps the messages of every module it loads (publicCatalogs
 * in apps/web/vite.config.ts), so these stay with the checkout pages that use them. That scan matches
 * `id: "..."`; Vite's TypeScript transform happens to rewrite quotes before it today, the double
 * quotes here keep the match from depending on that.
 */
export interface IssueMessage {
  id: string;
  message: string;
}

export const ISSUE_MESSAGES: Record<IssueKey, IssueMessage> = {
  required: /*i18n*/ { id: 'field.required', message: 'This field is required.' },
  too_short: /*i18n*/ { id: 'field.too_short', message: 'Must be at least {min} characters.' },
  too_long: /*i18n*/ { id: 'field.too_long', message: 'Must be at most {max} characters.' },
  invalid_email: /*i18n*/ { id: 'field.invalid_email', message: 'Enter a valid e-mail address.' },
  invalid_url: /*i18n*/ {
    id: 'field.invalid_url',
    message: 'Enter a valid web address starting with http:// or https://.',
  },
  invalid_type: /*i18n*/ { id: 'field.invalid_type', message: 'This value has the wrong type.' },
  invalid_value: /*i18n*/ { id: 'field.invalid_value', message: 'Choose one of the allowed values.' },
  invalid_date: /*i18n*/ { id: 'field.invalid_date', message: 'Enter a valid date and time.' },
  invalid_phone: /*i18n*/ {
    id: 'field.invalid_phone',
    message: 'Enter a phone number: digits, with + and the country code for a number abroad.',
  },
  invalid_number: /*i18n*/ { id: 'field.invalid_number', message: 'Enter a number, such as 12 or 3.5.' },
  invalid_timezone: /*i18n*/ { id: 'field.invalid_timezone', message: 'Choose a valid time zone.' },
  invalid_currency: /*i18n*/ { id: 'field.invalid_currency', message: 'Choose a valid currency.' },
  passwords_not_same: /*i18n*/ { id: 'field.passwords_not_same', message: 'Passwords are not the same' },
  terms_required: /*i18n*/ { id: 'field.terms_required', message: 'You must accept the terms to sign up.' },
  end_before_start: /*i18n*/ { id: 'field.end_before_start', message: 'The end must be after the start.' },
  period_too_long: /*i18n*/ { id: 'field.period_too_long', message: 'Choose a period of at most {max} days.' },
  too_small_number: /*i18n*/ { id: 'field.too_small_number', message: 'Must be at least {min}.' },
  too_big_number: /*i18n*/ { id: 'field.too_big_number', message: 'Must be at most {max}.' },
  payment_option_unavailable: /*i18n*/ {
    id: 'field.payment_option_unavailable',
    message: 'This way to pay is not offered for this order. Choose another.',
  },
  addon_limit: /*i18n*/ {
    id: 'field.addon_limit',
    message: 'Sold only with tickets: at most {max} per ticket in this order. Add tickets first.',
  },
  not_promotional_required: /*i18n*/ {
    id: 'field.not_promotional_required',
    message: 'Confirm that this message is not promotional.',
  },
  no_recipients: /*i18n*/ { id: 'field.no_recipients', message: 'No one matches these recipients.' },
  invalid: /*i18n*/ { id: 'field.invalid', message: 'This value is not valid.' },
  not_found_choice: /*i18n*/ { id: 'field.not_found_choice', message: 'This choice does not exist.' },
  choose_date: /*i18n*/ { id: 'field.choose_date', message: 'Choose a date.' },
  date_not_on_sale: /*i18n*/ { id: 'field.date_not_on_sale', message: 'This date is not on sale.' },
  wrong_password: /*i18n*/ { id: 'field.wrong_password', message: 'This is not your current password.' },
  wrong_code: /*i18n*/ {
    id: 'field.wrong_code',
    message: 'This code is not right, or was already used. Enter the newest code your app shows.',
  },
  code_format: /*i18n*/ { id: 'field.code_format', message: 'Enter the six digits your authenticator app shows.' },
  recovery_code_format: /*i18n*/ {
    id: 'field.recovery_code_format',
    message: 'Enter one of your recovery codes, like abcde-12345.',
  },
  two_factor_first: /*i18n*/ {
    id: 'field.two_factor_first',
    message: 'Turn on two-factor sign-in for yourself first, in your profile.',
  },
  already_member: /*i18n*/ {
    id: 'field.already_member',
    message: 'This person is already a member of the account or invited to it.',
  },
  invalid_color: /*i18n*/ { id: 'field.invalid_color', message: 'Enter a colour as a hex code such as #ffffff.' },
  same_email: /*i18n*/ { id: 'field.same_email', message: 'This is already your e-mail address.' },
  email_taken: /*i18n*/ { id: 'field.email_taken', message: 'Another login already uses this e-mail address.' },
  whole_number: /*i18n*/ { id: 'field.whole_number', message: 'Enter a whole number.' },
  choose_tickets: /*i18n*/ { id: 'field.choose_tickets', message: 'Choose at least one ticket.' },
  choose_events: /*i18n*/ { id: 'field.choose_events', message: 'Choose at least one event.' },
  box_office_door_staff_only: /*i18n*/ {
    id: 'field.box_office_door_staff_only',
    message: 'Only door staff can be given the box office as well: the other roles sell there already.',
  },
  organizers_for_organizer_role_only: /*i18n*/ {
    id: 'field.organizers_for_organizer_role_only',
    message: 'Only organizers can be limited to some organizers: admins see everything, door staff work chosen events.',
  },
  passkey_not_verified: /*i18n*/ {
    id: 'field.passkey_not_verified',
    message: 'This passkey could not be checked. Try again, or use another way to sign in.',
  },
  passkey_taken: /*i18n*/ { id: 'field.passkey_taken', message: 'This passkey is already added.' },
  override_check_in_only: /*i18n*/ {
    id: 'field.override_check_in_only',
    message: 'Only a check-in can be made anyway, not a check-out.',
  },
  override_not_allowed: /*i18n*/ {
    id: 'field.override_not_allowed',
    message: 'Only admins and organizers can admit a ticket anyway.',
  },
  sso_issuer_unreachable: /*i18n*/ {
    id: 'field.sso_issuer_unreachable',
    message:
      'No OpenID provider answered at this address. Check the issuer URL: its /.well-known/openid-configuration must be reachable.',
  },
  sso_not_set_up: /*i18n*/ {
    id: 'field.sso_not_set_up',
    message:
      "No single sign-on is set up for this address. Log in with your password, or use your team's sign-in link.",
  },
  must_be_future: /*i18n*/ { id: 'field.must_be_future', message: 'Choose a time in the future.' },
  date_unavailable_for_order: /*i18n*/ {
    id: 'field.date_unavailable_for_order',
    message: 'The order cannot move to this date: its tickets are not sold there, or it is cancelled.',
  },
  exchange_date_unavailable: /*i18n*/ {
    id: 'field.exchange_date_unavailable',
    message: 'Your tickets cannot move to this date. Choose one of the dates offered.',
  },
  exchange_needs_card: /*i18n*/ {
    id: 'field.exchange_needs_card',
    message: 'This date costs more, and this event takes no card payment for the difference. Choose another date.',
  },
  choose_event_types: /*i18n*/ {
    id: 'field.choose_event_types',
    message: 'Choose at least one kind of event to send.',
  },
  unknown_field: /*i18n*/ {
    id: 'field.unknown_field',
    message: 'This request does not take this field or parameter: check its name and where it is sent.',
  },
  address_not_allowed: /*i18n*/ {
    id: 'field.address_not_allowed',
    message: 'This address points to a private or local network. Use a public address the internet can reach.',
  },
  file_type: /*i18n*/ { id: 'field.file_type', message: 'Upload a PDF, JPEG, PNG or WebP file.' },
  file_too_large: /*i18n*/ { id: 'field.file_too_large', message: 'The file must be at most {max} MB.' },
  image_too_many_pixels: /*i18n*/ {
    id: 'field.image_too_many_pixels',
    message: 'The image must have at most {max} megapixels.',
  },
  promo_code_taken: /*i18n*/ {
    id: 'field.promo_code_taken',
    message: 'This event already has a promo code with this name.',
  },
  promo_code_format: /*i18n*/ {
    id: 'field.promo_code_format',
    message: 'Use letters, digits, dashes and underscores only.',
  },
  promo_code_too_weak: /*i18n*/ {
    id: 'field.promo_code_too_weak',
    message: 'Codes that give 100% off or unlock hidden tickets need at least {min} characters.',
  },
  affiliate_code_taken: /*i18n*/ {
    id: 'field.affiliate_code_taken',
    message: 'This event already has an affiliate with this code.',
  },
  options_required: /*i18n*/ { id: 'field.options_required', message: 'Add at least one option.' },
  options_unique: /*i18n*/ { id: 'field.options_unique', message: 'Each option must be different.' },
  tiers_required: /*i18n*/ { id: 'field.tiers_required', message: 'Add at least one price tier.' },
  pass_ticket_only: /*i18n*/ {
    id: 'field.pass_ticket_only',
    message: 'Only a ticket with one price (not tiered, not a product) can be a pass.',
  },
  pass_order_dates_fixed: /*i18n*/ {
    id: 'field.pass_order_dates_fixed',
    message: 'This order holds a pass, which is for its own dates: it cannot move to another date.',
  },
  pass_date_unavailable: /*i18n*/ {
    id: 'field.pass_date_unavailable',
    message: 'This date cannot be picked for the pass: choose one of the dates offered.',
  },
  pass_picks_by_hand: /*i18n*/ {
    id: 'field.pass_picks_by_hand',
    message: 'A pass whose holder picks the dates is sold to buyers only: it cannot be added by hand.',
  },
  pass_no_picks_left: /*i18n*/ {
    id: 'field.pass_no_picks_left',
    message: 'Every date of this pass is picked already.',
  },
  pass_no_waitlist: /*i18n*/ {
    id: 'field.pass_no_waitlist',
    message: 'A pass has no waitlist: it needs a place on every date it covers.',
  },
  max_below_min: /*i18n*/ {
    id: 'field.max_below_min',
    message: 'The maximum per order must not be below the minimum.',
  },
  select_ticket: /*i18n*/ { id: 'field.select_ticket', message: 'Please select at least one ticket.' },
  below_min_price: /*i18n*/ { id: 'field.below_min_price', message: 'Enter at least the minimum amount.' },
  promo_code_invalid: /*i18n*/ { id: 'field.promo_code_invalid', message: 'That promo code is invalid.' },
  fee_currency_mismatch: /*i18n*/ {
    id: 'field.fee_currency_mismatch',
    message: '“{name}” is a fixed amount in {fee_currency}: it cannot be charged on an event in {currency}.',
  },
  currency_has_fixed_fees: /*i18n*/ {
    id: 'field.currency_has_fixed_fees',
    message:
      'Tickets of this event carry fixed fees in {fee_currency}. Remove them from the tickets first, or use fees in the new currency.',
  },
  password_too_weak: /*i18n*/ {
    id: 'field.password_too_weak',
    message:
      'This password is too easy to guess. A few unrelated words, or a longer phrase, are strong and easy to remember.',
  },
  password_common: /*i18n*/ {
    id: 'field.password_common',
    message: 'This is one of the most common passwords. Choose one that is yours alone, such as a few unrelated words.',
  },
  password_personal: /*i18n*/ {
    id: 'field.password_personal',
    message: 'Do not build your password on your name or e-mail address: they are the first things tried.',
  },
  not_on_sale: /*i18n*/ { id: 'field.not_on_sale', message: 'This ticket is not on sale.' },
  currency_locked: /*i18n*/ {
    id: 'field.currency_locked',
    message: 'The currency cannot change once the event has orders.',
  },
  below_taken: /*i18n*/ {
    id: 'field.below_taken',
    message: '{taken} are already sold or held in checkouts: the limit cannot be lower than that.',
  },
  below_uses: /*i18n*/ {
    id: 'field.below_uses',
    message: 'This code has already been used {taken} times: the limit cannot be lower than that.',
  },
  too_many: /*i18n*/ { id: 'field.too_many', message: 'Choose at most {max}.' },
  offset_range: /*i18n*/ {
    id: 'field.offset_range',
    message: 'Choose between {min} and {max} minutes.',
  },
  automation_once: /*i18n*/ {
    id: 'field.automation_once',
    message: 'An event has only one of these; change the one it has.',
  },
  time_not_in_zone: /*i18n*/ {
    id: 'field.time_not_in_zone',
    message: "This time does not exist in the event's time zone (the clocks skip it); choose another.",
  },
  order_too_large: /*i18n*/ { id: 'field.order_too_large', message: 'An order can have at most {max} tickets.' },
  order_total_too_large: /*i18n*/ {
    id: 'field.order_total_too_large',
    message: 'The order total is too large. Split it into smaller orders.',
  },
  invalid_time: /*i18n*/ { id: 'field.invalid_time', message: 'Enter a time such as 19:30.' },
  choose_weekdays: /*i18n*/ { id: 'field.choose_weekdays', message: 'Choose at least one day of the week.' },
  rule_end_choice: /*i18n*/ {
    id: 'field.rule_end_choice',
    message: 'Choose when the dates stop: either an end date or a number of times, not both.',
  },
  rule_times_choice: /*i18n*/ {
    id: 'field.rule_times_choice',
    message: 'Give either start times or time slots, not both.',
  },
  rule_no_dates: /*i18n*/ {
    id: 'field.rule_no_dates',
    message: 'This rule makes no dates. Check its days, its end and its exceptions.',
  },
  too_many_dates: /*i18n*/ {
    id: 'field.too_many_dates',
    message: 'An event can have at most {max} dates, and this one has {existing}. Make fewer dates.',
  },
  cancel_date_separately: /*i18n*/ {
    id: 'field.cancel_date_separately',
    message: 'A date is cancelled with its own action, which also cancels its orders.',
  },
  date_cancelled: /*i18n*/ {
    id: 'field.date_cancelled',
    message: 'This date is cancelled: its status cannot change.',
  },
  set_on_dates: /*i18n*/ {
    id: 'field.set_on_dates',
    message: 'This event has several dates: its start and end follow them. Change the dates instead.',
  },
  seating_category_duplicate: /*i18n*/ {
    id: 'field.seating_category_duplicate',
    message: 'Another category of the plan has this name.',
  },
  seating_category_unknown: /*i18n*/ {
    id: 'field.seating_category_unknown',
    message: 'Choose one of the plan’s categories.',
  },
  seating_seat_duplicate: /*i18n*/ {
    id: 'field.seating_seat_duplicate',
    message: 'Another seat of the plan has this id.',
  },
  seating_label_duplicate: /*i18n*/ {
    id: 'field.seating_label_duplicate',
    message: 'Another seat in this row has this number.',
  },
  seating_plan_empty: /*i18n*/ {
    id: 'field.seating_plan_empty',
    message: 'Add at least one seat or standing area before publishing the plan.',
  },
  seating_outside_plan: /*i18n*/ {
    id: 'field.seating_outside_plan',
    message: 'Part of this section lies outside the plan: move it inside, or make the plan larger.',
  },
  channel_required: /*i18n*/ {
    id: 'field.channel_required',
    message: 'Sell it online, at the box office, or both.',
  },
  cash_short: /*i18n*/ {
    id: 'field.cash_short',
    message: 'Less than the total was given.',
  },
  below_claimed: /*i18n*/ {
    id: 'field.below_claimed',
    message: '{taken} are on box-office devices for selling offline: keep at least that many, or close those shifts.',
  },
  not_for_allocation: /*i18n*/ {
    id: 'field.not_for_allocation',
    message: 'Only tickets and products sold at the box office without a seat can be kept for the door.',
  },
  no_file_at_box_office: /*i18n*/ {
    id: 'field.no_file_at_box_office',
    message: 'A file cannot be asked for at the box office: there is nothing to upload it with.',
  },
  allocation_no_room: /*i18n*/ {
    id: 'field.allocation_no_room',
    message: 'Not that many are left to keep for the door on this date.',
  },
  seating_not_published: /*i18n*/ {
    id: 'field.seating_not_published',
    message: 'This plan has no published version yet: publish it first.',
  },
  seating_category_mapped_twice: /*i18n*/ {
    id: 'field.seating_category_mapped_twice',
    message: 'This category is given a ticket twice.',
  },
  seating_ticket_kind: /*i18n*/ {
    id: 'field.seating_ticket_kind',
    message: 'Seats are sold as tickets that admit one person: not as a product or a pass.',
  },
  seating_too_many_seats: /*i18n*/ {
    id: 'field.seating_too_many_seats',
    message: 'A plan holds at most {max} seats.',
  },
  seating_sold_seat_changed: /*i18n*/ {
    id: 'field.seating_sold_seat_changed',
    message:
      '{seat} is sold or held and is not the same in this version ({count} such places): choose a version that keeps them.',
  },
  seats_required: /*i18n*/ {
    id: 'field.seats_required',
    message: 'Choose your seats on the plan.',
  },
  seats_count: /*i18n*/ {
    id: 'field.seats_count',
    message: 'Choose one seat for each ticket ({count}).',
  },
  seats_not_seated: /*i18n*/ {
    id: 'field.seats_not_seated',
    message: 'This ticket is not sold by seat.',
  },
  seat_unknown: /*i18n*/ {
    id: 'field.seat_unknown',
    message: 'This seat is not on the plan of this event.',
  },
  seat_wrong_ticket: /*i18n*/ {
    id: 'field.seat_wrong_ticket',
    message: 'This seat is not sold as this ticket.',
  },
  seat_twice: /*i18n*/ {
    id: 'field.seat_twice',
    message: 'This seat is chosen twice.',
  },
  seat_table_whole: /*i18n*/ {
    id: 'field.seat_table_whole',
    message: 'This table is sold whole: choose every seat at it.',
  },
  seat_taken: /*i18n*/ {
    id: 'field.seat_taken',
    message: '{seat} has just been taken by someone else.',
  },
  seat_not_free: /*i18n*/ {
    id: 'field.seat_not_free',
    message: '{seat} is sold or in a checkout: it cannot be kept off sale.',
  },
  seat_already_held: /*i18n*/ {
    id: 'field.seat_already_held',
    message: '{seat} is already kept off sale by “{hold}”.',
  },
  event_not_seated: /*i18n*/ {
    id: 'field.event_not_seated',
    message: 'This event has no seating plan.',
  },
  vat_number_invalid: /*i18n*/ {
    id: 'field.vat_number_invalid',
    message: 'This is not a valid VAT number: it starts with the country code (e.g. DE123456789).',
  },
  invoice_settings_missing: /*i18n*/ {
    id: 'field.invoice_settings_missing',
    message: 'Fill in the organizer’s invoice settings (legal name and address) first.',
  },
  invoice_address_required: /*i18n*/ {
    id: 'field.invoice_address_required',
    message: 'An invoice needs this part of the address.',
  },
  coordinates_incomplete: /*i18n*/ {
    id: 'field.coordinates_incomplete',
    message: 'Give both latitude and longitude, or neither.',
  },
  invoice_locked_after_payment: /*i18n*/ {
    id: 'field.invoice_locked_after_payment',
    message: 'The payment has started: this would change the amount. Finish the payment, or start a new order.',
  },
};
