import type {
  MessageCheckInFilter,
  MessageDeliveryStatus,
  MessageNotSentReason,
  MessageRecipientType,
  MessageStatus,
} from '@admitone/shared';
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

/** The composer's check-in filter. */
export const CHECK_IN_FILTER_LABELS: Record<MessageCheckInFilter, MessageDescriptor> = {
  ANY: msg`Everyone`,
  CHECKED_IN: msg`Checked in only`,
  NOT_CHECKED_IN: msg`Not checked in only`,
};

/** A message's state badge colours (shade 9 keeps white text above 4.5:1). */
export const MESSAGE_STATUS_COLORS: Record<MessageStatus, string> = {
  SCHEDULED: 'indigo.9',
  SENT: 'teal.9',
  CANCELLED: 'gray.9',
  NOT_SENT: 'orange.9',
};

/** Why a scheduled message did not go (beside its "Not sent" badge). */
export const NOT_SENT_REASON_LABELS: Record<MessageNotSentReason, MessageDescriptor> = {
  NO_RECIPIENTS: msg`Nobody matched the recipients at its time.`,
  NOT_ALLOWED: msg`The account or its sender could no longer send messages at its time.`,
};
