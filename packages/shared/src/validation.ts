import { z } from 'zod';

/**
 * A translation-neutral description of a validation problem. Both the API and the web app turn
 * these into translated messages, so a field error reads the same wherever it is shown.
 */
export type IssueKey =
  | 'required'
  | 'too_short'
  | 'too_long'
  | 'invalid_email'
  | 'invalid_url'
  | 'invalid_type'
  | 'invalid_value'
  | 'invalid_date'
  | 'invalid_phone'
  | 'invalid_number'
  | 'invalid_timezone'
  | 'invalid_currency'
  | 'passwords_not_same'
  | 'terms_required'
  | 'end_before_start'
  | 'period_too_long'
  | 'too_small_number'
  | 'too_big_number'
  | 'addon_limit'
  | 'not_found_choice'
  | 'wrong_password'
  | 'wrong_code'
  | 'code_format'
  | 'recovery_code_format'
  | 'two_factor_first'
  | 'already_member'
  | 'invalid_color'
  | 'same_email'
  | 'email_taken'
  | 'tiers_required'
  | 'pass_ticket_only'
  | 'pass_no_waitlist'
  | 'pass_order_dates_fixed'
  | 'pass_date_unavailable'
  | 'pass_no_picks_left'
  | 'pass_picks_by_hand'
  | 'choose_tickets'
  | 'choose_events'
  | 'box_office_door_staff_only'
  | 'organizers_for_organizer_role_only'
  | 'passkey_not_verified'
  | 'passkey_taken'
  | 'sso_issuer_unreachable'
  | 'override_check_in_only'
  | 'override_not_allowed'
  | 'sso_not_set_up'
  | 'payment_option_unavailable'
  | 'promo_code_taken'
  | 'promo_code_format'
  | 'promo_code_too_weak'
  | 'affiliate_code_taken'
  | 'options_required'
  | 'options_unique'
  | 'vat_number_invalid'
  | 'invoice_settings_missing'
  | 'invoice_address_required'
  | 'coordinates_incomplete'
  | 'invoice_locked_after_payment'
  | 'whole_number'
  | 'max_below_min'
  | 'select_ticket'
  | 'below_min_price'
  | 'promo_code_invalid'
  | 'fee_currency_mismatch'
  | 'currency_has_fixed_fees'
  | 'not_on_sale'
  | 'choose_date'
  | 'date_not_on_sale'
  | 'currency_locked'
  | 'not_promotional_required'
  | 'no_recipients'
  | 'below_taken'
  | 'below_uses'
  | 'too_many'
  | 'order_too_large'
  | 'order_total_too_large'
  | 'password_too_weak'
  | 'password_common'
  | 'password_personal'
  | 'must_be_future'
  | 'exchange_date_unavailable'
  | 'exchange_needs_card'
  | 'date_unavailable_for_order'
  | 'choose_event_types'
  | 'address_not_allowed'
  | 'file_type'
  | 'file_too_large'
  | 'image_too_many_pixels'
  | 'unknown_field'
  | 'invalid_time'
  | 'choose_weekdays'
  | 'rule_end_choice'
  | 'rule_times_choice'
  | 'rule_no_dates'
  | 'too_many_dates'
  | 'cancel_date_separately'
  | 'date_cancelled'
  | 'set_on_dates'
  | 'seating_category_duplicate'
  | 'seating_category_unknown'
  | 'seating_seat_duplicate'
  | 'seating_label_duplicate'
  | 'seating_plan_empty'
  | 'seating_outside_plan'
  | 'channel_required'
  | 'cash_short'
  | 'below_claimed'
  | 'not_for_allocation'
  | 'allocation_no_room'
  | 'no_file_at_box_office'
  | 'seating_too_many_seats'
  | 'seating_not_published'
  | 'seating_category_mapped_twice'
  | 'seating_ticket_kind'
  | 'seating_sold_seat_changed'
  | 'seats_required'
  | 'seats_count'
  | 'seats_not_seated'
  | 'seat_unknown'
  | 'seat_wrong_ticket'
  | 'seat_twice'
  | 'seat_table_whole'
  | 'seat_taken'
  | 'seat_not_free'
  | 'seat_already_held'
  | 'event_not_seated'
  | 'offset_range'
  | 'automation_once'
  | 'time_not_in_zone'
  | 'invalid';

export interface IssueDescriptor {
  key: IssueKey;
  values: Record<string, string | number>;
}

const KEY_PREFIX = '@';

/**
 * Error option naming a neutral key; the key (and any values) travel in the issue message as `@key` or `@key|{json}`.
 */
export function customIssue(key: IssueKey, values?: Record<string, string | number>) {
  return { message: `${KEY_PREFIX}${key}${values ? `|${JSON.stringify(values)}` : ''}` };
}

/** Maps a zod issue to the neutral descriptor above. */
export function describeIssue(issue: z.core.$ZodIssue | { code: string; [k: string]: unknown }): IssueDescriptor {
  const i = issue as Record<string, unknown>;
  if (typeof i.message === 'string' && i.message.startsWith(KEY_PREFIX)) {
    const [key, values] = i.message.slice(KEY_PREFIX.length).split('|', 2) as [IssueKey, string | undefined];
    return { key, values: values ? (JSON.parse(values) as Record<string, string | number>) : {} };
  }
  switch (i.code) {
    case 'too_small': {
      const min = Number(i.minimum);
      if (i.origin === 'string')
        return min <= 1 ? { key: 'required', values: {} } : { key: 'too_short', values: { min } };
      if (i.origin === 'number' || i.origin === 'int') return { key: 'too_small_number', values: { min } };
      return { key: 'too_short', values: { min } };
    }
    case 'too_big': {
      const max = Number(i.maximum);
      if (i.origin === 'number' || i.origin === 'int') return { key: 'too_big_number', values: { max } };
      if (i.origin === 'array' || i.origin === 'set') return { key: 'too_many', values: { max } };
      return { key: 'too_long', values: { max } };
    }
    case 'invalid_format':
      if (i.format === 'email') return { key: 'invalid_email', values: {} };
      if (i.format === 'url') return { key: 'invalid_url', values: {} };
      return { key: 'invalid', values: {} };
    case 'invalid_type': {
      // Zod leaves the input out of issues; its message names what was received.
      const missing =
        'input' in i
          ? i.input === undefined || i.input === null
          : /received (undefined|null)$/.test(String(i.message ?? ''));
      if (missing) return { key: 'required', values: {} };
      if (i.expected === 'int') return { key: 'whole_number', values: {} };
      return { key: 'invalid_type', values: {} };
    }
    case 'invalid_value':
      return { key: 'invalid_value', values: {} };
    case 'unrecognized_keys':
      return { key: 'unknown_field', values: {} };
    default:
      return { key: 'invalid', values: {} };
  }
}

/** Checks an IANA time zone name. */
export function isValidTimezone(tz: string): boolean {
  if (!tz) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Checks an ISO 4217 currency code that the runtime can format. */
export function isValidCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    return Intl.supportedValuesOf('currency').includes(code);
  } catch {
    return false;
  }
}

/** Number of minor-unit digits of a currency (2 for EUR, 0 for JPY). */
export function currencyExponent(code: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2
  );
}
