import '@mantine/core/styles/SegmentedControl.css';

import type { PublicOrderDto } from '@admitone/shared';
import { formatMoney } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Center, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useState } from 'react';

import { Link } from '../../lib/history-navigation';
import { usePageTitle } from '../../lib/use-page-title';
import { CheckoutLayout, CheckoutLoading } from './CheckoutLayout';
import { EventHeading } from './EventHeading';
import { HoldCountdown } from './HoldCountdown';
import { readableAlert } from './notice';
import { OfflinePaymentOption } from './OfflinePaymentOption';
import { type BuyerState, checkoutRoute, stateOfError } from './order-state';
import { OrderStateScreen } from './OrderStateScreen';
import { OrderSummaryCard } from './OrderSummaryCard';
import { checkoutPath } from './paths';
import { Redirect } from './Redirect';
import { useOrder } from './useOrder';

/** No way to pay: say so, and how to reach the organizer. */
function NoPaymentMethod({ order }: { order: PublicOrderDto }) {
  const support = order.event.support_email;
  return (
    <Alert color="orange" {...readableAlert} role="status">
      <Text>
        <Trans>This event cannot take payments online right now. Please contact the organizer.</Trans>
      </Text>
      {support && (
        <Text mt="xs">
          <Anchor href={`mailto:${support}`}>{support}</Anchor>
        </Text>
      )}
    </Alert>
  );
}

// Stripe's code (Stripe.js loader, React Elements) lives in this chunk, loaded when the buyer pays by card.
const CardPaymentOption = lazy(() => import('./CardPaymentOption'));

type Method = 'card' | 'offline';

/** `/checkout/:eventId/:shortId/payment`: the total and the ways this event takes payment. */
export default function CheckoutPaymentPage({ eventId, shortId }: { eventId: number; shortId: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Payment`);
  const { order, error, loading, setOrder, reload } = useOrder(eventId, shortId);
  const [state, setState] = useState<BuyerState | null>(null);
  const onExpired = useCallback(() => setState('expired'), []);
  const [chosen, setChosen] = useState<Method | null>(null);

  if (loading && !order) return <CheckoutLoading />;
  if (error || !order)
    return (
      <OrderStateScreen
        state={stateOfError(error)}
        eventId={eventId}
        shortId={shortId}
        error={error}
        onRetry={reload}
      />
    );
  if (state) return <OrderStateScreen state={state} eventId={eventId} shortId={shortId} order={order} />;
  const route = checkoutRoute(order);
  if (route.kind === 'state')
    return <OrderStateScreen state={route.state} eventId={eventId} shortId={shortId} order={order} onRetry={reload} />;
  if (route.kind === 'summary') return <Redirect to={checkoutPath(eventId, shortId, 'summary')} />;
  if (route.kind === 'details') return <Redirect to={checkoutPath(eventId, shortId, 'details')} />;

  const total = formatMoney(order.totals.total, order.currency, i18n.locale);
  const offline = order.event.offline_payments_enabled;
  const card = order.event.card_payments_available;
  const anyMethod = offline || card;
  // Card first: the chosen method, else card when offered.
  const method: Method | null = chosen ?? (card ? 'card' : offline ? 'offline' : null);

  return (
    <CheckoutLayout colors={order.event.colors}>
      <EventHeading event={order.event} date={order.date} />
      <HoldCountdown order={order} onExtended={setOrder} onExpired={onExpired} />
      <OrderSummaryCard order={order} />
      <Stack gap="md" component="section" aria-labelledby="payment-heading">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h3" id="payment-heading">
            <Trans>Payment</Trans>
          </Title>
          <Text fw={700} size="lg" data-testid="payment-total">
            <Trans>Total: {total}</Trans>
          </Text>
        </Group>
        {order.payment_status === 'PAYMENT_FAILED' && (
          <Alert color="red" {...readableAlert} role="alert" data-testid="previous-payment-failed">
            <Trans>We could not process your payment. Please try again or contact support.</Trans>
          </Alert>
        )}
        {card && offline && (
          <SegmentedControl
            fullWidth
            aria-label={t`Payment method`}
            value={method ?? 'card'}
            onChange={(value) => setChosen(value as Method)}
            data={[
              { value: 'card', label: t`Pay by card` },
              { value: 'offline', label: t`Pay offline` },
            ]}
          />
        )}
        {card && method === 'card' && (
          <Suspense
            fallback={
              <Center py="lg" role="status" aria-label={t`Preparing card payment`}>
                <Loader />
              </Center>
            }
          >
            <CardPaymentOption order={order} onState={setState} />
          </Suspense>
        )}
        {offline && method === 'offline' && <OfflinePaymentOption order={order} onState={setState} />}
        {!anyMethod && <NoPaymentMethod order={order} />}
        <Anchor component={Link} href={checkoutPath(eventId, shortId, 'details')} size="sm">
          <Trans>Back to your details</Trans>
        </Anchor>
      </Stack>
    </CheckoutLayout>
  );
}
