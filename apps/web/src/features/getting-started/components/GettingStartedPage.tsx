import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Skeleton.css';

import type { EventDto, EventStatus, PaymentConnectionStatus } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { PageHeader } from '../../../components/PageHeader';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAccount } from '../../account/api/account';
import { usePaymentConnection } from '../../account/api/payment-connection';
import { EventStatusDialog } from '../../events/components/EventStatusDialog';
import { useRouteEvent } from '../../events/hooks/useRouteEvent';
import { ticketsQueryOptions } from '../../tickets/api/tickets';
import { useMe } from '../../users/api/me';
import { gettingStartedSteps } from '../steps';
import { StepItem } from './StepItem';

interface ChecklistProps {
  event: EventDto;
  emailVerified: boolean;
  ticketCount: number;
  payment: PaymentConnectionStatus | null;
}

function Checklist({ event, emailVerified, ticketCount, payment }: ChecklistProps) {
  const { t } = useLingui();
  const [status, setStatus] = useState<EventStatus | null>(null);
  const steps = gettingStartedSteps(event, { emailVerified, ticketCount, payment });
  const done = steps.filter((s) => s.done).length;
  const total = steps.length;

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>
            <Trans>
              {done} of {total} steps done
            </Trans>
          </Text>
          {done === total ? (
            <Text c="teal.9" fw={600}>
              <Trans>All set!</Trans>
            </Text>
          ) : null}
        </Group>
        <Progress
          value={(done / total) * 100}
          color="teal.8"
          size="lg"
          radius="xl"
          aria-label={t`Progress of getting started`}
        />
      </Card>
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {steps.map((step) => (
          <StepItem key={step.key} step={step} event={event} onGoLive={() => setStatus('LIVE')} />
        ))}
      </Stack>
      <EventStatusDialog event={event} target={status} onClose={() => setStatus(null)} />
    </Stack>
  );
}

/** `/manage/event/:eventId/getting-started`: what is left before the event is ready, with links. */
export function GettingStartedPage() {
  const { t } = useLingui();
  usePageTitle(t`Getting started`);
  const { event, loading } = useRouteEvent();
  const me = useMe();
  const account = useAccount(me.data?.account.id ?? 0, Boolean(me.data));
  const tickets = useQuery({ ...ticketsQueryOptions(event?.id ?? 0), enabled: Boolean(event) });
  const payment = usePaymentConnection(me.data?.account.id ?? 0, Boolean(me.data));
  const title = event?.title ?? '';
  // The owner's confirmation decides going live; a member who cannot read it falls back to their own.
  const emailVerified = account.data?.is_email_verified ?? me.data?.user.email_verified ?? false;

  return (
    <Stack gap="lg">
      <PageHeader
        title={<Trans>Getting started</Trans>}
        description={event ? <Trans>A few steps to get “{title}” ready for buyers.</Trans> : null}
      />
      {loading || !event || me.isPending || account.isPending || tickets.isPending || payment.isPending ? (
        <Stack gap="sm" role="status" aria-label={t`Loading event`}>
          <Skeleton h={80} />
          {[0, 1, 2, 3, 4, 5, 6].map((i) => (
            <Skeleton key={i} h={72} />
          ))}
        </Stack>
      ) : (
        <Checklist
          event={event}
          emailVerified={emailVerified}
          ticketCount={tickets.data?.length ?? 0}
          payment={payment.data?.status ?? null}
        />
      )}
    </Stack>
  );
}
