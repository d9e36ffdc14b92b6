import '@mantine/core/styles/Code.css';

import { Trans } from '@lingui/react/macro';
import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** `JBSWY3DPEHPK3PXP` as `JBSW Y3DP EHPK 3PXP`: easier to read and to type into an app. */
export const groupInFours = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The authenticator app's secret as text, for an app that cannot scan: grouped in fours, with a copy button. */
export function TotpSecretKey({ secret }: { secret: string }) {
  const labelId = useId();
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed" id={labelId}>
        <Trans>Cannot scan it? Enter this key in the app instead:</Trans>
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code
          fz="md"
          py={6}
          px="sm"
          aria-labelledby={labelId}
          data-testid="totp-secret"
          style={{ wordBreak: 'break-word', flex: 1 }}
        >
          {groupInFours(secret)}
        </Code>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant={copied ? 'light' : 'default'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              onClick={copy}
            >
              {copied ? <Trans>Copied</Trans> : <Trans>Copy key</Trans>}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
