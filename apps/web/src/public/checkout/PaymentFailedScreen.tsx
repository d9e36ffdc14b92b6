import type { PublicOrderDto } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';
import { Anchor, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

import { Link } from '../../lib/history-navigation';
import { CheckoutLayout } from './CheckoutLayout';
import { checkoutPath } from './paths';

/** The payment did not go through: try again on the payment step, or contact support. */
export function PaymentFailedScreen({
  order,
  eventId,
  shortId,
}: {
  order: PublicOrderDto;
  eventId: number;
  shortId: string;
}) {
  const support = order.event.support_email;
  return (
    <CheckoutLayout colors={order.event.colors}>
      <Stack align="center" ta="center" gap="md" py="lg" data-testid="payment-failed">
        <ThemeIcon size={56} radius="xl" color="red.9">
          <IconAlertTriangle aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h2">
          <Trans>Payment failed</Trans>
        </Title>
        <Text>
          <Trans>We could not process your payment. Please try again or contact support.</Trans>
        </Text>
        {support && <Anchor href={`mailto:${support}`}>{support}</Anchor>}
        {order.status === 'RESERVED' && (
          <Button component={Link} href={checkoutPath(eventId, shortId, 'payment')}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </Stack>
    </CheckoutLayout>
  );
}
