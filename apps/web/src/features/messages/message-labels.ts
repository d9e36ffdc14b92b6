import type { MessageDeliveryStatus, MessageRecipientType } from '@admitone/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The composer's choices of who receives a message. */
export const RECIPIENT_TYPE_LABELS: Record<MessageRecipientType, MessageDescriptor> = {
  ALL_ATTENDEES: msg`All attendees`,
  TICKET_HOLDERS: msg`Holders of chosen tickets`,
  ALL_BUYERS: msg`Buyers of all orders`,
  ORDER_BUYER: msg`The buyer of one order`,
  ATTENDEES: msg`Chosen attendees`,
};

export const DELIVERY_STATUS_LABELS: Record<MessageDeliveryStatus, MessageDescriptor> = {
  QUEUED: msg`Queued`,
  SENT: msg`Sent`,
  FAILED: msg`Failed`,
};

/** Badge colours (shade 9 keeps white text above 4.5:1). */
export const DELIVERY_STATUS_COLORS: Record<MessageDeliveryStatus, string> = {
  QUEUED: 'blue.9',
  SENT: 'teal.9',
  FAILED: 'red.9',
};
