import { Plural, Trans } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCreditCardOff } from '@tabler/icons-react';
import { Link } from 'react-router';

import { useMe } from '../../users/api/me';
import { hasPermission } from '../../users/hooks/usePermission';

interface NoPaymentMethodAlertProps {
  eventId: number;
  /** Paid tickets of the event, when known (the ticket list says how many). */
  paidTickets?: number;
  /** The go-live dialog's own text: the API's translated refusal. */
  message?: string;
}

/**
 * Paid tickets and no way to pay: what to do about it, with the two ways out (turn on offline payments
 * in the event's settings; connect Stripe in the account, for those who may).
 */
export function NoPaymentMethodAlert({ eventId, paidTickets, message }: NoPaymentMethodAlertProps) {
  const me = useMe();
  const mayConnect = me.data ? hasPermission(me.data, 'payments.manage') : false;
  return (
    <Alert color="orange" variant="light" icon={<IconCreditCardOff size={18} aria-hidden />} role="alert">
      <Stack gap="xs" align="flex-start">
        {/* Not Alert's own title: its orange on the light orange ground is below 4.5:1. */}
        {message ? null : (
          <Text size="sm" fw={700}>
            <Trans>Buyers cannot pay yet</Trans>
          </Text>
        )}
        <Text size="sm">
          {message ??
            (paidTickets !== undefined ? (
              <Plural
                value={paidTickets}
                one="This event has # paid ticket, but no way to pay is set up: it cannot go live until card payments are connected or offline payments are on."
                other="This event has # paid tickets, but no way to pay is set up: it cannot go live until card payments are connected or offline payments are on."
              />
            ) : null)}
        </Text>
        <Group gap="xs">
          <Button component={Link} to={`/manage/event/${eventId}/settings#payments`} size="xs" variant="default">
            <Trans>Turn on offline payments</Trans>
          </Button>
          {mayConnect ? (
            <Button component={Link} to="/account/payment" size="xs" variant="default">
              <Trans>Connect Stripe</Trans>
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Alert>
  );
}
