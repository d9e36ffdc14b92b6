import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';

import { type BoxOfficeSaleDto, type CardSaleDto, formatMoney } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementLocale } from '@stripe/stripe-js';
import { IconAlertCircle, IconCreditCard } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';

import { PanelHeader } from '../../../components/AppModal';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useCompleteCardSale } from '../api/box-office';

/** One Stripe.js per publishable key for the page's lifetime (loadStripe injects the script once). */
const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
  return stripes.get(key)!;
};

/** Stripe's name of the interface language (it knows "pt-BR" and "zh", not "zh-CN"). */
const stripeLocale = (locale: string) => (locale === 'zh-CN' ? 'zh' : locale) as StripeElementLocale;

interface CardSaleProps {
  eventId: number;
  started: CardSaleDto;
  /** Check the tickets in at once on this list once paid. */
  admitListId: number | null;
  onPaid: (sale: BoxOfficeSaleDto) => void;
  onClose: () => void;
}

/**
 * A card through Stripe at the box office (its own lazy chunk: Stripe's code loads only when a card is taken): Stripe's
 * Payment Element on the staff device for the buyer's card, then the sale completed by the server from what Stripe
 * says, and its receipt. Closing without paying leaves the units held until the hold runs out.
 */
export default function CardSaleDialog({ eventId, started, admitListId, onPaid, onClose }: CardSaleProps) {
  const { t, i18n } = useLingui();
  const amount = formatMoney(started.amount, started.currency.toUpperCase(), i18n.locale);
  return (
    <Modal.Root opened onClose={onClose} size="md">
      <Modal.Overlay />
      <Modal.Content>
        <PanelHeader of={Modal} title={t`Card payment of ${amount}`} />
        <Modal.Body>
          <Elements
            stripe={stripeFor(started.publishable_key)}
            options={{ clientSecret: started.client_secret, locale: stripeLocale(i18n.locale) }}
          >
            <CardForm eventId={eventId} started={started} admitListId={admitListId} onPaid={onPaid} amount={amount} />
          </Elements>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

function CardForm({
  eventId,
  started,
  admitListId,
  onPaid,
  amount,
}: Omit<CardSaleProps, 'onClose'> & { amount: string }) {
  const { t } = useLingui();
  const stripe = useStripe();
  const elements = useElements();
  const complete = useCompleteCardSale(eventId);
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);
  const [declined, setDeclined] = useState<string | null>(null);

  const finish = () => complete.mutate({ orderId: started.order_id, admit: admitListId }, { onSuccess: onPaid });
  const pay = async (e: FormEvent) => {
    e.preventDefault();
    // Rendered in a portal, yet inside the sale's form in React's tree: its submit must not reach that form.
    e.stopPropagation();
    if (!stripe || !elements) return;
    setPaying(true);
    setDeclined(null);
    // A card needs no redirect: the page stays, and the server asks Stripe how it went.
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: window.location.href },
      redirect: 'if_required',
    });
    setPaying(false);
    if (result.error)
      setDeclined(result.error.message || t`The card was not accepted. Try again or take another card.`);
    else finish();
  };

  return (
    <form onSubmit={(e) => void pay(e)} aria-label={t`Card payment`} noValidate>
      <Stack gap="md">
        <Text size="sm">
          <Trans>Hand the device to the buyer to enter their card, or type it in for them.</Trans>
        </Text>
        <PaymentElement onReady={() => setReady(true)} />
        {declined ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
            data-testid="card-sale-declined"
          >
            {declined}
          </Alert>
        ) : null}
        <FormErrorAlert error={complete.error} />
        <Group justify="flex-end">
          {complete.error ? (
            <Button variant="default" onClick={finish} loading={complete.isPending}>
              <Trans>Check the payment again</Trans>
            </Button>
          ) : null}
          <Button
            type="submit"
            size="lg"
            leftSection={<IconCreditCard size={20} aria-hidden />}
            loading={paying || complete.isPending}
            disabled={!ready}
          >
            <Trans>Charge {amount}</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
