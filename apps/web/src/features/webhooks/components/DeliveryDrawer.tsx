import '@mantine/core/styles/Code.css';

import type { WebhookAttemptDto, WebhookDeliveryDetailDto } from '@admitone/shared';
import { formatDateTime } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { DetailDrawer } from '../../../components/DetailDrawer';
import { actionErrorMessage } from '../../../lib/action-error';
import { useLastValue } from '../../../lib/use-last-value';
import { useResendDelivery, useWebhookDelivery } from '../api/webhooks';
import { eventTypeLabel } from '../webhook-labels';
import { DeliveryStateBadge } from './WebhookBadges';

/** A label and its value, in the delivery's summary. */
function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** A 2xx answer in teal, any other answer in red, none at all in grey (filled or light, for 4.5:1 contrast). */
function StatusCode({ code }: { code: number | null }) {
  if (code === null) {
    return (
      <Badge variant="light" color="gray">
        <Trans>No answer</Trans>
      </Badge>
    );
  }
  return (
    <Badge variant="filled" color={code >= 200 && code < 300 ? 'teal.9' : 'red.9'}>
      HTTP {code}
    </Badge>
  );
}

/** One try: when, the answer's status, how long it took, why it failed, the start of the answer. */
function Attempt({ attempt, n, timeZone }: { attempt: WebhookAttemptDto; n: number; timeZone: string }) {
  const { i18n } = useLingui();
  const when = formatDateTime(attempt.at, timeZone, i18n.locale);
  const ms = attempt.duration_ms;
  return (
    <Card withBorder radius="md" padding="sm" component="li" data-testid="webhook-attempt">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            <Trans>
              Attempt {n} · {when}
            </Trans>
          </Text>
          <Group gap="xs">
            <StatusCode code={attempt.status_code} />
            <Text size="xs" c="dimmed">
              <Trans>{ms} ms</Trans>
            </Text>
          </Group>
        </Group>
        {attempt.error ? (
          <Text size="sm" c="red.9">
            {attempt.error}
          </Text>
        ) : null}
        {attempt.response_excerpt ? (
          <div>
            <Text size="xs" c="dimmed" fw={600} mb={2}>
              <Trans>Response</Trans>
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 200, overflow: 'auto' }}>
              {attempt.response_excerpt}
            </Code>
          </div>
        ) : null}
      </Stack>
    </Card>
  );
}

/** A delivery: what and when, every attempt, the payload sent, and sending it again. */
export function DeliveryDetail({
  webhookId,
  delivery,
  timeZone,
}: {
  webhookId: number;
  delivery: WebhookDeliveryDetailDto;
  timeZone: string;
}) {
  const { t, i18n } = useLingui();
  const resend = useResendDelivery();
  const attemptsId = useId();
  const payloadId = useId();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timeZone, i18n.locale) : '—');
  // Oldest first, numbered as the receiver's attempt header counts them.
  const attempts = [...delivery.attempt_log].sort((a, b) => a.at.localeCompare(b.at));
  const send = () =>
    resend.mutate(
      { id: webhookId, deliveryId: delivery.id },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: t`The event is sent again, as a new delivery at the top of the log.`,
          }),
        onError: (e) =>
          notifications.show({
            color: 'red',
            message: actionErrorMessage(e, i18n, t`We could not send the event again. Please try again.`),
          }),
      },
    );

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <Fact label={<Trans>Status</Trans>}>
          <DeliveryStateBadge state={delivery.state} />
        </Fact>
        <Fact label={<Trans>Event ID</Trans>}>
          <Code style={{ wordBreak: 'break-all' }}>{delivery.event_id}</Code>
        </Fact>
        <Fact label={<Trans>Created</Trans>}>{when(delivery.created_at)}</Fact>
        {delivery.delivered_at ? (
          <Fact label={<Trans>Delivered</Trans>}>{when(delivery.delivered_at)}</Fact>
        ) : delivery.next_attempt_at && delivery.state === 'PENDING' ? (
          <Fact label={<Trans>Next attempt</Trans>}>{when(delivery.next_attempt_at)}</Fact>
        ) : null}
      </SimpleGrid>
      <Group>
        <Button
          variant="default"
          leftSection={<IconSend size={16} aria-hidden />}
          loading={resend.isPending}
          onClick={send}
        >
          <Trans>Resend</Trans>
        </Button>
        <Text size="xs" c="dimmed" flex={1} miw={200}>
          <Trans>Sends the same event, with the same event ID, as a new delivery.</Trans>
        </Text>
      </Group>
      <section aria-labelledby={attemptsId}>
        <Title order={3} fz="md" mb="xs" id={attemptsId}>
          <Trans>Attempts</Trans>
        </Title>
        {attempts.length ? (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {attempts.map((a, i) => (
              <Attempt key={`${a.at}-${i}`} attempt={a} n={i + 1} timeZone={timeZone} />
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>No attempt yet: it is sent within a few seconds.</Trans>
          </Text>
        )}
      </section>
      <section aria-labelledby={payloadId}>
        <Title order={3} fz="md" mb="xs" id={payloadId}>
          <Trans>Payload</Trans>
        </Title>
        {delivery.payload === null || delivery.payload === undefined ? (
          <Text size="sm" c="dimmed">
            <Trans>The payload is built on the first attempt.</Trans>
          </Text>
        ) : (
          <Code
            block
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 420, overflow: 'auto' }}
            data-testid="webhook-payload"
          >
            {JSON.stringify(delivery.payload, null, 2)}
          </Code>
        )}
      </section>
    </Stack>
  );
}

interface DeliveryDrawerProps {
  webhookId: number;
  /** The delivery in the address (`?delivery=`); null: closed. */
  deliveryId: number | null;
  timeZone: string;
  onClose: () => void;
}

/** One delivery's detail beside the log. */
export function DeliveryDrawer({ webhookId, deliveryId, timeZone, onClose }: DeliveryDrawerProps) {
  const { i18n } = useLingui();
  const shownId = useLastValue(deliveryId);
  const delivery = useWebhookDelivery(webhookId, shownId);
  return (
    <DetailDrawer
      opened={deliveryId !== null}
      onClose={onClose}
      title={delivery.data ? eventTypeLabel(i18n, delivery.data.type) : <Trans>Delivery</Trans>}
      size="lg"
      query={delivery}
      skeleton={[80, 160, 240]}
      notFound={<Trans>This delivery does not exist, or it belongs to another webhook.</Trans>}
    >
      {(data) => <DeliveryDetail webhookId={webhookId} delivery={data} timeZone={timeZone} />}
    </DetailDrawer>
  );
}
