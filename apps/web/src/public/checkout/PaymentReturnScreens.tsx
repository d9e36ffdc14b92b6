import type { PublicOrderDto } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';
import { Anchor, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglass, IconReceiptRefund } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';

import { Link } from '../../lib/history-navigation';
import { eventPagePath } from '../router/match-route';
import { CheckoutLayout } from './CheckoutLayout';

function Screen({
  order,
  icon,
  color,
  title,
  testId,
  children,
}: {
  order: PublicOrderDto;
  icon: ReactNode;
  color: string;
  title: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [testId]);
  const support = order.event.support_email;
  return (
    <CheckoutLayout colors={order.event.colors}>
      <Stack align="center" ta="center" gap="md" py="lg" data-testid={testId}>
        <ThemeIcon size={56} radius="xl" color={color}>
          {icon}
        </ThemeIcon>
        <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Title>
        <Text fw={500}>{order.event.title}</Text>
        {children}
        {support && (
          <Text size="sm">
            <Trans>
              Questions? Contact the organizer at <Anchor href={`mailto:${support}`}>{support}</Anchor>.
            </Trans>
          </Text>
        )}
      </Stack>
    </CheckoutLayout>
  );
}

/** The payment (card or Mollie) is still being processed: re-checked for about a minute, then an e-mail promise. */
export function PaymentProcessingScreen({
  order,
  gaveUp,
  onRecheck,
}: {
  order: PublicOrderDto;
  gaveUp: boolean;
  onRecheck: () => void;
}) {
  return (
    <Screen
      order={order}
      icon={<IconHourglass aria-hidden />}
      color="violet.7"
      title={<Trans>Your payment is being processed</Trans>}
      testId="payment-processing"
    >
      <div role="status">
        {gaveUp ? (
          <Text data-testid="processing-gave-up">
            <Trans>
              This is taking longer than usual. We will e-mail you as soon as your payment is confirmed; you can close
              this page.
            </Trans>
          </Text>
        ) : (
          <Text data-testid="processing-waiting">
            <Trans>This usually takes a few seconds. Please keep this page open.</Trans>
          </Text>
        )}
      </div>
      {gaveUp && (
        <Button onClick={onRecheck}>
          <Trans>Check again</Trans>
        </Button>
      )}
    </Screen>
  );
}

/** Paid after the hold ran out and the tickets were gone: the payment was (or is being) refunded. */
export function PaymentRefundedScreen({ order }: { order: PublicOrderDto }) {
  return (
    <Screen
      order={order}
      icon={<IconReceiptRefund aria-hidden />}
      color="orange.9"
      title={<Trans>Your payment has been refunded</Trans>}
      testId="payment-refunded"
    >
      <Text>
        <Trans>
          Your payment arrived after your order had expired, and the tickets were no longer available. We have refunded
          the full amount; it may take a few days to appear on your statement.
        </Trans>
      </Text>
      <Button component={Link} href={eventPagePath(order.event.id, order.event.slug)}>
        <Trans>Back to the event</Trans>
      </Button>
    </Screen>
  );
}
