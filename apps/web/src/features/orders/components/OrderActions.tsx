import type { OrderDetailDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CopyButton, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCash, IconCheck, IconLink, IconMailForward, IconReceiptRefund, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { AppModal } from '../../../components/AppModal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { actionErrorMessage } from '../../../lib/action-error';
import { MessageBuyerButton } from '../../messages/components/MessageBuyerButton';
import { orderLabel } from '../../messages/components/RecipientPickers';
import { useCancelOrder, useMarkOrderPaid, useResendConfirmation } from '../api/orders';
import { RefundForm } from './RefundForm';

type Dialog = null | 'cancel' | 'mark_paid' | 'refund';

/** The buttons the server allows for this order now (`actions`), with their confirmations. */
export function OrderActions({ eventId, order }: { eventId: number; order: OrderDetailDto }) {
  const { t, i18n } = useLingui();
  const [dialog, setDialog] = useState<Dialog>(null);
  const cancel = useCancelOrder(eventId, order.id);
  const markPaid = useMarkOrderPaid(eventId, order.id);
  const resend = useResendConfirmation(eventId, order.id);
  const { actions } = order;
  const number = order.order_number;
  const email = order.email ?? '';

  const fail = (fallback: string) => (e: unknown) => {
    setDialog(null);
    notifications.show({ color: 'red', message: actionErrorMessage(e, i18n, fallback) });
  };
  const confirmCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setDialog(null);
        notifications.show({ color: 'teal', message: t`Order ${number} cancelled. Its tickets are back on sale.` });
      },
      onError: fail(t`We could not cancel this order. Please try again.`),
    });
  const confirmPaid = () =>
    markPaid.mutate(undefined, {
      onSuccess: () => {
        setDialog(null);
        notifications.show({ color: 'teal', message: t`Order ${number} marked as paid. The tickets are on their way to the buyer.` });
      },
      onError: fail(t`We could not mark this order as paid. Please try again.`),
    });
  const resendConfirmation = () =>
    resend.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'teal', message: t`The order confirmation is on its way to ${email}.` }),
      onError: fail(t`We could not send the order confirmation again. Please try again.`),
    });

  const buyerLink = order.buyer_path && typeof window !== 'undefined' ? new URL(order.buyer_path, window.location.origin).href : null;
  const any = actions.resend_confirmation || actions.mark_as_paid || actions.refund || actions.cancel || actions.message_buyer || buyerLink;
  if (!any) return null;
  return (
    <>
      <Group gap="xs">
        {actions.mark_as_paid ? (
          <Button size="xs" leftSection={<IconCash size={16} aria-hidden />} onClick={() => setDialog('mark_paid')}>
            <Trans>Mark as paid</Trans>
          </Button>
        ) : null}
        {actions.resend_confirmation ? (
          <Button size="xs" variant="default" leftSection={<IconMailForward size={16} aria-hidden />} loading={resend.isPending} onClick={resendConfirmation}>
            <Trans>Resend confirmation</Trans>
          </Button>
        ) : null}
        {buyerLink ? (
          // The buyer's order page opens only with the order's secret; this link carries it (share it only with the buyer).
          <CopyButton value={buyerLink}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconLink size={16} aria-hidden />} onClick={copy}>
                {copied ? <Trans>Link copied</Trans> : <Trans>Copy the buyer's link</Trans>}
              </Button>
            )}
          </CopyButton>
        ) : null}
        {actions.message_buyer ? <MessageBuyerButton eventId={eventId} orderId={order.id} orderLabel={orderLabel(order)} /> : null}
        {actions.refund ? (
          <Button size="xs" variant="default" leftSection={<IconReceiptRefund size={16} aria-hidden />} onClick={() => setDialog('refund')}>
            <Trans>Refund</Trans>
          </Button>
        ) : null}
        {actions.cancel ? (
          <Button size="xs" variant="outline" color="red.9" leftSection={<IconX size={16} aria-hidden />} onClick={() => setDialog('cancel')}>
            <Trans>Cancel order</Trans>
          </Button>
        ) : null}
      </Group>
      <ConfirmDialog
        opened={dialog === 'cancel'}
        title={<Trans>Cancel order</Trans>}
        message={<Trans>Cancel order {number}? Its tickets become invalid and return to the pool, so they can be sold again.</Trans>}
        confirmLabel={<Trans>Cancel order</Trans>}
        danger
        loading={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={dialog === 'mark_paid'}
        title={<Trans>Mark as paid</Trans>}
        message={<Trans>Has the payment for order {number} arrived? The order is completed and the buyer receives the tickets by e-mail.</Trans>}
        confirmLabel={<Trans>Mark as paid</Trans>}
        loading={markPaid.isPending}
        onConfirm={confirmPaid}
        onClose={() => setDialog(null)}
      />
      <AppModal opened={dialog === 'refund'} onClose={() => setDialog(null)} title={<Trans>Refund order {number}</Trans>}>
        <RefundForm eventId={eventId} order={order} onDone={() => setDialog(null)} />
      </AppModal>
    </>
  );
}
