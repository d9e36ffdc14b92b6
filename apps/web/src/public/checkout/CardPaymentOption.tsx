import type { CardPaymentDto, PublicOrderDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { Elements } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementLocale, type StripeElementsOptions } from '@stripe/stripe-js';
import { IconCreditCard } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';

import { FormErrorAlert } from '../../components/FormErrorAlert';
import { isApiError } from '../../lib/api-error';
import { navigate } from '../../lib/history-navigation';
import { stripeAppearance, stripeFonts, stripeLocale } from './card-payment';
import { CardPaymentForm } from './CardPaymentForm';
import { startCardPayment } from './order-api';
import { type BuyerState, stateOfError } from './order-state';
import { checkoutPath } from './paths';

/** One Stripe.js per publishable key for the page's lifetime (loadStripe injects the script once). */
const stripes = new Map<string, Promise<Stripe | null>>();
export function stripeFor(key: string): Promise<Stripe | null> {
  let stripe = stripes.get(key);
  if (!stripe) {
    stripe = loadStripe(key);
    stripes.set(key, stripe);
  }
  return stripe;
}

/**
 * Pay by card (this module is its own lazy chunk: Stripe's code loads only when the buyer pays by card).
 * Starts the order's PaymentIntent, then shows Stripe's Payment Element in the event's colours.
 */
export default function CardPaymentOption({
  order,
  onState,
}: {
  order: PublicOrderDto;
  onState: (state: BuyerState) => void;
}) {
  const { t, i18n } = useLingui();
  const [payment, setPayment] = useState<CardPaymentDto | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const eventId = order.event.id;
  const shortId = order.short_id;

  useEffect(() => {
    let live = true;
    setError(null);
    startCardPayment(eventId, shortId)
      .then((p) => {
        if (live) setPayment(p);
      })
      .catch((e: unknown) => {
        if (!live) return;
        if (isApiError(e) && e.code === 'DETAILS_REQUIRED') return navigate(checkoutPath(eventId, shortId, 'details'));
        const state = stateOfError(e);
        if (state !== 'error' && state !== 'not_found') onState(state);
        else setError(e);
      });
    return () => {
      live = false;
    };
  }, [eventId, shortId, attempt, onState]);

  const stripe = useMemo(() => (payment ? stripeFor(payment.publishable_key) : null), [payment]);
  const [stripeFailed, setStripeFailed] = useState(false);
  useEffect(() => {
    stripe?.then((s) => setStripeFailed(!s)).catch(() => setStripeFailed(true));
  }, [stripe]);

  const retry = () => {
    if (payment) stripes.delete(payment.publishable_key);
    setPayment(null);
    setStripeFailed(false);
    setAttempt((n) => n + 1);
  };

  let body;
  if (error || stripeFailed) {
    body = (
      <Stack gap="sm" align="flex-start">
        {error ? (
          <FormErrorAlert error={error} />
        ) : (
          <Alert color="red" variant="light" role="alert" w="100%">
            <Trans>The card payment form could not be loaded. Please check your connection and try again.</Trans>
          </Alert>
        )}
        <Button variant="light" onClick={retry}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  } else if (!payment || !stripe) {
    body = (
      <Center py="lg" role="status" aria-label={t`Preparing card payment`}>
        <Loader />
      </Center>
    );
  } else {
    const options: StripeElementsOptions = {
      clientSecret: payment.client_secret,
      appearance: stripeAppearance(order.event.colors),
      fonts: stripeFonts(window.location.origin),
      locale: stripeLocale(i18n.locale) as StripeElementLocale,
    };
    body = (
      <Elements stripe={stripe} options={options}>
        <CardPaymentForm order={order} payment={payment} />
      </Elements>
    );
  }

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="card-payment-heading"
      data-testid="card-payment"
    >
      <Stack gap="sm">
        <Group gap="xs">
          <IconCreditCard size={20} aria-hidden />
          <Title order={3} size="h5" id="card-payment-heading">
            <Trans>Pay by card</Trans>
          </Title>
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
