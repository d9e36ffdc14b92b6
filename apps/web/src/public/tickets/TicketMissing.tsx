import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Text, Title } from '@mantine/core';

import { hasStatus } from '../../lib/api-error';
import { errorMessage } from '../../lib/validation';
import { CheckoutLayout } from '../checkout/CheckoutLayout';

/** The ticket (or order) could not be shown: unknown link, a ticket passed on, or a failed load with a retry. */
export function TicketMissing({
  notFound,
  error,
  onRetry,
}: {
  notFound: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { i18n } = useLingui();
  if (hasStatus(error, 410)) {
    return (
      <CheckoutLayout>
        <Stack align="center" ta="center" gap="md" py="lg" data-testid="ticket-passed-on">
          <Title order={1} size="h2">
            <Trans>This ticket was passed on</Trans>
          </Title>
          <Text>
            <Trans>
              It now belongs to someone else, who got it with a new code. This link and its QR code no longer work.
            </Trans>
          </Text>
        </Stack>
      </CheckoutLayout>
    );
  }
  return (
    <CheckoutLayout>
      <Stack align="center" ta="center" gap="md" py="lg">
        <Title order={1} size="h2">
          {notFound ? <Trans>Ticket not found</Trans> : <Trans>Something went wrong</Trans>}
        </Title>
        <Text>
          {notFound ? <Trans>We could not find this ticket. Please check the link.</Trans> : errorMessage(error, i18n)}
        </Text>
        {!notFound && (
          <Button onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </Stack>
    </CheckoutLayout>
  );
}
