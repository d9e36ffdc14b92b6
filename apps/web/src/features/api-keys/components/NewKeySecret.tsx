import '@mantine/core/styles/Code.css';
import type { CreatedApiKeyDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

// The light orange of Mantine's title is below 4.5:1 (axe): the title in the text's own colour.
const WARNING_TITLE = { title: { color: 'var(--mantine-color-text)' }, label: { color: 'var(--mantine-color-text)' } };

/** The secret of a key just made, shown this once, with a call to try it. */
export function NewKeySecret({ created, onDone }: { created: CreatedApiKeyDto; onDone: () => void }) {
  const { t } = useLingui();
  const example = `curl -H "Authorization: Bearer ${created.secret}" ${window.location.origin}/api/events`;
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Copy the key now`} styles={WARNING_TITLE}>
        <Trans>This is the only time the key is shown. We keep only a fingerprint of it: if it gets lost, revoke it and create a new one.</Trans>
      </Alert>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput label={t`API key`} value={created.secret} readOnly flex={1} styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} onFocus={(e) => e.currentTarget.select()} data-testid="api-key-secret" />
        <CopyButton value={created.secret}>
          {({ copied, copy }) => (
            <Button variant={copied ? 'light' : 'filled'} color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} onClick={copy}>
              {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
            </Button>
          )}
        </CopyButton>
      </Group>
      <div>
        <Text size="sm" fw={600} mb={4}>
          <Trans>Try it</Trans>
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {example}
        </Code>
        <Text size="xs" c="dimmed" mt={4}>
          <Trans>
            The API reference at <a href="/api/docs">/api/docs</a> explains every call, paging, errors and idempotency.
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
