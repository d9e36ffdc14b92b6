import '@mantine/core/styles/ThemeIcon.css';

import type { AttendeeDto, CheckInOutcomeDto, CheckInResult, CheckInScan } from '@admitone/shared';
import { CHECK_IN_OVERRIDABLE, formatDateTime, formatOrderDate, personName } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconCloudUpload, IconDoorEnter } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { seatText } from '../../../lib/seat-text';
import { useOnline } from '../../box-office/use-online';
import { useAdmitsAnyway, useManagesOrders } from '../check-in-source';
import { resultOf, type SubmitResult, toneOf } from '../hooks/useCheckIn';
import { type ScanTone, TONE_COLOR } from '../scan-tone';

const ICONS: Record<ScanTone | 'queued', ReactNode> = {
  success: <IconCircleCheck size={36} aria-hidden />,
  warning: <IconAlertTriangle size={36} aria-hidden />,
  error: <IconCircleX size={36} aria-hidden />,
  queued: <IconCloudUpload size={36} aria-hidden />,
};

export const fullName = (a: AttendeeDto) => personName(a) || a.email || a.short_id;
export const ticketOf = (a: AttendeeDto) => (a.tier_label ? `${a.ticket_name} – ${a.tier_label}` : a.ticket_name);

const OVERRIDABLE: ReadonlySet<CheckInResult> = new Set(CHECK_IN_OVERRIDABLE);

/** A check-in the server refused for a reason a person may judge at the door, with the scan to send again. */
export type OverridableResult = {
  kind: 'done';
  outcome: CheckInOutcomeDto & { attendee: AttendeeDto };
  scan: CheckInScan;
};

/** Whether "Admit anyway" could pass over this refusal (CHECK_IN_OVERRIDABLE, of a known attendee's check-in). */
export const isOverridable = (r: SubmitResult): r is OverridableResult =>
  r.kind === 'done' &&
  r.scan?.action === 'CHECK_IN' &&
  r.outcome.attendee !== null &&
  OVERRIDABLE.has(r.outcome.result);

/** The title and the line under it for a result, in the screen's language. */
export function useOutcomeText(result: SubmitResult, timeZone: string): { title: string; detail: string | null } {
  const { t, i18n } = useLingui();
  // Door staff cannot mark an order as paid, and are not told whose ticket of another event it is.
  const managesOrders = useManagesOrders();
  const synced = 'syncedAt' in result && result.syncedAt ? formatDateTime(result.syncedAt, timeZone, i18n.locale) : '';
  if (result.kind === 'queued') {
    if (!result.ticket && result.signed) {
      return {
        title: t`Valid signature: saved on this device`,
        detail: t`This ticket is not on this device's list yet (sold after the last sync, ${synced}), but its QR code is signed by the event. The server decides when the connection returns.`,
      };
    }
    if (!result.ticket)
      return { title: t`Saved on this device`, detail: t`No connection: the scan will be sent when it returns.` };
    const name = result.ticket.name;
    // Where it sits, when seated (a snapshot from before seats has none).
    const place = seatText(i18n, result.ticket.seat);
    const ticket = place ? `${result.ticket.ticket} · ${place}` : result.ticket.ticket;
    return {
      title: t`Valid ticket: saved on this device`,
      detail: t`${name} · ${ticket}. Valid when this device last synced (${synced}); it may have been scanned on another device since. The server decides when the connection returns.`,
    };
  }
  if (result.kind === 'refused') {
    const name = result.ticket?.name ?? '';
    const checkedHere = t`No connection: checked on this device against the list as of ${synced}.`;
    switch (result.result) {
      case 'ALREADY_CHECKED_IN':
        return {
          title: t`Already checked in`,
          detail: `${t`${name} is already checked in on this list.`} ${checkedHere}`,
        };
      case 'NOT_CHECKED_IN':
        return {
          title: t`Not checked in`,
          detail: `${t`${name} is not checked in, so there is nothing to check out.`} ${checkedHere}`,
        };
      case 'CANCELLED':
        return {
          title: t`Cancelled ticket`,
          detail: `${t`The ticket of ${name} was cancelled and is not valid.`} ${checkedHere}`,
        };
      case 'AWAITING_PAYMENT':
        return {
          title: t`Awaiting payment`,
          detail: `${t`The order of ${name} is not paid yet. Ask an organizer to mark it as paid.`} ${checkedHere}`,
        };
      case 'WRONG_DATE': {
        const ticketDate = result.dates?.find((d) => d.id === result.ticket?.event_date_id);
        const date = ticketDate ? formatOrderDate(ticketDate, timeZone, i18n.locale) : '';
        return {
          title: t`Ticket for another date`,
          detail: `${date ? t`The ticket of ${name} is for ${date}.` : t`This ticket is for another date of this event.`} ${checkedHere}`,
        };
      }
      default:
        if (result.forged)
          return {
            title: t`Forged code`,
            detail: t`This QR code carries a signature that is not the event's. Do not admit.`,
          };
        return { title: t`Unknown code`, detail: `${t`This code is not a ticket of this list.`} ${checkedHere}` };
    }
  }
  const { outcome } = result;
  const a = outcome.attendee;
  const name = a ? fullName(a) : '';
  const ticket = a ? ticketOf(a) : '';
  // A seated event: where the guest sits, so the door can point the way.
  const seat = seatText(i18n, a?.seat);
  const admitted = seat ? t`${name} · ${ticket} · ${seat}` : t`${name} · ${ticket}`;
  const when = outcome.checked_in_at ? formatDateTime(outcome.checked_in_at, timeZone, i18n.locale) : '';
  const by = outcome.checked_in_by?.name ?? (outcome.checked_in_by_link ? t`the list's staff link` : '');
  switch (outcome.result) {
    case 'CHECKED_IN':
      return { title: t`Valid ticket: checked in`, detail: admitted };
    case 'CHECKED_OUT':
      return { title: t`Checked out`, detail: admitted };
    case 'ALREADY_CHECKED_IN':
      return {
        title: t`Already checked in`,
        detail: by ? t`${name} was checked in at ${when} by ${by}.` : t`${name} was checked in at ${when}.`,
      };
    case 'NOT_CHECKED_IN':
      return { title: t`Not checked in`, detail: t`${name} is not checked in, so there is nothing to check out.` };
    case 'CANCELLED':
      return { title: t`Cancelled ticket`, detail: t`The ticket of ${name} was cancelled and is not valid.` };
    case 'AWAITING_PAYMENT':
      return {
        title: t`Awaiting payment`,
        detail: managesOrders
          ? t`The order of ${name} is not paid yet. Mark it as paid first.`
          : t`The order of ${name} is not paid yet. Ask an organizer to mark it as paid.`,
      };
    case 'NOT_ON_LIST':
      return {
        title: t`Not on this list`,
        detail: t`${name} has a ${ticket} ticket, which this check-in list does not admit.`,
      };
    case 'LIST_NOT_ACTIVE':
      return {
        title: t`List not open yet`,
        detail: t`This check-in list does not admit anyone yet. Check the time it opens.`,
      };
    case 'LIST_EXPIRED':
      return { title: t`List closed`, detail: t`This check-in list no longer admits anyone.` };
    case 'TRANSFERRED':
      return {
        title: t`Ticket passed on`,
        detail: t`The buyer passed this ticket on to someone else: this code no longer admits. The new holder has a new code.`,
      };
    case 'WRONG_DATE': {
      const date = a ? formatOrderDate(a.date, timeZone, i18n.locale) : '';
      return {
        title: t`Ticket for another date`,
        detail: a ? t`This ticket is for ${date}.` : t`This ticket is for another date of this event.`,
      };
    }
    case 'WRONG_EVENT':
      return {
        title: t`Ticket for another event`,
        detail: a ? t`This ticket of ${name} is for another of your events.` : t`This ticket is for another event.`,
      };
    default:
      return { title: t`Unknown code`, detail: t`This code is not a ticket of this event.` };
  }
}

