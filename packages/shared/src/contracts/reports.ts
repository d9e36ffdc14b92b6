import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { TAX_TYPES, type TaxType } from './accounts.js';
import { type PaymentProvider, paymentProviderSchema } from './checkout.js';
import { oneOf } from './common.js';
import { PRODUCT_TYPES, type ProductType } from './tickets.js';

// ---------------------------------------------------------------------------------------------
// Reports: what each ticket, promo code, affiliate and day sold in a period, taxes and fees,
// refunds, check-ins, and the account's sales per event. Money in integer minor units of the
// event's currency. Days are calendar days in the event's time zone (the account report: each
// event's own zone). Sold and refunded are counted as on the dashboard (docs/DOMAIN.md, "Reports").
// ---------------------------------------------------------------------------------------------

/** The reports of one event, in the order the Reports screen shows them. */
export const EVENT_REPORTS = [
  'sales-by-product',
  'sales-by-promo-code',
  'sales-by-affiliate',
  'sales-by-day',
  'sales-by-payment',
  'taxes-and-fees',
  'refunds',
  'check-ins',
] as const;
export type EventReportKind = (typeof EVENT_REPORTS)[number];

/** The longest period a report covers (about ten years), so a day-by-day answer stays small. */
export const REPORT_MAX_DAYS = 3660;

const DAY_MS = 86_400_000;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written `YYYY-MM-DD` (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  const m = CALENDAR_DAY.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** The calendar day `days` after (or before, when negative) `day`: `addDays('2026-03-01', -1)` is `2026-02-28`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days from `from` to `to` (0 for the same day; negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Today's calendar day in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '01';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const reportDay = z.string().trim().refine(isCalendarDay, customIssue('invalid_date'));

const periodShape = {
  /** First day of the period, in the event's time zone (absent: since the first sale). */
  from: reportDay.optional(),
  /** Last day of the period, included (absent: up to today). */
  to: reportDay.optional(),
};

/** `from` not after `to`, and at most REPORT_MAX_DAYS days; a problem is a field error on `to`. */
function checkPeriod(value: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (!value.from || !value.to) return;
  const span = daysBetween(value.from, value.to);
  if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], ...customIssue('end_before_start') });
  else if (span + 1 > REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], ...customIssue('period_too_long', { max: REPORT_MAX_DAYS }) });
}

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both optional. */
export const reportPeriodQuery = z.object(periodShape).superRefine(checkPeriod);
export type ReportPeriodQuery = z.output<typeof reportPeriodQuery>;

/** A report's download: the period and `format=csv|xlsx` (default csv). */
export const reportExportQuery = z
  .object({ ...periodShape, format: z.enum(['csv', 'xlsx']).default('csv') })
  .superRefine(checkPeriod);

/**
 * An event's sales and refund reports may be narrowed to the orders for one of its dates (`event_date_id`); the
 * check-ins report counts every date (the door screens count each date).
 */
const eventDateFilter = { event_date_id: z.coerce.number().int().positive().max(LIMITS.ID_MAX).optional() };
export const eventReportQuery = z.object({ ...periodShape, ...eventDateFilter }).superRefine(checkPeriod);
export type EventReportQuery = z.output<typeof eventReportQuery>;
export const eventReportExportQuery = z
  .object({ ...periodShape, ...eventDateFilter, format: z.enum(['csv', 'xlsx']).default('csv') })
  .superRefine(checkPeriod);

export const eventReportParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  report: z.enum(EVENT_REPORTS),
});

/** The period a report covers, as asked (null: open at that end). */
export interface ReportPeriodDto {
  from: string | null;
  to: string | null;
  /** An event report narrowed to the orders for one of its dates (absent or null: every date). */
  event_date_id?: number | null;
}
const periodSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  event_date_id: z.number().int().nullable().optional(),
}) satisfies z.ZodType<ReportPeriodDto>;

/** What every event report says about itself. */
interface ReportHead<K extends EventReportKind> {
  report: K;
  currency: string;
  /** The event's time zone: days and hours are read in it. */
  timezone: string;
  period: ReportPeriodDto;
}
const head = <K extends EventReportKind>(report: K) => ({
  report: z.literal(report),
  currency: z.string(),
  timezone: z.string(),
  period: periodSchema,
});

const int = z.number().int();

/**
 * Money figures of sales: gross (what buyers paid), of it discounts given, taxes and fees; refunds; net = gross -
 * refunded.
 */
