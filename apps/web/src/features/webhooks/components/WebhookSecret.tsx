import '@mantine/core/styles/Code.css';

import {
  LEGACY_SIGNATURE_UNTIL,
  STANDARD_WEBHOOK_HEADERS,
  WEBHOOK_HEADERS,
  type WebhookWithSecretDto,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Code, Group, Stack, Text } from '@mantine/core';

import { ShownOnceSecret, ShownOnceWarning } from '../../../components/ShownOnceSecret';

/** Checking a delivery in Node.js with the Standard Webhooks library (header names as Node gives them). */
const verifyExample = () =>
  [
    "import { Webhook } from 'standardwebhooks';",
    '',
    '// rawBody: the request body exactly as received (a string), before any JSON parsing.',
    'function eventFromAdmitOne(headers, rawBody, secret) {',
    '  // Throws when the signature does not match or the timestamp is too old.',
    '  return new Webhook(secret).verify(rawBody, headers);',
    '}',
  ].join('\n');

interface WebhookSecretProps {
  webhook: WebhookWithSecretDto;
  /** A new secret of an existing webhook (the old one no longer signs). */
  rotated: boolean;
  onDone: () => void;
}

/** A webhook's signing secret, shown this once, and how to check a delivery's signature with it. */
export function WebhookSecret({ webhook, rotated, onDone }: WebhookSecretProps) {
  const { t } = useLingui();
  const signatureHeader = STANDARD_WEBHOOK_HEADERS.signature;
  const timestampHeader = STANDARD_WEBHOOK_HEADERS.timestamp;
  const idHeader = STANDARD_WEBHOOK_HEADERS.id;
  const legacyHeader = WEBHOOK_HEADERS.signature;
  const legacyUntil = LEGACY_SIGNATURE_UNTIL;
  return (
    <Stack gap="md">
      <ShownOnceWarning title={t`Copy the signing secret now`}>
        {rotated ? (
          <Trans>
            The old secret no longer signs deliveries: put this one on your server now. This is the only time it is
            shown.
          </Trans>
        ) : (
          <Trans>This is the only time the secret is shown. If it gets lost, rotate it to get a new one.</Trans>
        )}
      </ShownOnceWarning>
      <ShownOnceSecret label={t`Signing secret`} value={webhook.secret} testId="webhook-secret" />
      <div>
        <Text size="sm" fw={600} mb={4}>
          <Trans>Check the signature</Trans>
        </Text>
        <Text size="sm" mb="xs">
          <Trans>
            Deliveries are signed as the Standard Webhooks specification defines it: the <Code>{signatureHeader}</Code>{' '}
            header holds <Code>v1,</Code> followed by the base64 HMAC-SHA256 of the <Code>{idHeader}</Code> and{' '}
            <Code>{timestampHeader}</Code> headers and the raw request body, joined by dots, keyed with this secret. The
            Standard Webhooks library for your language checks it; accept the request only when it does, for example in
            Node.js:
          </Trans>
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="webhook-verify-example">
          {verifyExample()}
        </Code>
        <Text size="xs" c="dimmed" mt={4}>
          <Trans>
            Every attempt and resend of an event has the same <Code>{idHeader}</Code>: use it to skip events you already
            handled. The older <Code>{legacyHeader}</Code> header is still sent until {legacyUntil}. More in the{' '}
            <Anchor href="/api/docs" underline="always" size="xs">
              API reference
            </Anchor>
            .
          </Trans>
        </Text>
      </div>
      <Group justify="flex-end">
        <Button onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
