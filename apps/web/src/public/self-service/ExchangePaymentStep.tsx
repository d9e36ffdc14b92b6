import type { ExchangePaymentDto, PublicOrderDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Center, Loader } from '@mantine/core';
import { Elements } from '@stripe/react-stripe-js';
import type { StripeElementLocale, StripeElementsOptions } from '@stripe/stripe-js';
import { useEffect, useMemo, useState } from 'react';

import { stripeAppearance, stripeFonts, stripeLocale } from '../checkout/card-payment';
import { CardPaymentForm } from '../checkout/CardPaymentForm';
import { stripeFor } from '../checkout/CardPaymentOption';

/**
 * The card payment of an exchange's difference (its own lazy chunk, as the checkout's: Stripe's code loads only when
 * a buyer pays): the checkout's Payment Element in the event's colours; `onConfirmed` once Stripe confirmed it.
 */
export default function ExchangePaymentStep({
  order,
  payment,
  onConfirmed,
}: {
  order: PublicOrderDto;
  payment: ExchangePaymentDto;
  onConfirmed: () => void;
}) {
  const { t, i18n } = useLingui();
  const stripe = useMemo(() => stripeFor(payment.publishable_key), [payment.publishable_key]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    stripe.then((s) => setFailed(!s)).catch(() => setFailed(true));
  }, [stripe]);
  if (failed)
    return (
      <Alert color="red" variant="light" role="alert">
        <Trans>The card payment form could not be loaded. Please check your connection and try again.</Trans>
      </Alert>
    );
  if (!stripe)
    return (
      <Center py="lg" role="status" aria-label={t`Preparing card payment`}>
        <Loader />
      </Center>
    );
  const options: StripeElementsOptions = {
    clientSecret: payment.client_secret,
    appearance: stripeAppearance(order.event.colors),
    fonts: stripeFonts(window.location.origin),
    locale: stripeLocale(i18n.locale) as StripeElementLocale,
  };
  return (
    <Elements stripe={stripe} options={options}>
      <CardPaymentForm order={order} payment={payment} onConfirmed={onConfirmed} returnUrl={window.location.href} />
    </Elements>
  );
}
