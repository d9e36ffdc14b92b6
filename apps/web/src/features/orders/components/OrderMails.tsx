import type { OrderMailDto } from '@admitone/shared';
import { formatDateTime } from '@admitone/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';

import { actionErrorMessage } from '../../../lib/action-error';
import { useOrderMails, useSendOrderMailAgain } from '../api/order-mails';
import { DetailSection } from './DetailSection';

const MAIL_LABELS: Record<string, MessageDescriptor> = {
  order_confirmation: msg`Order confirmation`,
  attendee_ticket: msg`Ticket`,
  payment_received: msg`Payment confirmation`,
  payment_reminder: msg`Payment reminder`,
  order_cancelled: msg`Cancellation notice`,
  order_refunded: msg`Refund notice`,
  organizer_new_order: msg`New order notice`,
};

/** Not delivered: failed for good, or waiting for another try after a failed one. */
const undelivered = (m: OrderMailDto) => m.status === 'FAILED' || (m.status !== 'SENT' && m.error !== null);

/**
 * The order's e-mails that did not reach their address (SMTP refused it, or was away too long), each
 * with why; a failed one can be sent again. Nothing is shown while every mail went out.
 */
export function OrderMails({ eventId, orderId, timeZone }: { eventId: number; orderId: number; timeZone: string }) {
  const { t, i18n } = useLingui();
  const mails = (useOrderMails(eventId, orderId).data ?? []).filter(undelivered);
  const again = useSendOrderMailAgain(eventId, orderId);
  if (!mails.length) return null;
  const sendAgain = (m: OrderMailDto) => {
    const address = m.to;
    again.mutate(m.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: t`The e-mail is on its way to ${address} again.` }),
      onError: (e) =>
        notifications.show({
          color: 'red',
          message: actionErrorMessage(e, i18n, t`We could not send the e-mail again. Please try again.`),
        }),
    });
  };
  return (
    <DetailSection title={<Trans>E-mails not delivered</Trans>}>
      <Stack gap="sm" data-testid="order-mails">
        {mails.map((m) => {
          const label = MAIL_LABELS[m.template];
          const when = formatDateTime(m.created_at, timeZone, i18n.locale);
          return (
            <Group key={m.id} justify="space-between" gap="sm" wrap="wrap" align="flex-start">
              <Stack gap={0} miw={0} style={{ flex: '1 1 220px' }}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {label ? i18n._(label) : m.template} · {m.to}
                </Text>
                <Text size="xs" c="dimmed">
                  {when}
                  {m.error ? ` · ${m.error}` : ''}
                </Text>
              </Stack>
              {m.status === 'FAILED' ? (
                <Group gap="xs" wrap="nowrap">
                  <Badge color="red" variant="light" tt="none">
                    <Trans>Failed</Trans>
                  </Badge>
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconSend size={14} aria-hidden />}
                    loading={again.isPending && again.variables === m.id}
                    onClick={() => sendAgain(m)}
                  >
                    <Trans>Send again</Trans>
                  </Button>
                </Group>
              ) : (
                <Badge color="orange" variant="light" tt="none">
                  <Trans>Still trying</Trans>
                </Badge>
              )}
            </Group>
          );
        })}
      </Stack>
    </DetailSection>
  );
}
