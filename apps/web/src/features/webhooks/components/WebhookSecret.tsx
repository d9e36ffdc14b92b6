import '@mantine/core/styles/Code.css';
import { WEBHOOK_HEADERS, type WebhookWithSecretDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

// The light orange of Mantine's title is below 4.5:1 (axe): the title in the text's own colour.
const WARNING_TITLE = { title: { color: 'var(--mantine-color-text)' }, label: { color: 'var(--mantine-color-text)' } };

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
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Copy the signing secret now`} styles={WARNING_TITLE}>
        {rotated ? (
          <Trans>The old secret no longer signs deliveries: put this one on your server now. This is the only time it is shown.</Trans>
        ) : (
          <Trans>This is the only time the secret is shown. If it gets lost, rotate it to get a new one.</Trans>
        )}
      </Alert>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t`Signing secret`}
          value={webhook.secret}
          readOnly
          flex={1}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="webhook-secret"
        />
        <CopyButton value={webhook.secret}>
          {({ copied, copy }) => (
            <Button variant={copied ? 'light' : 'filled'} color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} onClick={copy}>
              {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
            </Button>
          )}
        </CopyButton>
      </Group>
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
