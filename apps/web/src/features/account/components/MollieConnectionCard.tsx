import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Table.css';

import type { MollieConnectionDto, MollieOnboarding } from '@admitone/shared';
import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlugConnected, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { type PaymentState, paymentState } from '../payment-state';
import { ConnectionBadge } from './ConnectionBadge';

interface MollieConnectionCardProps {
  connection: MollieConnectionDto;
  onConnect: () => void;
  connecting: boolean;
  onCheck: () => void;
  checking: boolean;
  onDisconnect: () => void;
}

/** The account's Mollie organization (iDEAL, Bancontact, cards, PayPal...): a badge, what it means, what to do next. */
export function MollieConnectionCard({
  connection,
  onConnect,
  connecting,
  onCheck,
  checking,
  onDisconnect,
}: MollieConnectionCardProps) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const state = paymentState(connection);
  const yesNo = (value: boolean) => (value ? t`Yes` : t`No`);
  const fee = i18n.number(connection.platform_fee_percent / 100, { style: 'percent', maximumFractionDigits: 2 });
  const onboarding: Record<MollieOnboarding, string> = {
    'needs-data': t`Mollie needs more details`,
    'in-review': t`Mollie is reviewing your details`,
    completed: t`Completed`,
  };

  const disconnectButton = (
    <Button
      variant="default"
      color="red.9"
      leftSection={<IconPlugConnectedX size={18} aria-hidden />}
      onClick={onDisconnect}
    >
      <Trans>Disconnect Mollie</Trans>
    </Button>
  );

  const details = (
    <Table variant="vertical" layout="fixed" withTableBorder maw={560}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w="45%">{t`Mollie organization`}</Table.Th>
          <Table.Td data-testid="mollie-organization">{connection.organization_name ?? '—'}</Table.Td>
        </Table.Tr>
        {connection.profile_id ? (
          <Table.Tr>
            <Table.Th>{t`Website profile`}</Table.Th>
            <Table.Td>
              <Code>{connection.profile_id}</Code>
            </Table.Td>
          </Table.Tr>
        ) : null}
        {connection.onboarding ? (
          <Table.Tr>
            <Table.Th>{t`Onboarding`}</Table.Th>
            <Table.Td>{onboarding[connection.onboarding]}</Table.Td>
          </Table.Tr>
        ) : null}
        <Table.Tr>
          <Table.Th>{t`Can receive payments`}</Table.Th>
          <Table.Td>{yesNo(connection.can_receive_payments)}</Table.Td>
        </Table.Tr>
        {connection.connected_at ? (
          <Table.Tr>
            <Table.Th>{t`Connected on`}</Table.Th>
            <Table.Td>{i18n.date(connection.connected_at, { dateStyle: 'medium', timeStyle: 'short' })}</Table.Td>
          </Table.Tr>
        ) : null}
        {connection.platform_fee_percent > 0 ? (
          <Table.Tr>
            <Table.Th>{t`Platform fee per payment`}</Table.Th>
            <Table.Td>{fee}</Table.Td>
          </Table.Tr>
        ) : null}
      </Table.Tbody>
    </Table>
  );

  const body: Record<PaymentState, ReactNode> = {
    'not-configured': (
      <Text c="dimmed">
        <Trans>Mollie is not set up on this platform. Ask the platform's operator to configure it.</Trans>
      </Text>
    ),
    single: (
      <Text>
        <Trans>Payments go to the platform's Mollie account; nothing to connect.</Trans>
      </Text>
    ),
    'not-connected': (
      <Stack gap="md" align="flex-start">
        <Text>
          <Trans>
            Connect a Mollie account so buyers can pay with iDEAL, Bancontact, cards, PayPal and other local methods.
            Mollie asks you to sign in and allow AdmitOne to take payments for you.
          </Trans>
        </Text>
        <Button leftSection={<IconPlugConnected size={18} aria-hidden />} loading={connecting} onClick={onConnect}>
          <Trans>Connect Mollie</Trans>
        </Button>
      </Stack>
    ),
    incomplete: (
      <Stack gap="md" align="flex-start">
        <Text>
          <Trans>
            Your Mollie account is connected, but Mollie still needs some details before it can take payments.
          </Trans>
        </Text>
        {details}
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            loading={checking}
            onClick={onCheck}
          >
            <Trans>Check again</Trans>
          </Button>
          {disconnectButton}
        </Group>
      </Stack>
    ),
    connected: (
      <Stack gap="md" align="flex-start">
        <Text>
          <Trans>Buyers can pay with the methods you turned on in your Mollie dashboard.</Trans>
        </Text>
        {details}
        {disconnectButton}
      </Stack>
    ),
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="mollie-connection-title">
      <Group justify="space-between" mb="md" gap="sm">
        <Group gap="xs">
          <Title order={2} fz="lg" id="mollie-connection-title">
            <Trans>Payments with Mollie</Trans>
          </Title>
          {connection.testmode && state !== 'not-configured' ? (
            <Badge color="orange.3" variant="filled" autoContrast>
              <Trans>Test mode</Trans>
            </Badge>
          ) : null}
        </Group>
        <ConnectionBadge state={state} testId="mollie-status" />
      </Group>
      {body[state]}
    </Card>
  );
}
