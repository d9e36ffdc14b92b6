import type { OrderDetailDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CopyButton, Group } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCash,
  IconCheck,
  IconLink,
  IconMailForward,
  IconReceiptRefund,
  IconSend,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';

import { AppModal } from '../../../components/AppModal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useActionDialogs } from '../../../lib/use-action-dialogs';
import { eventDatesQueryOptions } from '../../event-dates/api/event-dates';
import { MessageBuyerButton } from '../../messages/components/MessageBuyerButton';
import { orderLabel } from '../../messages/components/RecipientPickers';
import { useBuyerLink, useCancelOrder, useMarkOrderPaid, useResendConfirmation, useSendOrderLink } from '../api/orders';
import { ChangeOrderDateForm } from './ChangeOrderDateForm';
import { RefundForm } from './RefundForm';

/** The buttons the server allows for this order now (`actions`), with their confirmations. */
export function OrderActions({
  eventId,
  order,
  timeZone,
}: {
  eventId: number;
  order: OrderDetailDto;
  timeZone: string;
}) {
  const { t } = useLingui();
  const dialogs = useActionDialogs<'cancel' | 'mark_paid' | 'refund' | 'date'>();
  // Another date to move the order to: an event with several dates, some not cancelled.
  const dates = useQuery({ ...eventDatesQueryOptions(eventId), enabled: order.actions.change_date }).data ?? [];
  const canMove = order.actions.change_date && dates.some((d) => d.status !== 'CANCELLED' && d.id !== order.date?.id);
  const cancel = useCancelOrder(eventId, order.id);
  const markPaid = useMarkOrderPaid(eventId, order.id);
  const resend = useResendConfirmation(eventId, order.id);
  const sendLink = useSendOrderLink(eventId, order.id);
  const buyerPath = useBuyerLink(eventId, order.id, !!order.email).data;
  const { actions } = order;
  const number = order.order_number;
  const email = order.email ?? '';

  const confirmCancel = () =>
    dialogs.run(
      cancel,
      t`Order ${number} cancelled. Its tickets are back on sale.`,
      t`We could not cancel this order. Please try again.`,
    );
  const confirmPaid = () =>
    dialogs.run(
      markPaid,
      t`Order ${number} marked as paid. The tickets are on their way to the buyer.`,
      t`We could not mark this order as paid. Please try again.`,
    );
  const resendConfirmation = () =>
    dialogs.run(
      resend,
      t`The order confirmation is on its way to ${email}.`,
      t`We could not send the order confirmation again. Please try again.`,
    );

  const sendBuyerLink = () =>
    dialogs.run(
      sendLink,
      t`The link to order ${number} is on its way to ${email}.`,
      t`We could not send the link to the order. Please try again.`,
    );

  const buyerLink = buyerPath && typeof window !== 'undefined' ? new URL(buyerPath, window.location.origin).href : null;
  const any =
    actions.resend_confirmation ||
    actions.mark_as_paid ||
    actions.refund ||
    actions.cancel ||
    actions.message_buyer ||
    actions.send_link ||
    canMove ||
    buyerLink;
  if (!any) return null;
  return (
    <>
      <Group gap="xs">
        {actions.mark_as_paid ? (
          <Button size="xs" leftSection={<IconCash size={16} aria-hidden />} onClick={() => dialogs.open('mark_paid')}>
            <Trans>Mark as paid</Trans>
          </Button>
        ) : null}
        {actions.resend_confirmation ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMailForward size={16} aria-hidden />}
            loading={resend.isPending}
            onClick={resendConfirmation}
          >
            <Trans>Resend confirmation</Trans>
          </Button>
        ) : null}
        {actions.send_link ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={sendLink.isPending}
            onClick={sendBuyerLink}
          >
            <Trans>E-mail the buyer their link</Trans>
          </Button>
        ) : null}
        {buyerLink ? (
          // The buyer's order page opens only with the order's secret; this link carries it (share it only with the
          // buyer).
          <CopyButton value={buyerLink}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="default"
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconLink size={16} aria-hidden />}
                onClick={copy}
              >
                {copied ? <Trans>Link copied</Trans> : <Trans>Copy the buyer's link</Trans>}
              </Button>
            )}
          </CopyButton>
        ) : null}
        {actions.message_buyer ? (
          <MessageBuyerButton eventId={eventId} orderId={order.id} orderLabel={orderLabel(order)} />
        ) : null}
        {canMove ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCalendarEvent size={16} aria-hidden />}
            onClick={() => dialogs.open('date')}
          >
            <Trans>Change date</Trans>
          </Button>
        ) : null}
        {actions.refund ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconReceiptRefund size={16} aria-hidden />}
            onClick={() => dialogs.open('refund')}
          >
            <Trans>Refund</Trans>
          </Button>
        ) : null}
        {actions.cancel ? (
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => dialogs.open('cancel')}
          >
            <Trans>Cancel order</Trans>
          </Button>
        ) : null}
      </Group>
      <ConfirmDialog
        {...dialogs.props('cancel')}
        title={<Trans>Cancel order</Trans>}
        message={
          <Trans>
            Cancel order {number}? Its tickets become invalid and return to the pool, so they can be sold again.
          </Trans>
        }
        confirmLabel={<Trans>Cancel order</Trans>}
        danger
        loading={cancel.isPending}
        onConfirm={confirmCancel}
      />
      <ConfirmDialog
        {...dialogs.props('mark_paid')}
        title={<Trans>Mark as paid</Trans>}
        message={
          <Trans>
            Has the payment for order {number} arrived? The order is completed and the buyer receives the tickets by
            e-mail.
          </Trans>
        }
        confirmLabel={<Trans>Mark as paid</Trans>}
        loading={markPaid.isPending}
        onConfirm={confirmPaid}
      />
      <AppModal {...dialogs.props('date')} title={<Trans>Move order {number} to another date</Trans>}>
        <ChangeOrderDateForm eventId={eventId} order={order} dates={dates} timeZone={timeZone} onDone={dialogs.close} />
      </AppModal>
      <AppModal {...dialogs.props('refund')} title={<Trans>Refund order {number}</Trans>}>
        <RefundForm eventId={eventId} order={order} onDone={dialogs.close} />
      </AppModal>
    </>
  );
}
