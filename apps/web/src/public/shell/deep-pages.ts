import { type ComponentType, lazy } from 'react';

import { loadDeepMessages } from './public-i18n';

/** Checkout and ticket pages (helper B's files), each `export default function X({ eventId, shortId })`. */
export type DeepPage = ComponentType<{ eventId: number; shortId: string }>;

// A glob rather than plain imports: each page is its own lazy chunk, and a page not written yet
// leaves the build working (its route shows the error screen).
const modules = import.meta.glob<{ default: ComponentType<never> }>([
  '../checkout/CheckoutDetailsPage.tsx',
  '../checkout/CheckoutPaymentPage.tsx',
  '../checkout/CheckoutSummaryPage.tsx',
  '../checkout/CheckoutPaymentReturnPage.tsx',
  '../tickets/TicketPage.tsx',
  '../tickets/TicketPrintPage.tsx',
  '../tickets/OrderPrintPage.tsx',
  '../find-tickets/FindTicketsPage.tsx',
  '../find-tickets/FoundOrdersPage.tsx',
  '../waitlist/WaitlistEntryPage.tsx',
  '../unsubscribe/UnsubscribePage.tsx',
]);

function page<P = { eventId: number; shortId: string }>(file: string): ComponentType<P> {
  const load = modules[file] as (() => Promise<{ default: ComponentType<P> }>) | undefined;
  return lazy(load ?? (() => Promise.reject(new Error(`${file} is missing`))));
}

export const deepPages = {
  details: page('../checkout/CheckoutDetailsPage.tsx'),
  payment: page('../checkout/CheckoutPaymentPage.tsx'),
  summary: page('../checkout/CheckoutSummaryPage.tsx'),
  payment_return: page('../checkout/CheckoutPaymentReturnPage.tsx'),
  ticket: page('../tickets/TicketPage.tsx'),
  'ticket-print': page('../tickets/TicketPrintPage.tsx'),
  'order-print': page('../tickets/OrderPrintPage.tsx'),
} satisfies Record<string, DeepPage>;

/** "Find my tickets": the address form of an event, and the orders its mailed link shows. */
export const findTicketsPages = {
  form: page<{ eventId: number }>('../find-tickets/FindTicketsPage.tsx'),
  found: page<{ eventId: number; token: string }>('../find-tickets/FoundOrdersPage.tsx'),
};

/** A place on a waitlist, by the link in its mails. */
export const WaitlistEntryPage = page<{ eventId: number; token: string }>('../waitlist/WaitlistEntryPage.tsx');

/** Off an organizer's list of abandoned-checkout mails and follow-ups, by the link at their foot. */
export const UnsubscribePage = page<{ token: string }>('../unsubscribe/UnsubscribePage.tsx');

/** The shell of those pages, ready once their messages are loaded too. */
export const DeepPageShell = lazy(async () => {
  const [module] = await Promise.all([import('./DeepPageShell'), loadDeepMessages()]);
  return module;
});
