import { WEBHOOK_TEST_TYPE, type WebhookDeliveryState, type WebhookEventType } from '@admitone/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** What each kind of event means, in plain words. */
export const EVENT_TYPE_LABELS: Record<WebhookEventType | typeof WEBHOOK_TEST_TYPE, MessageDescriptor> = {
  'order.created': msg`Order placed`,
  'order.completed': msg`Order completed`,
  'order.updated': msg`Order changed`,
  'order.marked_as_paid': msg`Order marked as paid`,
  'order.refunded': msg`Order refunded`,
  'order.cancelled': msg`Order cancelled`,
  'attendee.created': msg`Attendee added`,
  'attendee.updated': msg`Attendee changed`,
  'attendee.cancelled': msg`Attendee cancelled`,
  'checkin.created': msg`Guest checked in`,
  'checkin.deleted': msg`Check-in undone`,
  'product.created': msg`Product created`,
  'product.updated': msg`Product changed`,
  'product.deleted': msg`Product deleted`,
  'waitlist.offered': msg`Waitlist spot offered`,
  [WEBHOOK_TEST_TYPE]: msg`Test event`,
};

/** A kind of event in plain words (its technical name when this app does not know it yet). */
export const eventTypeLabel = (i18n: I18n, type: string): string => {
  const label = (EVENT_TYPE_LABELS as Record<string, MessageDescriptor | undefined>)[type];
  return label ? i18n._(label) : type;
};

/** The kinds of events in the form's groups, in this order. */
export const EVENT_TYPE_GROUPS: readonly { label: MessageDescriptor; types: readonly WebhookEventType[] }[] = [
  {
    label: msg`Orders`,
    types: [
      'order.created',
      'order.completed',
      'order.updated',
      'order.marked_as_paid',
      'order.refunded',
      'order.cancelled',
    ],
  },
  { label: msg`Attendees`, types: ['attendee.created', 'attendee.updated', 'attendee.cancelled'] },
  { label: msg`Check-ins`, types: ['checkin.created', 'checkin.deleted'] },
  { label: msg`Products`, types: ['product.created', 'product.updated', 'product.deleted'] },
  { label: msg`Waitlist`, types: ['waitlist.offered'] },
];

// Colours chosen for at least 4.5:1 text contrast (axe), as the API keys' and the team's status badges.
export const DELIVERY_STATE_LABELS: Record<
  WebhookDeliveryState,
  { label: MessageDescriptor; color: string; variant: 'filled' | 'light'; hint: MessageDescriptor }
> = {
  PENDING: { label: msg`Pending`, color: 'yellow.3', variant: 'filled', hint: msg`Waiting for its next attempt.` },
  SENDING: { label: msg`Sending`, color: 'gray', variant: 'light', hint: msg`An attempt is under way.` },
  SUCCEEDED: {
    label: msg`Delivered`,
    color: 'teal.9',
    variant: 'filled',
    hint: msg`Your server answered with a 2xx status.`,
  },
  FAILED: {
    label: msg`Failed`,
    color: 'red.9',
    variant: 'filled',
    hint: msg`No 2xx answer within 3 days of retries. You can send it again.`,
  },
};
