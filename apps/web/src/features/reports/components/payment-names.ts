import type { PaymentProvider } from '@admitone/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import { PAYMENT_PROVIDER_LABELS } from '../../orders/order-labels';

/**
 * The names of the payment methods buyers use most (Mollie's method ids, Stripe's `card`); any other id (`sofort`,
 * `klarna`, `applepay`...) is shown as it is.
 */
const METHOD_LABELS: Record<string, MessageDescriptor | string> = {
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  creditcard: msg`Card`,
  card: msg`Card`,
  paypal: 'PayPal',
  banktransfer: msg`Bank transfer`,
};

/** A payment method id in words: "iDEAL", "Card", "Bank transfer", or the id itself. */
export const paymentMethodName = (method: string, i18n: I18n): string => {
  const label = Object.hasOwn(METHOD_LABELS, method) ? METHOD_LABELS[method]! : method;
  return typeof label === 'string' ? label : i18n._(label);
};

/**
 * How a row of the sales by payment was paid, in words: "Mollie · iDEAL", "Card (Stripe)", "Offline payment", "Box
 * office"... and "Nothing to pay" for the free orders (no provider).
 */
export const paymentWayName = (provider: PaymentProvider | null, method: string | null, i18n: I18n): string => {
  if (provider === null) return i18n._(msg`Nothing to pay`);
  // Stripe's cards have their own name already; another of its methods (a wallet, a bank debit) is named after it.
  if (provider === 'STRIPE' && (method === null || method === 'card')) return i18n._(PAYMENT_PROVIDER_LABELS.STRIPE);
  const name = provider === 'STRIPE' ? 'Stripe' : i18n._(PAYMENT_PROVIDER_LABELS[provider]);
  return method ? `${name} · ${paymentMethodName(method, i18n)}` : name;
};
