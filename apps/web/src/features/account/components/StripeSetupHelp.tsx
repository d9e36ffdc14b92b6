import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/List.css';

import { Trans } from '@lingui/react/macro';
import { Code, List, Stack, Text } from '@mantine/core';

import { stripeWebhookUrl } from '../payment-state';

/** NOT_CONFIGURED: what the operator of this installation sets to turn card payments on. */
export function StripeSetupHelp() {
  const webhook = stripeWebhookUrl(window.location.origin);
  return (
    <Stack gap="sm">
      <Text>
        <Trans>Card payments are not configured on this installation, so buyers cannot pay by card yet.</Trans>
      </Text>
      <Text>
        <Trans>
          Offline payments (bank transfer, pay at the door) still work: turn them on in an event's settings.
        </Trans>
      </Text>
      <Text fw={600}>
        <Trans>To turn card payments on, the operator of this installation sets:</Trans>
      </Text>
      <List spacing={6} size="sm">
        <List.Item>
          <Trans>
            <Code>STRIPE_SECRET_KEY</Code> and <Code>STRIPE_PUBLISHABLE_KEY</Code>: the platform's Stripe API keys.
          </Trans>
        </List.Item>
        <List.Item>
          <Trans>
            <Code>STRIPE_WEBHOOK_SECRET</Code>: the signing secret of a Stripe webhook sending events to this address:
          </Trans>{' '}
          <Code>{webhook}</Code>
        </List.Item>
        <List.Item>
          <Trans>
            Optionally <Code>STRIPE_MODE=SINGLE</Code>: every payment goes to the platform's own Stripe account instead
            of each account connecting its own.
          </Trans>
        </List.Item>
      </List>
      <Text size="sm" c="dimmed">
        <Trans>Then restart the server and open this page again.</Trans>
      </Text>
    </Stack>
  );
}
