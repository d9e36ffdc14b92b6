import { describe, expect, it } from 'vitest';

import { paymentState, stripeReturn, stripeWebhookUrl } from './payment-state';

describe('paymentState', () => {
  it.each([
    ['NOT_CONFIGURED', null, 'not-configured'],
    ['CONNECTED', 'SINGLE', 'single'],
    ['NOT_CONNECTED', 'CONNECT', 'not-connected'],
    ['SETUP_INCOMPLETE', 'CONNECT', 'incomplete'],
    ['CONNECTED', 'CONNECT', 'connected'],
  ] as const)('%s in %s mode shows %s', (status, mode, expected) => {
    expect(paymentState({ status, mode })).toBe(expected);
  });
});

describe('stripeReturn', () => {
  it('reads how Stripe sent the admin back', () => {
    expect(stripeReturn(new URLSearchParams('stripe=return'))).toBe('return');
    expect(stripeReturn(new URLSearchParams('stripe=refresh'))).toBe('refresh');
    expect(stripeReturn(new URLSearchParams('stripe=other'))).toBeNull();
    expect(stripeReturn(new URLSearchParams(''))).toBeNull();
  });
});

it('builds the webhook address from the origin', () => {
  expect(stripeWebhookUrl('https://tickets.example.org/')).toBe(
    'https://tickets.example.org/api/public/webhooks/stripe',
  );
});
