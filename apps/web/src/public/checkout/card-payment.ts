import type { EventColors, PublicOrderDto } from '@admitone/shared';
import varelaLatin from '@fontsource/varela-round/files/varela-round-latin-400-normal.woff2?url';
import type { Appearance, CustomFontSource } from '@stripe/stripe-js';

import { checkoutPath } from './paths';

/** The house font first (the Stripe frame falls back to the system's rounded-ish sans). */
const FONT = "'Varela Round', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans SC', sans-serif";

/** The Stripe Payment Element dressed in the event's colours and the app's rounded look. */
export function stripeAppearance(colors: EventColors): Appearance {
  return {
    theme: 'stripe',
    variables: {
      colorPrimary: colors.primary,
      colorBackground: colors.content_background,
      colorText: colors.text,
      colorDanger: '#c92a2a',
      fontFamily: FONT,
      borderRadius: '8px',
      spacingUnit: '4px',
    },
    rules: {
      '.Input:focus': { boxShadow: `0 0 0 2px ${colors.primary}` },
      '.Tab--selected': { borderColor: colors.primary },
    },
  };
}

/**
 * The self-hosted house font for Stripe's frame (it runs on Stripe's origin, so it needs the absolute
 * address; the server sends font files with CORS headers). Only over https, as Stripe requires.
 */
export function stripeFonts(origin: string): CustomFontSource[] {
  if (!origin.startsWith('https:')) return [];
  return [
    {
      family: 'Varela Round',
      src: `url(${new URL(varelaLatin, origin).href})`,
      weight: '400',
      style: 'normal',
      display: 'swap',
    },
  ];
}

/** Where Stripe sends the buyer back after paying (must be absolute). */
export const paymentReturnUrl = (origin: string, eventId: number, shortId: string): string =>
  new URL(checkoutPath(eventId, shortId, 'payment_return'), origin).href;

/** What the return page shows for the order the server answered after checking with Stripe. */
export type ReturnOutcome =
  'summary' | 'processing' | 'failed' | 'refunded' | 'expired' | 'unavailable' | 'cancelled' | 'unpaid' | 'paid';

/**
 * Stripe's `redirect_status` query parameter is only a hint: the server's answer decides. The hint
 * matters for an order the server still sees RESERVED without a failure — Stripe said it succeeded or is
 * processing, but the server has not seen it yet: wait and check again rather than call it unpaid.
 */
export function returnOutcome(order: PublicOrderDto, redirectStatus: string | null): ReturnOutcome {
  switch (order.status) {
    case 'COMPLETED':
    case 'AWAITING_PAYMENT':
      return 'summary';
    case 'PROCESSING':
      return 'processing';
    case 'RESERVED':
      if (order.payment_status === 'PAYMENT_FAILED') return order.is_expired ? 'expired' : 'failed';
      if (redirectStatus === 'succeeded' || redirectStatus === 'processing') return 'processing';
      if (order.is_expired) return 'expired';
      if (!order.is_owner) return 'unavailable';
      return redirectStatus === 'failed' ? 'failed' : 'unpaid';
    case 'PAYMENT_FAILED':
      return 'failed';
    case 'REFUND_PENDING':
    case 'REFUNDED':
    case 'REFUND_FAILED':
      // Paid after the tickets were gone: the payment went back. A completed order refunded later is settled.
      return order.completed_at ? 'paid' : 'refunded';
    case 'CANCELLED':
      return 'cancelled';
    case 'ABANDONED':
      return 'unavailable';
    default:
      return 'paid';
  }
}

/** How often and how long the return page re-checks a payment still being processed. */
export const PROCESSING_POLL_MS = 4000;
export const PROCESSING_POLL_MAX = 15;

/** Stripe's name for the interface language (it has no "zh-CN": plain "zh" is simplified Chinese). */
export const stripeLocale = (locale: string): string => (locale === 'zh-CN' ? 'zh' : locale);
