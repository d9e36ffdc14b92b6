import '@mantine/core/styles/Progress.css';

import type { EventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

import { useAccount } from '../../../account/api/account';
import { usePaymentConnection } from '../../../account/api/payment-connection';
import { gettingStartedSteps } from '../../../getting-started/steps';
import { ticketsQueryOptions } from '../../../tickets/api/tickets';
import { useMe } from '../../../users/api/me';

/** How far the getting-started checklist is, with a link to it; hidden once every step is done. */
export function SetupProgress({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const me = useMe();
  const account = useAccount(me.data?.account.id ?? 0, Boolean(me.data));
  const tickets = useQuery(ticketsQueryOptions(event.id));
  const payment = usePaymentConnection(me.data?.account.id ?? 0, Boolean(me.data));
  if (!me.data || account.isPending || !tickets.data || payment.isPending) return null;
  const emailVerified = account.data?.is_email_verified ?? me.data.user.email_verified;
  const steps = gettingStartedSteps(event, {
    emailVerified,
    ticketCount: tickets.data.length,
    payment: payment.data?.status ?? null,
  });
  const done = steps.filter((s) => s.done).length;
  const total = steps.length;
  if (done === total) return null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="setup-progress">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm">
          <Text fw={600}>
            <Trans>
              Getting started: {done} of {total} steps done
            </Trans>
          </Text>
          <Anchor component={Link} to={`/manage/event/${event.id}/getting-started`} size="sm" fw={600}>
            <IconListCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginInlineEnd: 4 }} />
            <Trans>See what is left</Trans>
          </Anchor>
        </Group>
        <Progress
          value={(done / total) * 100}
          color="teal.8"
          size="md"
          radius="xl"
          aria-label={t`Progress of getting started`}
        />
      </Stack>
    </Card>
  );
}
