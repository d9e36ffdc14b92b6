import type { CardPaymentDto, PublicOrderDto } from '@admitone/shared';
import { formatMoney } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';

import { paymentReturnUrl } from './card-payment';

/**
 * Stripe's Payment Element and "Pay {amount}"; Stripe takes the buyer to the return page when done. With
 * `onConfirmed` (a payment made from the order page: an exchange's difference) the buyer stays on the page unless the
 * payment method needs a redirect (then back to `returnUrl`), and `onConfirmed` runs once Stripe has confirmed.
 */
export function CardPaymentForm({
  order,
  payment,
  onConfirmed,
  returnUrl,
}: {
  order: PublicOrderDto;
  payment: CardPaymentDto;
  onConfirmed?: () => void;
  returnUrl?: string;
}) {
  const { t, i18n } = useLingui();
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(payment.amount, payment.currency.toUpperCase(), i18n.locale);

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setPaying(true);
    setError(null);
    if (onConfirmed) {
      const here = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl ?? window.location.href },
        redirect: 'if_required',
      });
      if (!here.error) return onConfirmed();
      setPaying(false);
      setError(here.error.message || t`Your payment could not be completed. Please try again.`);
      return;
    }
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: paymentReturnUrl(window.location.origin, order.event.id, order.short_id) },
    });
    // Only reached when the payment could not be confirmed (otherwise Stripe has navigated away).
    setPaying(false);
    setError(result.error?.message || t`Your payment could not be completed. Please try again.`);
  };

  return (
    <form onSubmit={(e) => void pay(e)} aria-label={t`Card payment`} noValidate>
      <Stack gap="md">
        <PaymentElement onReady={() => setReady(true)} />
        {error && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
            data-testid="card-payment-error"
          >
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            size="md"
            leftSection={<IconLock size={18} aria-hidden />}
            loading={paying}
            disabled={!stripe || !elements || !ready}
          >
            <Trans>Pay {amount}</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
