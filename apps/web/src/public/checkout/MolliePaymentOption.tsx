import '@mantine/core/styles/Radio.css';

import type { PaymentOptionDto, PublicOrderDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Image, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { useState } from 'react';

import { FormErrorAlert } from '../../components/FormErrorAlert';
import { isApiError } from '../../lib/api-error';
import { navigate } from '../../lib/history-navigation';
import { readableAlert } from './notice';
import { startMolliePayment } from './order-api';
import { type BuyerState, stateOfError } from './order-state';
import { checkoutPath } from './paths';

/**
 * Pay at Mollie (iDEAL, Bancontact, cards, PayPal...): the methods as radio buttons, each with its picture, and "Pay
 * with …" which sends the browser to Mollie's payment page; Mollie sends it back to the payment return page.
 */
export function MolliePaymentOption({
  order,
  options,
  onState,
}: {
  order: PublicOrderDto;
  /** The Mollie options (at least one). */
  options: PaymentOptionDto[];
  onState: (state: BuyerState) => void;
}) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState<string>(options[0]?.id ?? '');
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const eventId = order.event.id;
  const shortId = order.short_id;
  const option = options.find((o) => o.id === chosen) ?? options[0];
  const label = option?.label ?? '';

  const pay = () => {
    if (!option) return;
    setStarting(true);
    setError(null);
    startMolliePayment(eventId, shortId, option.id)
      // Staying "loading" while the browser leaves for Mollie.
      .then(({ checkout_url }) => window.location.assign(checkout_url))
      .catch((e: unknown) => {
        setStarting(false);
        if (isApiError(e) && e.code === 'DETAILS_REQUIRED') return navigate(checkoutPath(eventId, shortId, 'details'));
        const state = stateOfError(e);
        if (state !== 'error' && state !== 'not_found') onState(state);
        else setError(e);
      });
  };

  // A 422 names the option ("no longer available"): that sentence, else the server's message.
  const optionError = isApiError(error) ? error.fieldErrors.option?.[0] : undefined;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="mollie-payment-heading">
      <Stack gap="sm">
        <Group gap="xs">
          <IconWallet size={20} aria-hidden />
          <Title order={3} size="h5" id="mollie-payment-heading">
            <Trans>Pay online</Trans>
          </Title>
        </Group>
        <Radio.Group
          value={option?.id ?? null}
          onChange={setChosen}
          label={t`Choose how to pay`}
          name="mollie-option"
          data-testid="mollie-options"
        >
          <Stack gap="xs" mt="xs">
            {options.map((o) => (
              <Paper
                key={o.id}
                withBorder
                radius="md"
                px="sm"
                py="xs"
                bd={o.id === option?.id ? '2px solid var(--mantine-primary-color-filled)' : undefined}
              >
                <Radio
                  value={o.id}
                  styles={{ body: { alignItems: 'center' }, labelWrapper: { flex: 1 } }}
                  label={
                    <Group gap="sm" wrap="nowrap" component="span">
                      {o.image ? <Image src={o.image} alt="" h={24} w={32} fit="contain" /> : null}
                      <Text span>{o.label}</Text>
                    </Group>
                  }
                />
              </Paper>
            ))}
          </Stack>
        </Radio.Group>
        <Text size="sm" c="dimmed">
          <Trans>You will be taken to our payment partner Mollie to pay, then brought back here.</Trans>
        </Text>
        {optionError ? (
          <Alert color="red" {...readableAlert} role="alert">
            {optionError}
          </Alert>
        ) : (
          <FormErrorAlert error={error} />
        )}
        <Group justify="flex-end">
          <Button size="md" onClick={pay} loading={starting} disabled={!option}>
            {t`Pay with ${label}`}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