/**
 * A scan's result, big, coloured and with an icon; announced to screen readers by the live region around it. A
 * refusal an admin or organizer may pass over offers "Admit anyway" (`onAdmitAnyway`), online only.
 */
export function ScanOutcomeCard({
  result,
  timeZone,
  size = 'lg',
  onAdmitAnyway,
}: {
  result: SubmitResult;
  timeZone: string;
  size?: 'md' | 'lg';
  /** Opens the confirmation of "Admit anyway" for this result. */
  onAdmitAnyway?: (result: OverridableResult) => void;
}) {
  const tone = toneOf(result);
  const color = TONE_COLOR[tone];
  const { title, detail } = useOutcomeText(result, timeZone);
  // Offline a scan is kept for later, and the server alone may pass over a refusal: no override then.
  const online = useOnline();
  const admitsAnyway = useAdmitsAnyway();
  const overridable = onAdmitAnyway && admitsAnyway && online && isOverridable(result) ? result : null;
  return (
    <Paper
      radius="md"
      p={size === 'lg' ? 'lg' : 'md'}
      withBorder
      bg={`${color}.0`}
      style={{ borderColor: `var(--mantine-color-${color}-6)`, borderWidth: 3 }}
      data-testid="scan-outcome"
      data-result={resultOf(result)}
      data-offline={result.kind === 'done' ? undefined : 'true'}
    >
      <Group wrap="nowrap" gap="md" align="center">
        <ThemeIcon color={color} variant="filled" size={size === 'lg' ? 56 : 44} radius="xl">
          {ICONS[tone]}
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fz={size === 'lg' ? 26 : 20} fw={700} c={`${color}.9`} lh={1.2}>
            {title}
          </Text>
          {detail ? (
            <Text fz={size === 'lg' ? 'lg' : 'md'} c="dark.7" style={{ overflowWrap: 'anywhere' }}>
              {detail}
            </Text>
          ) : null}
        </Stack>
      </Group>
      {overridable ? (
        <Box mt="sm" pl={size === 'lg' ? 72 : 60}>
          <Button
            variant="default"
            leftSection={<IconDoorEnter size={18} aria-hidden />}
            onClick={() => onAdmitAnyway!(overridable)}
            data-testid="admit-anyway"
          >
            <Trans>Admit anyway</Trans>
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
}

/** Shown in the live region before the first scan. */
export function NoScanYet() {
  return (
    <Text c="dimmed" ta="center" py="sm">
      <Trans>Hold a ticket's QR code in front of the camera.</Trans>
    </Text>
  );
}
