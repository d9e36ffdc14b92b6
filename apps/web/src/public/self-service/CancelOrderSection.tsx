import type { PublicOrderDto } from '@admitone/shared';
import { formatDateTime, formatMoney } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { IrreversibleConfirm } from '../components/IrreversibleConfirm';
import { cancelOrder } from './self-service-api';

/**
 * Cancelling the order, where the event lets buyers do it (until its cut-off): what happens is said
 * before it is done (the tickets stop working and go back on sale; a card payment goes back to the card).
 */
export function CancelOrderSection({
  order,
  onChange,
}: {
  order: PublicOrderDto;
  onChange: (order: PublicOrderDto) => void;
}) {
  const { t, i18n } = useLingui();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const self = order.self_service;
  if (!self?.can_cancel) return null;
  const until = self.cancel_until ? formatDateTime(self.cancel_until, order.event.timezone, i18n.locale) : null;
  const tickets = order.attendees.filter((a) => a.status === 'ACTIVE' || a.status === 'AWAITING_PAYMENT').length;
  const refund = self.cancel_refunds ? formatMoney(order.totals.total, order.currency, i18n.locale) : null;
  const number = order.order_number;

  const confirm = async () => {
    setFailure(null);
    setBusy(true);
    try {
      onChange(await cancelOrder(order.event.id, order.short_id, i18n.locale));
      setAsking(false);
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="section" aria-labelledby="cancel-heading" gap="xs">
      <Title order={2} size="h4" id="cancel-heading">
        <Trans>Cancel this order</Trans>
      </Title>
      <Text size="sm">
        {until ? <Trans>You can cancel this order until {until}.</Trans> : null}{' '}
        {refund ? <Trans>The payment of {refund} goes back to your card.</Trans> : null}
      </Text>
      <Group>
        <Button color="red" variant="light" onClick={() => setAsking(true)}>
          <Trans>Cancel order</Trans>
        </Button>
      </Group>
      {asking && (
        <IrreversibleConfirm
          title={t`Cancel order ${number}?`}
          keepLabel={<Trans>Keep my order</Trans>}
          confirmLabel={<Trans>Yes, cancel the order</Trans>}
          failure={failure}
          busy={busy}
          onClose={() => setAsking(false)}
          onConfirm={() => void confirm()}
        >
          <Plural
            value={tickets}
            one="Your ticket stops working and goes back on sale."
            other="Your # tickets stop working and go back on sale."
          />{' '}
          {refund ? (
            <Trans>The payment of {refund} goes back to your card; banks take a few days to show it.</Trans>
          ) : null}
        </IrreversibleConfirm>
      )}
    </Stack>
  );
}
