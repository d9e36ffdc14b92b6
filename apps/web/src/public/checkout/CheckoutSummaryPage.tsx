import type { PublicOrderDto } from '@admitone/shared';
import { personName } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { HtmlContent } from '../../components/HtmlContent';
import { formatEventDateTime } from '../../lib/format';
import { Link } from '../../lib/history-navigation';
import { usePageTitle } from '../../lib/use-page-title';
import { findTicketsPath } from '../find-tickets/find-tickets-api';
import { CancelOrderSection } from '../self-service/CancelOrderSection';
import { ChangeDateSection } from '../self-service/ChangeDateSection';
import { PassPicksSection } from '../self-service/PassPicksSection';
import { CheckoutLayout } from './CheckoutLayout';
import { EventHeading } from './EventHeading';
import { readableAlert } from './notice';
import { orderLoadScreen } from './order-load-screen';
import { checkoutRoute } from './order-state';
import { OrderFiles } from './OrderFiles';
import { OrderInvoices } from './OrderInvoices';
import { OrderStateScreen } from './OrderStateScreen';
import { OrderStatusBadge } from './OrderStatusBadge';
import { OrderSummaryCard } from './OrderSummaryCard';
import { OrderTickets } from './OrderTickets';
import { checkoutPath, orderPrintPath } from './paths';
import { Redirect } from './Redirect';
import { useOrder } from './useOrder';

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

/** Order number, date, status and buyer. */
export function OrderFacts({ order }: { order: PublicOrderDto }) {
  const { i18n } = useLingui();
  const buyer = order.buyer;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Fact label={<Trans>Order number</Trans>}>
        <span style={{ whiteSpace: 'nowrap' }}>{order.order_number}</span>
      </Fact>
      {/* When the buyer placed it (not when a payment made it complete), in the event's zone,
          named when the buyer's differs. */}
      <Fact label={<Trans>Order date</Trans>}>
        {formatEventDateTime(order.created_at, order.event.timezone, i18n.locale)}
      </Fact>
      <Fact label={<Trans>Status</Trans>}>
        <OrderStatusBadge status={order.status} />
      </Fact>
      {buyer && (
        <Fact label={<Trans>Buyer</Trans>}>
          {personName(buyer)}
          <Text size="sm">{buyer.email}</Text>
        </Fact>
      )}
    </SimpleGrid>
  );
}

/** `/checkout/:eventId/:shortId/summary`: the confirmation, instructions or tickets. */
export default function CheckoutSummaryPage({ eventId, shortId }: { eventId: number; shortId: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Order summary`);
  const { order, error, loading, reload, setOrder } = useOrder(eventId, shortId);

  if (error || !order) return orderLoadScreen({ loading: loading && !order, error, eventId, shortId, onRetry: reload });
  if (order.status === 'RESERVED' || order.status === 'ABANDONED') {
    const route = checkoutRoute(order);
    if (route.kind === 'state')
      return <OrderStateScreen state={route.state} eventId={eventId} shortId={shortId} order={order} />;
    return <Redirect to={checkoutPath(eventId, shortId, route.kind === 'payment' ? 'payment' : 'details')} />;
  }
  if (order.status === 'CANCELLED')
    return (
      <OrderStateScreen state="cancelled" eventId={eventId} shortId={shortId} order={order}>
        {/* A cancelled order's invoice and the cancellation invoice that undoes it stay the buyer's to download. */}
        <OrderInvoices order={order} />
      </OrderStateScreen>
    );
  if (order.status === 'PROCESSING')
    return <OrderStateScreen state="processing" eventId={eventId} shortId={shortId} order={order} onRetry={reload} />;
  if (order.status === 'PAYMENT_FAILED')
    return <OrderStateScreen state="failed" eventId={eventId} shortId={shortId} order={order} />;

  const awaiting = order.status === 'AWAITING_PAYMENT';
  const completed = order.status === 'COMPLETED';
  const orderNumber = order.order_number;
  const buyerEmail = order.buyer?.email;
  const { event } = order;
  const payBy =
    awaiting && order.payment_due_at ? formatEventDateTime(order.payment_due_at, event.timezone, i18n.locale) : null;

  return (
    <CheckoutLayout colors={event.colors}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {awaiting ? (
            <Trans>Your order is placed</Trans>
          ) : completed ? (
            <Trans>Thank you for your order!</Trans>
          ) : (
            <Trans>Your order</Trans>
          )}
        </Title>
        {completed && buyerEmail && (
          <Text>
            <Trans>We have sent your tickets to {buyerEmail}.</Trans>
          </Text>
        )}
      </Stack>
      <EventHeading event={event} date={order.date} level={2} />
      <OrderFacts order={order} />
      {awaiting && (
        <Alert
          color="orange"
          {...readableAlert}
          title={t`How to pay`}
          role="region"
          aria-label={t`How to pay`}
          data-testid="offline-instructions"
        >
          <Stack gap="xs">
            {event.offline_payment_instructions ? <HtmlContent html={event.offline_payment_instructions} /> : null}
            <Text size="sm">
              <Trans>
                Please use your order number <strong>{orderNumber}</strong> as the payment reference. Your tickets are
                issued once the organizer has received your payment.
              </Trans>
            </Text>
            {payBy ? (
              <Text size="sm" fw={700} data-testid="payment-due">
                <Trans>
                  Please pay by {payBy}. An order not paid by then is cancelled and its tickets are released.
                </Trans>
              </Text>
            ) : null}
          </Stack>
        </Alert>
      )}
      {event.post_checkout_message ? <HtmlContent html={event.post_checkout_message} /> : null}
      {completed && event.online_details ? (
        <Stack gap="xs" component="section" aria-labelledby="online-heading">
          <Title order={2} size="h4" id="online-heading">
            <Trans>How to join online</Trans>
          </Title>
          <HtmlContent html={event.online_details} />
        </Stack>
      ) : null}
      <Divider />
      <OrderSummaryCard order={order} />
      <OrderFiles order={order} />
      <OrderInvoices order={order} onChange={setOrder} />
      {/* An order awaiting its offline payment shows its tickets where the buyer may still correct
          them (issued once paid). */}
      <PassPicksSection order={order} onChange={setOrder} />
      {(completed || (awaiting && order.self_service?.can_edit)) && order.attendees.length > 0 && (
        <OrderTickets order={order} onChange={setOrder} />
      )}
      <ChangeDateSection order={order} onChange={setOrder} />
      <CancelOrderSection order={order} onChange={setOrder} />
      <Group justify="space-between">
        <Anchor component={Link} href={findTicketsPath(eventId)} size="sm">
          <Trans>Find my other orders</Trans>
        </Anchor>
        <Button
          component="a"
          href={orderPrintPath(eventId, shortId)}
          target="_blank"
          variant="light"
          leftSection={<IconPrinter size={16} aria-hidden />}
          aria-label={t`Print order (opens in a new tab)`}
        >
          <Trans>Print order</Trans>
        </Button>
      </Group>
    </CheckoutLayout>
  );
}
