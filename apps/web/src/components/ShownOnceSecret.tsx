import { Trans } from '@lingui/react/macro';
import { Alert, Button, CopyButton, Group, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

// The light orange of Mantine's title is below 4.5:1 (axe): the title in the text's own colour.
const WARNING_TITLE = { title: { color: 'var(--mantine-color-text)' }, label: { color: 'var(--mantine-color-text)' } };

/** "Copy it now": the warning above a secret that is shown only once. */
export function ShownOnceWarning({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={title}
      styles={WARNING_TITLE}
    >
      {children}
    </Alert>
  );
}

/** A secret shown once (an API key, a signing secret): read-only, selected on focus, with a copy button. */
export function ShownOnceSecret({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        flex={1}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        onFocus={(e) => e.currentTarget.select()}
        data-testid={testId}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            variant={copied ? 'light' : 'filled'}
            color={copied ? 'teal' : undefined}
            leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            onClick={copy}
          >
            {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
