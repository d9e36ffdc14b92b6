import type { MessageDescriptor } from '@lingui/core';

/**
 * Column headings and words of the report downloads (translated into the request's language); the rest is in
 * exports/export-headings.ts.
 */
export const REPORT_TEXT = {
  product: /*i18n*/ { id: 'report.product', message: 'Product' },
  units: /*i18n*/ { id: 'report.units', message: 'Units' },
  orders: /*i18n*/ { id: 'report.orders', message: 'Orders' },
  gross: /*i18n*/ { id: 'report.gross', message: 'Gross' },
  discounts: /*i18n*/ { id: 'report.discounts', message: 'Discounts' },
  net: /*i18n*/ { id: 'report.net', message: 'Net' },
  name: /*i18n*/ { id: 'report.name', message: 'Name' },
  code: /*i18n*/ { id: 'report.code', message: 'Code' },
  no_promo_code: /*i18n*/ { id: 'report.no_promo_code', message: 'No promo code' },
  no_affiliate: /*i18n*/ { id: 'report.no_affiliate', message: 'No affiliate' },
  nothing_to_pay: /*i18n*/ { id: 'report.nothing_to_pay', message: 'Nothing to pay' },
  sales_by_payment: /*i18n*/ { id: 'report.sales_by_payment', message: 'Sales by payment' },
  date: /*i18n*/ { id: 'report.date', message: 'Date' },
  type: /*i18n*/ { id: 'report.type', message: 'Type' },
  tax: /*i18n*/ { id: 'report.tax', message: 'Tax' },
  fee: /*i18n*/ { id: 'report.fee', message: 'Fee' },
  amount: /*i18n*/ { id: 'report.amount', message: 'Amount' },
  refunded_at: /*i18n*/ { id: 'report.refunded_at', message: 'Refunded at' },
  buyer: /*i18n*/ { id: 'report.buyer', message: 'Buyer' },
  hour: /*i18n*/ { id: 'report.hour', message: 'Hour' },
  event: /*i18n*/ { id: 'report.event', message: 'Event' },
  starts: /*i18n*/ { id: 'report.starts', message: 'Starts' },
  online_units: /*i18n*/ { id: 'report.online_units', message: 'Online units' },
  online_gross: /*i18n*/ { id: 'report.online_gross', message: 'Online gross' },
  box_office_units: /*i18n*/ { id: 'report.box_office_units', message: 'Box-office units' },
  box_office_gross: /*i18n*/ { id: 'report.box_office_gross', message: 'Box-office gross' },
  complimentary_units: /*i18n*/ { id: 'report.complimentary_units', message: 'Complimentary units' },
  sales_by_product: /*i18n*/ { id: 'report.sales_by_product', message: 'Sales by product' },
  sales_by_promo_code: /*i18n*/ { id: 'report.sales_by_promo_code', message: 'Sales by promo code' },
  sales_by_affiliate: /*i18n*/ { id: 'report.sales_by_affiliate', message: 'Sales by affiliate' },
  sales_by_day: /*i18n*/ { id: 'report.sales_by_day', message: 'Sales by day' },
  taxes_and_fees: /*i18n*/ { id: 'report.taxes_and_fees', message: 'Taxes and fees' },
  refunds: /*i18n*/ { id: 'report.refunds', message: 'Refunds' },
  sales_by_event: /*i18n*/ { id: 'report.sales_by_event', message: 'Sales by event' },
} satisfies Record<string, MessageDescriptor>;
