import '@mantine/core/styles/SegmentedControl.css';

import type { PublicOrderDto } from '@admitone/shared';
import { formatMoney } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Center, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

import { Link } from '../../lib/history-navigation';
import { usePageTitle } from '../../lib/use-page-title';
import { HeldOrderStep } from './HeldOrderStep';
import { readableAlert } from './notice';
import { OfflinePaymentOption } from './OfflinePaymentOption';
import type { BuyerState } from './order-state';
import { checkoutPath } from './paths';

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

interface PaymentSectionProps {
  eventId: number;
  shortId: string;
  order: PublicOrderDto;
  onState: (state: BuyerState) => void;
  /** The method the buyer chose, kept by the page. */
  chosen: Method | null;
  onChoose: (method: Method) => void;
}

/** The total, the ways to pay it, and the way back to the details. */
function PaymentSection({ eventId, shortId, order, onState, chosen, onChoose }: PaymentSectionProps) {
  const { t, i18n } = useLingui();
  const total = formatMoney(order.totals.total, order.currency, i18n.locale);
  const offline = order.event.offline_payments_enabled;
  const card = order.event.card_payments_available;
  const anyMethod = offline || card;
  // Card first: the chosen method, else card when offered.
  const method: Method | null = chosen ?? (card ? 'card' : offline ? 'offline' : null);

  return (
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
          onChange={(value) => onChoose(value as Method)}
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
          <CardPaymentOption order={order} onState={onState} />
        </Suspense>
      )}
      {offline && method === 'offline' && <OfflinePaymentOption order={order} onState={onState} />}
      {!anyMethod && <NoPaymentMethod order={order} />}
      <Anchor component={Link} href={checkoutPath(eventId, shortId, 'details')} size="sm">
        <Trans>Back to your details</Trans>
      </Anchor>
    </Stack>
  );
}

/** `/checkout/:eventId/:shortId/payment`: the total and the ways this event takes payment. */
export default function CheckoutPaymentPage({ eventId, shortId }: { eventId: number; shortId: string }) {
  const { t } = useLingui();
  usePageTitle(t`Payment`);
  const [chosen, setChosen] = useState<Method | null>(null);
  return (
    <HeldOrderStep eventId={eventId} shortId={shortId} step="payment">
      {(order, { onState }) => (
        <PaymentSection
          eventId={eventId}
          shortId={shortId}
          order={order}
          onState={onState}
          chosen={chosen}
          onChoose={setChosen}
        />
      )}
    </HeldOrderStep>
  );
}
