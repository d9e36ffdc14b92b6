import type { PublicOrderDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useState } from 'react';

import { FormErrorAlert } from '../../components/FormErrorAlert';
import { HtmlContent } from '../../components/HtmlContent';
import { isApiError } from '../../lib/api-error';
import { navigate } from '../../lib/history-navigation';
import { newIdempotencyKey } from '../lib/public-api';
import { placeOfflineOrder } from './order-api';
import { type BuyerState, stateOfError } from './order-state';
import { checkoutPath } from './paths';

/** Pay later (bank transfer, at the door): the organizer's instructions and "Place order". */
export function OfflinePaymentOption({
  order,
  onState,
}: {
  order: PublicOrderDto;
  onState: (state: BuyerState) => void;
}) {
  const { t } = useLingui();
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const eventId = order.event.id;
  const orderNumber = order.order_number;

  const place = () => {
    setPlacing(true);
    setError(null);
    placeOfflineOrder(eventId, order.short_id, newIdempotencyKey())
      .then((placed) => navigate(checkoutPath(eventId, placed.short_id, 'summary')))
      .catch((e: unknown) => {
        setPlacing(false);
        if (isApiError(e) && e.code === 'DETAILS_REQUIRED')
          return navigate(checkoutPath(eventId, order.short_id, 'details'));
        const state = stateOfError(e);
        if (state !== 'error' && state !== 'not_found') onState(state);
        else setError(e);
      });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="offline-payment-heading">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBuildingBank size={20} aria-hidden />
          <Title order={3} size="h5" id="offline-payment-heading">
            <Trans>Pay offline</Trans>
          </Title>
        </Group>
        {order.event.offline_payment_instructions ? (
          <HtmlContent html={order.event.offline_payment_instructions} />
        ) : null}
        <Text size="sm">
          <Trans>
            Use your order number <strong>{orderNumber}</strong> as the payment reference. Your tickets are issued once
            the organizer has received your payment.
          </Trans>
        </Text>
        <FormErrorAlert error={error} />
        <Group justify="flex-end">
          <Button size="md" onClick={place} loading={placing} aria-describedby="offline-payment-heading">
            {t`Place order`}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
