import '@mantine/core/styles/Code.css';
import { WEBHOOK_HEADERS, type WebhookWithSecretDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Code, Group, Stack, Text } from '@mantine/core';
import { ShownOnceSecret, ShownOnceWarning } from '../../../components/ShownOnceSecret';

/** Checking a delivery's signature in Node.js (header names as Node gives them: lower case). */
const verifyExample = () => {
  const timestamp = WEBHOOK_HEADERS.timestamp.toLowerCase();
  const signature = WEBHOOK_HEADERS.signature.toLowerCase();
  return [
    "import { createHmac, timingSafeEqual } from 'node:crypto';",
    '',
    'function isFromAdmitOne(headers, rawBody, secret) {',
    `  const timestamp = headers['${timestamp}'];`,
    "  const expected = 'v1=' + createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');",
    `  const given = String(headers['${signature}'] ?? '');`,
    '  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));',
    '}',
  ].join('\n');
};

interface WebhookSecretProps {
  webhook: WebhookWithSecretDto;
  /** A new secret of an existing webhook (the old one no longer signs). */
  rotated: boolean;
  onDone: () => void;
}

/** A webhook's signing secret, shown this once, and how to check a delivery's signature with it. */
export function WebhookSecret({ webhook, rotated, onDone }: WebhookSecretProps) {
  const { t } = useLingui();
  const signatureHeader = WEBHOOK_HEADERS.signature;
  const timestampHeader = WEBHOOK_HEADERS.timestamp;
  const idHeader = WEBHOOK_HEADERS.id;
  return (
    <Stack gap="md">
      <ShownOnceWarning title={t`Copy the signing secret now`}>
        {rotated ? (
          <Trans>The old secret no longer signs deliveries: put this one on your server now. This is the only time it is shown.</Trans>
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
            The <Code>{signatureHeader}</Code> header of each delivery is <Code>v1=</Code> followed by the HMAC-SHA256, in hex, of the value of the{' '}
            <Code>{timestampHeader}</Code> header, a dot and the raw request body, keyed with this secret. Compute it yourself and accept the request only when both
            match, for example in Node.js:
          </Trans>
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="webhook-verify-example">
          {verifyExample()}
        </Code>
        <Text size="xs" c="dimmed" mt={4}>
          <Trans>
            Every attempt and resend of an event has the same <Code>{idHeader}</Code>: use it to skip events you already handled. More in the{' '}
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
