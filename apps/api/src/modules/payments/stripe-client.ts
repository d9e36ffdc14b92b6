import Stripe from 'stripe';

import type { StripeConfig } from '../../config.js';

/**
 * The official Stripe SDK for the operator's keys; `STRIPE_API_URL` points it elsewhere (a local
 * Stripe-compatible server in tests). Null when card payments are not configured.
 */
export function createStripe(config: StripeConfig | null): Stripe | null {
  if (!config) return null;
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}
