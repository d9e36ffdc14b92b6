import '@mantine/core/styles/SegmentedControl.css';

import type { PaymentOptionDto, PublicOrderDto } from '@admitone/shared';
import { formatMoney } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Center, Group, Loader, SegmentedControl, Stack, Text, Title, useMatches } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';

import { Link } from '../../lib/history-navigation';
import { usePageTitle } from '../../lib/use-page-title';
import { HeldOrderStep } from './HeldOrderStep';
import { MolliePaymentOption } from './MolliePaymentOption';
import { readableAlert } from './notice';
import { OfflinePaymentOption } from './OfflinePaymentOption';
import { fetchPaymentOptions } from './order-api';
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

type Method = 'card' | 'mollie' | 'offline';

/**
 * The order's online payment options (Stripe's card form, Mollie's methods); null while they load. When they cannot
 * be read, the card form is offered as before (the order says whether Stripe is there) and no Mollie method.
 */
function usePaymentOptions(eventId: number, shortId: string): PaymentOptionDto[] | null | 'failed' {
  const [options, setOptions] = useState<PaymentOptionDto[] | null | 'failed'>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchPaymentOptions(eventId, shortId, controller.signal)
      .then(setOptions)
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') setOptions('failed');
      });
    return () => controller.abort();
  }, [eventId, shortId]);
  return options;
}

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
  const options = usePaymentOptions(eventId, shortId);
  const loaded = Array.isArray(options) ? options : null;
  const offline = order.event.offline_payments_enabled;
  // Stripe's form unless the event's options leave it out.
  const card = order.event.card_payments_available && (loaded === null || loaded.some((o) => o.provider === 'STRIPE'));
  const mollieOptions = loaded?.filter((o) => o.provider === 'MOLLIE') ?? [];
  const mollie = mollieOptions.length > 0;
  const anyMethod = offline || card || mollie;
  // Card first, then Mollie, then offline: the chosen method while it is offered, else the first one offered.
  const offered: Record<Method, boolean> = { card, mollie, offline };
  const first: Method | null = card ? 'card' : mollie ? 'mollie' : offline ? 'offline' : null;
  const shown: Method | null = chosen && offered[chosen] ? chosen : first;
  const methods = [
    card && { value: 'card', label: t`Pay by card` },
    mollie && { value: 'mollie', label: t`Other ways to pay online` },
    offline && { value: 'offline', label: t`Pay offline` },
  ].filter((m): m is { value: Method; label: string } => Boolean(m));
  // Stacked on a phone (three long labels, or two in German or French, do not fit side by side), and with three on any
  // screen; side by side otherwise.
  const stacked = useMatches({ base: true, sm: methods.length > 2 });

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
      {methods.length > 1 && (
        <SegmentedControl
          fullWidth
          orientation={stacked ? 'vertical' : 'horizontal'}
          aria-label={t`Payment method`}
          value={shown ?? methods[0]!.value}
          onChange={(value) => onChoose(value as Method)}
          data={methods}
        />
      )}
      {card && shown === 'card' && (
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
      {mollie && shown === 'mollie' && <MolliePaymentOption order={order} options={mollieOptions} onState={onState} />}
      {offline && shown === 'offline' && <OfflinePaymentOption order={order} onState={onState} />}
      {options === null && !card && !offline ? (
        <Center py="lg" role="status" aria-label={t`Loading the ways to pay`}>
          <Loader />
        </Center>
      ) : (
        !anyMethod && <NoPaymentMethod order={order} />
      )}
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
