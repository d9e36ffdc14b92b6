import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Table.css';

import type { PaymentConnectionDto } from '@admitone/shared';
import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconBrandStripe, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { type PaymentState, paymentState } from '../payment-state';
import { ConnectionBadge } from './ConnectionBadge';
import { StripeSetupHelp } from './StripeSetupHelp';

interface PaymentConnectionCardProps {
  connection: PaymentConnectionDto;
  onConnect: () => void;
  connecting: boolean;
  onCheck: () => void;
  checking: boolean;
}

/** The account's card payment connection: a badge, what it means, and what to do next. */
export function PaymentConnectionCard({
  connection,
  onConnect,
  connecting,
  onCheck,
  checking,
}: PaymentConnectionCardProps) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const state = paymentState(connection);
  const yesNo = (value: boolean) => (value ? t`Yes` : t`No`);
  const fee = i18n.number(connection.platform_fee_percent / 100, { style: 'percent', maximumFractionDigits: 2 });
  const connectButton = (label: ReactNode) => (
    <Button leftSection={<IconBrandStripe size={18} aria-hidden />} loading={connecting} onClick={onConnect}>
      {label}
    </Button>
  );

  const body: Record<PaymentState, ReactNode> = {
    'not-configured': <StripeSetupHelp />,
    single: (
      <Text>
        <Trans>Payments go to the platform's Stripe account; nothing to connect. Buyers can pay by card.</Trans>
      </Text>
    ),
    'not-connected': (
      <Stack gap="md" align="flex-start">
        <Text>
          <Trans>
            Connect a Stripe account so buyers can pay by card. Stripe asks for your business and bank details, then
            pays out your ticket sales.
          </Trans>
        </Text>
        {connectButton(<Trans>Connect Stripe</Trans>)}
      </Stack>
    ),
    incomplete: (
      <Stack gap="md" align="flex-start">
        <Text>
          <Trans>
            Your Stripe account is created, but Stripe still needs some details before it can take payments.
          </Trans>
        </Text>
        <Group gap="sm">
          {connectButton(<Trans>Continue setup</Trans>)}
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            loading={checking}
            onClick={onCheck}
          >
            <Trans>Check again</Trans>
          </Button>
        </Group>
      </Stack>
    ),
    connected: (
      <Stack gap="sm">
        <Text>
          <Trans>Buyers can pay by card; Stripe pays your sales out to your bank account.</Trans>
        </Text>
        <Table variant="vertical" layout="fixed" withTableBorder maw={560}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="45%">{t`Stripe account`}</Table.Th>
              <Table.Td>
                <Code>{connection.stripe_account_id}</Code>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t`Card payments enabled`}</Table.Th>
              <Table.Td>{yesNo(connection.charges_enabled)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t`Payouts enabled`}</Table.Th>
              <Table.Td>{yesNo(connection.payouts_enabled)}</Table.Td>
            </Table.Tr>
            {connection.platform_fee_percent > 0 ? (
              <Table.Tr>
                <Table.Th>{t`Platform fee per payment`}</Table.Th>
                <Table.Td>{fee}</Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Stack>
    ),
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payment-connection-title">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} fz="lg" id="payment-connection-title">
          <Trans>Card payments with Stripe</Trans>
        </Title>
        <ConnectionBadge state={state} testId="payment-status" />
      </Group>
      {body[state]}
    </Card>
  );
}
