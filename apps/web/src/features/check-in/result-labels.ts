import type { CheckInResult } from '@admitone/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Each result's name, as the scan's card titles it (the audit log names what "Admit anyway" passed over). */
export const RESULT_LABELS: Record<CheckInResult, MessageDescriptor> = {
  CHECKED_IN: msg`Valid ticket: checked in`,
  CHECKED_OUT: msg`Checked out`,
  ALREADY_CHECKED_IN: msg`Already checked in`,
  NOT_CHECKED_IN: msg`Not checked in`,
  AWAITING_PAYMENT: msg`Awaiting payment`,
  CANCELLED: msg`Cancelled ticket`,
  UNKNOWN: msg`Unknown code`,
  WRONG_EVENT: msg`Ticket for another event`,
  NOT_ON_LIST: msg`Not on this list`,
  LIST_NOT_ACTIVE: msg`List not open yet`,
  LIST_EXPIRED: msg`List closed`,
  TRANSFERRED: msg`Ticket passed on`,
  WRONG_DATE: msg`Ticket for another date`,
};
