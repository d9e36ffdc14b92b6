import { z } from 'zod';

import { oneOf } from './common.js';

/** Minutes an admin has between leaving for Mollie to connect and coming back. */
export const MOLLIE_CONNECT_MINUTES = 10;

/** Mollie's onboarding state of a connected organization. */
export type MollieOnboarding = 'needs-data' | 'in-review' | 'completed';
export type MollieConnectionStatus = 'NOT_CONFIGURED' | 'NOT_CONNECTED' | 'SETUP_INCOMPLETE' | 'CONNECTED';

/** `GET /api/accounts/{id}/payment-connection/mollie`: the account's Mollie organization (tokens never shown). */
export interface MollieConnectionDto {
  status: MollieConnectionStatus;
  /** CONNECT: each account connects its own organization; SINGLE: the platform's Mollie account takes payments. */
  mode: 'CONNECT' | 'SINGLE' | null;
  organization_name: string | null;
  profile_id: string | null;
  onboarding: MollieOnboarding | null;
  can_receive_payments: boolean;
  /** Payments run in Mollie's test mode. */
  testmode: boolean;
  /** The platform's share of each payment (Connect). */
  platform_fee_percent: number;
  connected_at: string | null;
}
export const mollieConnectionSchema = z.object({
  status: z.enum(['NOT_CONFIGURED', 'NOT_CONNECTED', 'SETUP_INCOMPLETE', 'CONNECTED']),
  mode: z.enum(['CONNECT', 'SINGLE']).nullable(),
  organization_name: z.string().nullable(),
  profile_id: z.string().nullable(),
  onboarding: z.enum(['needs-data', 'in-review', 'completed']).nullable(),
  can_receive_payments: z.boolean(),
  testmode: z.boolean(),
  platform_fee_percent: z.number(),
  connected_at: z.iso.datetime({ offset: true }).nullable(),
}) satisfies z.ZodType<MollieConnectionDto>;
export const mollieConnectionResponse = oneOf(mollieConnectionSchema);

/**
 * `POST /api/accounts/{id}/payment-connection/mollie/return`: what Mollie sent the admin's browser back with (the
 * page at /account/payment/mollie passes its query on): a code and the state, or an error (the admin said no).
 */
export const mollieReturnBody = z.strictObject({
  code: z.string().min(1).max(500).optional(),
  state: z.string().min(1).max(200),
  error: z.string().max(200).optional(),
});
export type MollieReturnBody = z.input<typeof mollieReturnBody>;

/** One way a buyer can pay online: Stripe's card form, or one of Mollie's methods. */
export interface PaymentOptionDto {
  /** `stripe`, or `mollie.<method>` (`mollie.ideal`, `mollie.creditcard`...). */
  id: string;
  provider: 'STRIPE' | 'MOLLIE';
  /** Mollie's method id; null for Stripe (its form shows what Stripe offers). */
  method: string | null;
  /** The provider's name for it (Mollie answers it in the buyer's language). */
  label: string;
  /** The provider's picture of the method, when it has one. */
  image: string | null;
}
export const paymentOptionSchema = z.object({
  id: z.string(),
  provider: z.enum(['STRIPE', 'MOLLIE']),
  method: z.string().nullable(),
  label: z.string(),
  image: z.string().nullable(),
}) satisfies z.ZodType<PaymentOptionDto>;
export const paymentOptionsResponse = oneOf(z.array(paymentOptionSchema));

/** At most this many payment options on an event. */
export const PAYMENT_OPTIONS_MAX = 40;

/** The payment option ids an organizer may save on an event. */
export const paymentOptionId = z.string().regex(/^(stripe|mollie\.[a-z0-9_]{1,40})$/);

/** `POST /api/public/events/{id}/order/{shortId}/mollie-payment`: the buyer's choice. */
export const molliePaymentBody = z.strictObject({ option: paymentOptionId });
/** Where the buyer's browser goes to pay (Mollie's hosted page). */
export interface MolliePaymentDto {
  checkout_url: string;
}
export const molliePaymentResponse = oneOf(
  z.object({ checkout_url: z.string() }) satisfies z.ZodType<MolliePaymentDto>,
);
