import { DEFAULT_EVENT_COLORS, type PublicOrderDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { paymentReturnUrl, returnOutcome, stripeAppearance, stripeFonts, stripeLocale } from './card-payment';

const order = (patch: Partial<PublicOrderDto>) =>
  ({
    status: 'RESERVED',
    payment_status: 'AWAITING_PAYMENT',
    is_expired: false,
    is_owner: true,
    completed_at: null,
    ...patch,
  }) as PublicOrderDto;

describe('stripeAppearance', () => {
  it('uses the event colours', () => {
    const colors = { ...DEFAULT_EVENT_COLORS, primary: '#123456', text: '#010203', content_background: '#fafafa' };
    expect(stripeAppearance(colors).variables).toMatchObject({
      colorPrimary: '#123456',
      colorText: '#010203',
      colorBackground: '#fafafa',
    });
    expect(stripeAppearance(colors).variables?.fontFamily).toContain('Varela Round');
  });
});

describe('stripeFonts', () => {
  it('gives Stripe the self-hosted house font by absolute https address, and nothing over plain http', () => {
    const [font] = stripeFonts('https://tickets.example.test');
    expect(font).toMatchObject({ family: 'Varela Round', weight: '400' });
    expect((font as { src: string }).src).toMatch(
      /^url\(https:\/\/tickets\.example\.test\/.*varela-round-latin-400-normal.*\.woff2\)$/,
    );
    expect(stripeFonts('http://localhost:3000')).toEqual([]);
  });
});

describe('paymentReturnUrl', () => {
  it('is absolute and escapes the order id', () => {
    expect(paymentReturnUrl('https://tickets.example', 7, 'a b')).toBe(
      'https://tickets.example/checkout/7/a%20b/payment_return',
    );
  });
});

describe('returnOutcome', () => {
  it('lets the server decide settled states', () => {
    expect(returnOutcome(order({ status: 'COMPLETED' }), 'failed')).toBe('summary');
    expect(returnOutcome(order({ status: 'AWAITING_PAYMENT' }), null)).toBe('summary');
    expect(returnOutcome(order({ status: 'PROCESSING', payment_status: 'PAYMENT_PROCESSING' }), null)).toBe(
      'processing',
    );
    expect(returnOutcome(order({ payment_status: 'PAYMENT_FAILED' }), 'succeeded')).toBe('failed');
    expect(returnOutcome(order({ payment_status: 'PAYMENT_FAILED', is_expired: true }), null)).toBe('expired');
    expect(returnOutcome(order({ status: 'CANCELLED' }), null)).toBe('cancelled');
    expect(returnOutcome(order({ status: 'ABANDONED' }), null)).toBe('unavailable');
  });

  it('tells a late payment that was refunded from a settled order refunded later', () => {
    expect(returnOutcome(order({ status: 'REFUNDED', payment_status: 'REFUNDED' }), 'succeeded')).toBe('refunded');
    expect(returnOutcome(order({ status: 'REFUND_PENDING' }), null)).toBe('refunded');
    expect(returnOutcome(order({ status: 'REFUNDED', completed_at: '2026-01-01T00:00:00Z' }), null)).toBe('paid');
  });

  it('uses Stripe redirect status only as a hint for an order still in checkout', () => {
    expect(returnOutcome(order({}), 'succeeded')).toBe('processing');
    expect(returnOutcome(order({}), 'processing')).toBe('processing');
    expect(returnOutcome(order({}), 'failed')).toBe('failed');
    expect(returnOutcome(order({}), null)).toBe('unpaid');
    expect(returnOutcome(order({ is_expired: true }), null)).toBe('expired');
    expect(returnOutcome(order({ is_owner: false }), null)).toBe('unavailable');
  });
});

describe('stripeLocale', () => {
  it("maps the app's languages to Stripe's", () => {
    expect(stripeLocale('zh-CN')).toBe('zh');
    expect(stripeLocale('pt-BR')).toBe('pt-BR');
    expect(stripeLocale('de')).toBe('de');
  });
});
