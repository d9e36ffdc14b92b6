import type { EventDto, OrderDetailDto } from '@admitone/shared';
import { formatDateTime, formatMoney, formatOrderDate, personName } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { AppModal } from '../../../components/AppModal';
import { seatText } from '../../../lib/seat-text';
import { AttendeeStatusBadge } from '../../attendees/components/AttendeeStatusBadge';
import { PAYMENT_PROVIDER_LABELS, PAYMENT_STATUS_LABELS } from '../order-labels';
import { AnswerList } from './AnswerList';
import { DetailRow, DetailSection } from './DetailSection';
import { EditBuyerForm } from './EditBuyerForm';
import { OrderActions } from './OrderActions';
import { OrderHistory } from './OrderHistory';
import { OrderInvoices } from './OrderInvoices';
import { OrderLines } from './OrderLines';
import { OrderMails } from './OrderMails';
import { OrderStatusBadge } from './OrderStatusBadge';

/**
 * Everything about one order: buyer, lines and totals, payment, invoices, answers, attendees, history and actions.
 * `showDates` (an event with several dates): the date its tickets are for, in the event's time zone with its label.
 */
export function OrderDetail({
  event,
  order,
  showDates = false,
}: {
  event: EventDto;
  order: OrderDetailDto;
  showDates?: boolean;
}) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const when = (iso: string) => formatDateTime(iso, event.timezone, i18n.locale);
  const placed = when(order.created_at);
  const cancelledAt = order.cancelled_at ? when(order.cancelled_at) : null;
  const payBy = order.payment_due_at ? when(order.payment_due_at) : null;
  const orderAnswers = order.answers.filter((a) => a.attendee_id === null);
  const pending = order.refund_pending_amount
    ? formatMoney(order.refund_pending_amount, order.currency, i18n.locale)
    : null;

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group gap="xs">
          <OrderStatusBadge status={order.status} size="lg" />
          {order.is_manually_created ? (
            <Badge variant="outline" color="gray.7" tt="none" size="lg">
              <Trans>Manual order</Trans>
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          <Trans>Placed {placed}</Trans>
          {cancelledAt ? (
            <>
              {' · '}
              <Trans>Cancelled {cancelledAt}</Trans>
            </>
          ) : null}
        </Text>
        {order.payment_due_at ? (
          <Alert color="orange" variant="light" data-testid="payment-due">
            <Trans>
              Payment due by {payBy}. Unless marked as paid by then, the order is cancelled automatically and its
              tickets are released.
            </Trans>
          </Alert>
        ) : null}
        {pending ? (
          <Alert color="orange" variant="light">
            <Trans>
              A refund of {pending} is pending with the payment provider. Another refund is possible once it is done.
            </Trans>
          </Alert>
        ) : null}
        {order.status === 'REFUND_FAILED' ? (
          <Alert color="red" variant="light">
            <Trans>The last refund failed. The money has not gone back to the buyer.</Trans>
          </Alert>
        ) : null}
        <OrderActions eventId={event.id} order={order} timeZone={event.timezone} />
      </Stack>
      <Divider />
      <DetailSection
        title={<Trans>Buyer</Trans>}
        actions={
          order.actions.edit_buyer ? (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              <Trans>Edit buyer</Trans>
            </Button>
          ) : null
        }
      >
        <DetailRow label={<Trans>Name</Trans>}>{personName(order) || '—'}</DetailRow>
        <DetailRow label={<Trans>E-mail</Trans>}>
          {order.email ? <Anchor href={`mailto:${order.email}`}>{order.email}</Anchor> : '—'}
        </DetailRow>
      </DetailSection>
      <DetailSection title={<Trans>Tickets and totals</Trans>}>
        {showDates && order.date ? (
          <DetailRow label={<Trans>Date</Trans>}>{formatOrderDate(order.date, event.timezone, i18n.locale)}</DetailRow>
        ) : null}
        <OrderLines order={order} />
      </DetailSection>
      <DetailSection title={<Trans>Payment</Trans>}>
        <DetailRow label={<Trans>Method</Trans>}>
          {order.payment_provider ? i18n._(PAYMENT_PROVIDER_LABELS[order.payment_provider]) : t`None (free order)`}
          {order.payment_provider && order.payment_method ? ` · ${order.payment_method}` : ''}
        </DetailRow>
        {order.charged_back_total > 0 ? (
          <DetailRow label={<Trans>Chargebacks</Trans>}>
            <Text span size="sm" c="red.9" fw={600} data-testid="order-charged-back">
              {t`Charged back: ${formatMoney(order.charged_back_total, order.currency, i18n.locale)}`}
            </Text>
          </DetailRow>
        ) : null}
        <DetailRow label={<Trans>Payment status</Trans>}>
          {i18n._(PAYMENT_STATUS_LABELS[order.payment_status])}
        </DetailRow>
        <DetailRow label={<Trans>Reference</Trans>}>
          <Text span size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
            {order.payment_intent_id ?? order.order_number}
          </Text>
        </DetailRow>
        {order.promo_code ? <DetailRow label={<Trans>Promo code</Trans>}>{order.promo_code}</DetailRow> : null}
        {order.affiliate ? (
          <DetailRow label={<Trans>Affiliate</Trans>}>
            {order.affiliate.name} ({order.affiliate.code})
          </DetailRow>
        ) : null}
      </DetailSection>
      <OrderInvoices eventId={event.id} order={order} timeZone={event.timezone} />
      {orderAnswers.length ? (
        <DetailSection title={<Trans>Answers</Trans>}>
          <AnswerList answers={orderAnswers} order={{ eventId: event.id, orderId: order.id }} />
        </DetailSection>
      ) : null}
      <DetailSection title={<Trans>Attendees</Trans>}>
        <Stack gap={6}>
          {order.attendees.map((a) => {
            const name = personName(a) || t`No name yet`;
            return (
              <Group key={a.id} justify="space-between" gap="sm" wrap="nowrap">
                <Stack gap={0} miw={0}>
                  <Anchor
                    component={Link}
                    to={`/manage/event/${event.id}/attendees?attendee=${a.id}`}
                    size="sm"
                    fw={500}
                  >
                    {name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {a.tier_label ? `${a.ticket_name} · ${a.tier_label}` : a.ticket_name}
                  </Text>
                  {a.seat ? (
                    <Text size="xs" c="dimmed" data-testid="order-attendee-seat">
                      {seatText(i18n, a.seat)}
                    </Text>
                  ) : null}
                </Stack>
                <AttendeeStatusBadge attendee={a} />
              </Group>
            );
          })}
        </Stack>
      </DetailSection>
      <OrderMails eventId={event.id} orderId={order.id} timeZone={event.timezone} />
      <DetailSection title={<Trans>History</Trans>}>
        <OrderHistory
          history={order.history}
          attendees={order.attendees}
          currency={order.currency}
          timeZone={event.timezone}
        />
      </DetailSection>
      <AppModal opened={editing} onClose={() => setEditing(false)} title={<Trans>Edit buyer details</Trans>}>
        <EditBuyerForm eventId={event.id} order={order} onDone={() => setEditing(false)} />
      </AppModal>
    </Stack>
  );
}
