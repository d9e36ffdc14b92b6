import '@mantine/core/styles/Code.css';

import type { CreatedApiKeyDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Code, Group, Stack, Text } from '@mantine/core';

import { ShownOnceSecret, ShownOnceWarning } from '../../../components/ShownOnceSecret';

/** The secret of a key just made, shown this once, with a call to try it. */
export function NewKeySecret({ created, onDone }: { created: CreatedApiKeyDto; onDone: () => void }) {
  const { t } = useLingui();
  const example = `curl -H "Authorization: Bearer ${created.secret}" ${window.location.origin}/api/events`;
  return (
    <Stack gap="md">
      <ShownOnceWarning title={t`Copy the key now`}>
        <Trans>
          This is the only time the key is shown. We keep only a fingerprint of it: if it gets lost, revoke it and
          create a new one.
        </Trans>
      </ShownOnceWarning>
      <ShownOnceSecret label={t`API key`} value={created.secret} testId="api-key-secret" />
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