export interface SalesMoneyDto {
  gross: number;
  discounts: number;
  taxes: number;
  fees: number;
  refunded: number;
  net: number;
}
const salesMoney = { gross: int, discounts: int, taxes: int, fees: int, refunded: int, net: int };

/**
 * Sales split by channel (docs/DOMAIN.md, "The box office"): units and gross sold online, units and gross paid at the
 * box office (cash or a card terminal), and units given free there (complimentary: no money, counted apart). The
 * units add up to the row's `units`, the gross to its `gross`; refunds are not split.
 */
export interface ChannelSalesDto {
  online_units: number;
  online_gross: number;
  box_office_units: number;
  box_office_gross: number;
  complimentary_units: number;
}
/** Those figures in the order the reports show them (columns after a report's own). */
export const CHANNEL_SALES_FIGURES = [
  'online_units',
  'online_gross',
  'box_office_units',
  'box_office_gross',
  'complimentary_units',
] as const satisfies readonly (keyof ChannelSalesDto)[];
const channelSales = {
  online_units: int,
  online_gross: int,
  box_office_units: int,
  box_office_gross: int,
  complimentary_units: int,
};

// --- Sales by product ----------------------------------------------------------------------------

export interface ProductTierSalesDto extends SalesMoneyDto, ChannelSalesDto {
  tier_id: number;
  label: string;
  units: number;
}
export interface ProductSalesRowDto extends SalesMoneyDto, ChannelSalesDto {
  ticket_id: number;
  name: string;
  product_type: ProductType;
  units: number;
  /** A tiered ticket: each tier's share (they add up to the ticket's row); empty otherwise. */
  tiers: ProductTierSalesDto[];
}
export interface SalesByProductReportDto extends ReportHead<'sales-by-product'> {
  rows: ProductSalesRowDto[];
  totals: SalesMoneyDto & ChannelSalesDto & { units: number };
}
const tierRowSchema = z.object({
  tier_id: int,
  label: z.string(),
  units: int,
  ...salesMoney,
  ...channelSales,
}) satisfies z.ZodType<ProductTierSalesDto>;
const productRowSchema = z.object({
  ticket_id: int,
  name: z.string(),
  product_type: z.enum(PRODUCT_TYPES),
  units: int,
  ...salesMoney,
  ...channelSales,
  tiers: z.array(tierRowSchema),
}) satisfies z.ZodType<ProductSalesRowDto>;
export const salesByProductReportSchema = z.object({
  ...head('sales-by-product'),
  rows: z.array(productRowSchema),
  totals: z.object({ units: int, ...salesMoney, ...channelSales }),
}) satisfies z.ZodType<SalesByProductReportDto>;

// --- Sales by promo code --------------------------------------------------------------------------

/** Orders, units and money of the orders that used a code; `code` null is the row of orders without one. */
export interface PromoCodeSalesRowDto {
  promo_code_id: number | null;
  code: string | null;
  orders: number;
  units: number;
  discounts: number;
  gross: number;
  refunded: number;
  net: number;
}
export interface SalesByPromoCodeReportDto extends ReportHead<'sales-by-promo-code'> {
  /** Every code of the event (also unused ones), then codes no longer there, then orders without a code (last). */
  rows: PromoCodeSalesRowDto[];
  totals: Omit<PromoCodeSalesRowDto, 'promo_code_id' | 'code'>;
}
const promoFigures = { orders: int, units: int, discounts: int, gross: int, refunded: int, net: int };
export const salesByPromoCodeReportSchema = z.object({
  ...head('sales-by-promo-code'),
  rows: z.array(
    z.object({
      promo_code_id: int.nullable(),
      code: z.string().nullable(),
      ...promoFigures,
    }) satisfies z.ZodType<PromoCodeSalesRowDto>,
  ),
  totals: z.object(promoFigures),
}) satisfies z.ZodType<SalesByPromoCodeReportDto>;

// --- Sales by affiliate -----------------------------------------------------------------------------

/** `affiliate_id` null is the row of orders no affiliate brought. */
export interface AffiliateSalesRowDto {
  affiliate_id: number | null;
  name: string | null;
  code: string | null;
  orders: number;
  units: number;
  gross: number;
  refunded: number;
  net: number;
}
export interface SalesByAffiliateReportDto extends ReportHead<'sales-by-affiliate'> {
  /** Every affiliate of the event (also those without sales), then orders without an affiliate (last). */
  rows: AffiliateSalesRowDto[];
  totals: Omit<AffiliateSalesRowDto, 'affiliate_id' | 'name' | 'code'>;
}
const affiliateFigures = { orders: int, units: int, gross: int, refunded: int, net: int };
export const salesByAffiliateReportSchema = z.object({
  ...head('sales-by-affiliate'),
  rows: z.array(
    z.object({
      affiliate_id: int.nullable(),
      name: z.string().nullable(),
      code: z.string().nullable(),
      ...affiliateFigures,
    }) satisfies z.ZodType<AffiliateSalesRowDto>,
  ),
  totals: z.object(affiliateFigures),
}) satisfies z.ZodType<SalesByAffiliateReportDto>;

