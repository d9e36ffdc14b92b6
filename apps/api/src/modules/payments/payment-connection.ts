import { oneOf, type PaymentConnectionDto, type PaymentConnectionStatus } from '@admitone/shared';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { z } from 'zod';

import type { StripeConfig } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { paymentConnections } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';

type ConnectionRow = typeof paymentConnections.$inferSelect;

export interface ConnectionDeps {
  db: Executor;
  stripe: Stripe | null;
  config: StripeConfig | null;
  appUrl: string;
  now: () => Date;
}

/**
 * `PaymentConnectionDto` (accounts.ts in @admitone/shared) as a response schema. Kept beside the routes'
 * code because accounts.ts is not this module's; it belongs next to the interface there.
 */
export const paymentConnectionSchema = z.object({
  status: z.enum([
    'NOT_CONFIGURED',
    'NOT_CONNECTED',
    'SETUP_INCOMPLETE',
    'CONNECTED',
  ]) satisfies z.ZodType<PaymentConnectionStatus>,
  mode: z.enum(['CONNECT', 'SINGLE']).nullable(),
  stripe_account_id: z.string().nullable(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  details_submitted: z.boolean(),
  platform_fee_percent: z.number(),
}) satisfies z.ZodType<PaymentConnectionDto>;
export const paymentConnectionResponse = oneOf(paymentConnectionSchema);

/** Where the account's admin finishes connecting (Stripe's onboarding page). */
export interface OnboardingLinkDto {
  url: string;
}
export const onboardingLinkResponse = oneOf(z.object({ url: z.string() }) satisfies z.ZodType<OnboardingLinkDto>);

/** What the account's payment page shows: not configured, not connected, setup incomplete, connected. */
export function toConnectionDto(config: StripeConfig | null, row: ConnectionRow | null): PaymentConnectionDto {
  const base = {
    mode: config?.mode ?? null,
    platform_fee_percent: config?.mode === 'CONNECT' ? config.platformFeePercent : 0,
  };
  if (!config)
    return {
      ...base,
      status: 'NOT_CONFIGURED',
      stripe_account_id: null,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
    };
  if (config.mode === 'SINGLE')
    return {
      ...base,
      status: 'CONNECTED',
      stripe_account_id: null,
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    };
  if (!row)
    return {
      ...base,
      status: 'NOT_CONNECTED',
      stripe_account_id: null,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
    };
  return {
    ...base,
    status: row.charges_enabled && row.details_submitted ? 'CONNECTED' : 'SETUP_INCOMPLETE',
    stripe_account_id: row.stripe_account_id,
    charges_enabled: row.charges_enabled,
    payouts_enabled: row.payouts_enabled,
    details_submitted: row.details_submitted,
  };
}

export async function findConnection(db: Executor, accountId: number): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(paymentConnections).where(eq(paymentConnections.account_id, accountId));
  return row ?? null;
}

/** Where an account's card payments go: the platform (single mode) or its connected account; null: nowhere yet. */
export async function cardDestination(
  db: Executor,
  config: StripeConfig | null,
  accountId: number,
): Promise<{ connectedAccount: string | null } | null> {
  if (!config) return null;
  if (config.mode === 'SINGLE') return { connectedAccount: null };
  const row = await findConnection(db, accountId);
  return row && row.charges_enabled && row.details_submitted ? { connectedAccount: row.stripe_account_id } : null;
}

/** Records what Stripe says of a connected account (return from onboarding, or `account.updated`). */
export async function saveAccountState(
  db: Executor,
  account: Pick<Stripe.Account, 'id' | 'charges_enabled' | 'payouts_enabled' | 'details_submitted'>,
  now: Date,
): Promise<void> {
  await db
    .update(paymentConnections)
    .set({
      charges_enabled: !!account.charges_enabled,
      payouts_enabled: !!account.payouts_enabled,
      details_submitted: !!account.details_submitted,
      updated_at: now,
    })
    .where(eq(paymentConnections.stripe_account_id, account.id));
}

/**
 * "Connect Stripe": creates the account's Stripe Connect account once (idempotency key per account),
 * then an onboarding link that brings the admin back to /account/payment.
 */
export async function startOnboarding(deps: ConnectionDeps, accountId: number): Promise<OnboardingLinkDto> {
  if (!deps.stripe || !deps.config || deps.config.mode !== 'CONNECT')
    throw new DomainError('PAYMENT_METHOD_UNAVAILABLE');
  let row = await findConnection(deps.db, accountId);
  if (!row) {
    const account = await deps.stripe.accounts.create(
      {
        type: 'express',
        metadata: { admitone_account_id: String(accountId) },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      },
      { idempotencyKey: `account-${accountId}-connect` },
    );
    await deps.db
      .insert(paymentConnections)
      .values({ account_id: accountId, stripe_account_id: account.id, updated_at: deps.now() })
      .onConflictDoNothing();
    row = await findConnection(deps.db, accountId);
  }
  const link = await deps.stripe.accountLinks.create({
    account: row!.stripe_account_id,
    type: 'account_onboarding',
    refresh_url: `${deps.appUrl}/account/payment?stripe=refresh`,
    return_url: `${deps.appUrl}/account/payment?stripe=return`,
  });
  return { url: link.url };
}

/** Reads the connected account back from Stripe (on return from onboarding) and answers the new state. */
export async function refreshConnection(deps: ConnectionDeps, accountId: number): Promise<PaymentConnectionDto> {
  const row = await findConnection(deps.db, accountId);
  if (row && deps.stripe && deps.config?.mode === 'CONNECT') {
    await saveAccountState(deps.db, await deps.stripe.accounts.retrieve(row.stripe_account_id), deps.now());
  }
  return toConnectionDto(deps.config, await findConnection(deps.db, accountId));
}
