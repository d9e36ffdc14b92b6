import { formatDateTime } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack, Text } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';

import { useMe } from '../../users/api/me';
import { hasPermission } from '../../users/hooks/usePermission';
import { useMailDelivery } from '../api/mail-delivery';

/**
 * Tells the people who run events when the account's mail is not going out: how many of its mails wait
 * for the mail server (they are tried again by themselves) and how many were given up lately (sent
 * again from their order or message). Shown on every organizer screen; nothing while all is well.
 */
export function MailDelayBanner() {
  const { t, i18n } = useLingui();
  const me = useMe();
  const account = me.data?.account;
  const delivery = useMailDelivery(account?.id, Boolean(me.data && hasPermission(me.data, 'events.manage')));
  const d = delivery.data;
  if (!account || !d || (d.status === 'ok' && d.given_up === 0)) return null;
  const since = d.oldest_waiting_at ? formatDateTime(d.oldest_waiting_at, account.timezone, i18n.locale) : '';
  const hours = d.retry_hours;
  const waiting = d.waiting;
  const givenUp = d.given_up;
  return (
    <Alert
      color={d.status === 'delayed' ? 'orange' : 'red'}
      variant="light"
      radius={0}
      icon={<IconMailOff size={20} aria-hidden />}
      title={d.status === 'delayed' ? t`Mail is delayed` : t`Some mails could not be delivered`}
      role="status"
      data-testid="mail-delay"
    >
      <Stack gap={4}>
        {d.status === 'delayed' ? (
          <Text size="sm">
            <Plural
              value={waiting}
              one={`# mail of this account (an order confirmation, tickets or a message) has not been accepted by the mail server since ${since}.`}
              other={`# mails of this account (order confirmations, tickets or messages) have not been accepted by the mail server since ${since}.`}
            />{' '}
            <Trans>
              They are sent by themselves as soon as it answers again, for up to {hours} hours. Nothing needs to be done
              now.
            </Trans>
          </Text>
        ) : null}
        {givenUp > 0 ? (
          <Text size="sm">
            <Plural
              value={givenUp}
              one="# mail of the last 7 days was given up after every try. Open its order or message to send it again."
              other="# mails of the last 7 days were given up after every try. Open their orders or messages to send them again."
            />
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