// --- Sales by day -------------------------------------------------------------------------------------

export interface DaySalesRowDto extends ChannelSalesDto {
  /** `YYYY-MM-DD` in the event's time zone. */
  date: string;
  orders: number;
  units: number;
  gross: number;
  refunded: number;
  net: number;
}
export interface SalesByDayReportDto extends ReportHead<'sales-by-day'> {
  /**
   * Every day of the period, oldest first, days without sales included (an open period: from the first sale or refund
   * to today).
   */
  rows: DaySalesRowDto[];
  totals: Omit<DaySalesRowDto, 'date'>;
}
const dayFigures = { orders: int, units: int, gross: int, refunded: int, net: int, ...channelSales };
export const salesByDayReportSchema = z.object({
  ...head('sales-by-day'),
  rows: z.array(z.object({ date: z.string(), ...dayFigures }) satisfies z.ZodType<DaySalesRowDto>),
  totals: z.object(dayFigures),
}) satisfies z.ZodType<SalesByDayReportDto>;

// --- Taxes and fees -----------------------------------------------------------------------------------

export interface TaxFeeRowDto {
  /** The tax or fee (it may have been deleted since: its name as charged). */
  tax_id: number;
  name: string;
  type: TaxType;
  /** Units that carried it. */
  units: number;
  amount: number;
}
export interface TaxesAndFeesReportDto extends ReportHead<'taxes-and-fees'> {
  /** Taxes first, then fees, each by name. */
  rows: TaxFeeRowDto[];
  totals: { taxes: number; fees: number; total: number };
}
export const taxesAndFeesReportSchema = z.object({
  ...head('taxes-and-fees'),
  rows: z.array(
    z.object({
      tax_id: int,
      name: z.string(),
      type: z.enum(TAX_TYPES),
      units: int,
      amount: int,
    }) satisfies z.ZodType<TaxFeeRowDto>,
  ),
  totals: z.object({ taxes: int, fees: int, total: int }),
}) satisfies z.ZodType<TaxesAndFeesReportDto>;

// --- Refunds ------------------------------------------------------------------------------------------

export interface RefundRowDto {
  order_id: number;
  order_number: string;
  buyer_name: string | null;
  /** When the refund was recorded (an instant; shown in the event's time zone). */
  refunded_at: string;
  /** Minor units; negative when the payment provider later reported an accepted refund as failed. */
  amount: number;
}
export interface RefundsReportDto extends ReportHead<'refunds'> {
  /** Each refund in the period, oldest first. */
  rows: RefundRowDto[];
  totals: { refunds: number; amount: number };
}
export const refundsReportSchema = z.object({
  ...head('refunds'),
  rows: z.array(
    z.object({
      order_id: int,
      order_number: z.string(),
      buyer_name: z.string().nullable(),
      refunded_at: z.string(),
      amount: int,
    }) satisfies z.ZodType<RefundRowDto>,
  ),
  totals: z.object({ refunds: int, amount: int }),
}) satisfies z.ZodType<RefundsReportDto>;

// --- Check-ins ----------------------------------------------------------------------------------------

export interface CheckInListFiguresDto {
  list_id: number;
  /** null: the default name ("All tickets"). */
  name: string | null;
  /** People checked in on this list in the period (and still in: a check-out takes it back). */
  checked_in: number;
  /** Valid tickets the list admits now (as the check-in screen counts them). */
  valid: number;
}
export interface CheckInHourDto {
  /** `YYYY-MM-DDTHH:00` in the event's time zone: the hour's start. */
  hour: string;
  /** Check-ins in this hour per list, in the order of `lists`. */
  counts: number[];
  total: number;
}
export interface CheckInsReportDto extends ReportHead<'check-ins'> {
  lists: CheckInListFiguresDto[];
  /** Hours with check-ins, oldest first (the hours between them too when they span at most three days). */
  hours: CheckInHourDto[];
  totals: { checked_in: number; valid: number };
}
export const checkInsReportSchema = z.object({
  ...head('check-ins'),
  lists: z.array(
    z.object({
      list_id: int,
      name: z.string().nullable(),
      checked_in: int,
      valid: int,
    }) satisfies z.ZodType<CheckInListFiguresDto>,
  ),
  hours: z.array(z.object({ hour: z.string(), counts: z.array(int), total: int }) satisfies z.ZodType<CheckInHourDto>),
  totals: z.object({ checked_in: int, valid: int }),
}) satisfies z.ZodType<CheckInsReportDto>;

// --- Sales by payment ------------------------------------------------------------------------------------------

/**
 * Orders and money by how they were paid: the provider (`STRIPE`, `MOLLIE`, `OFFLINE`, `MANUAL`, `BOX_OFFICE`; null:
 * nothing to pay) and the method there (Mollie's `ideal`, `creditcard`...; null: not known or not asked).
 * `charged_back`: what buyers' banks took back in the period (chargebacks); net = gross - refunded - charged back.
 */
export interface PaymentSalesRowDto {
  provider: PaymentProvider | null;
  method: string | null;
  orders: number;
  gross: number;
  refunded: number;
  charged_back: number;
  net: number;
}
export interface SalesByPaymentReportDto extends ReportHead<'sales-by-payment'> {
  /** Largest gross first; orders with nothing to pay last. */
  rows: PaymentSalesRowDto[];
  totals: Omit<PaymentSalesRowDto, 'provider' | 'method'>;
}
const paymentFigures = { orders: int, gross: int, refunded: int, charged_back: int, net: int };
export const salesByPaymentReportSchema = z.object({
  ...head('sales-by-payment'),
  rows: z.array(
    z.object({
      provider: paymentProviderSchema.nullable(),
      method: z.string().nullable(),
      ...paymentFigures,
    }) satisfies z.ZodType<PaymentSalesRowDto>,
  ),
  totals: z.object(paymentFigures),
}) satisfies z.ZodType<SalesByPaymentReportDto>;

// --- One answer for every event report ------------------------------------------------------------------

export type EventReportDto =
  | SalesByProductReportDto
  | SalesByPromoCodeReportDto
  | SalesByAffiliateReportDto
  | SalesByDayReportDto
  | SalesByPaymentReportDto
  | TaxesAndFeesReportDto
  | RefundsReportDto
  | CheckInsReportDto;

/** A report by its kind: `EventReportOf<'refunds'>` is `RefundsReportDto`. */
export type EventReportOf<K extends EventReportKind> = Extract<EventReportDto, { report: K }>;

export const eventReportSchema = z.discriminatedUnion('report', [
  salesByProductReportSchema,
  salesByPromoCodeReportSchema,
  salesByAffiliateReportSchema,
  salesByDayReportSchema,
  salesByPaymentReportSchema,
  taxesAndFeesReportSchema,
  refundsReportSchema,
  checkInsReportSchema,
]) satisfies z.ZodType<EventReportDto>;
export const eventReportResponse = oneOf(eventReportSchema);

// --- The account: sales per event -------------------------------------------------------------------------

export interface EventSalesRowDto extends ChannelSalesDto {
  event_id: number;
  title: string;
  start_date: string;
  timezone: string;
  /** Each event's own currency: amounts of different currencies are never added together. */
  currency: string;
  orders: number;
  units: number;
  gross: number;
  refunded: number;
  net: number;
}
export interface CurrencyTotalsDto extends ChannelSalesDto {
  currency: string;
  events: number;
  orders: number;
  units: number;
  gross: number;
  refunded: number;
  net: number;
}
export interface SalesByEventReportDto {
  period: ReportPeriodDto;
  /** Events with sales or refunds in the period, the latest start first. */
  rows: EventSalesRowDto[];
  /** One line per currency, by currency code. */
  totals: CurrencyTotalsDto[];
}
const eventFigures = { orders: int, units: int, gross: int, refunded: int, net: int, ...channelSales };
export const salesByEventReportSchema = z.object({
  period: periodSchema,
  rows: z.array(
    z.object({
      event_id: int,
      title: z.string(),
      start_date: z.string(),
      timezone: z.string(),
      currency: z.string(),
      ...eventFigures,
    }) satisfies z.ZodType<EventSalesRowDto>,
  ),
  totals: z.array(
    z.object({ currency: z.string(), events: int, ...eventFigures }) satisfies z.ZodType<CurrencyTotalsDto>,
  ),
}) satisfies z.ZodType<SalesByEventReportDto>;
export const salesByEventReportResponse = oneOf(salesByEventReportSchema);
