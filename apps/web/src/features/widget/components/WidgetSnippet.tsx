import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Code, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';

import { SettingsSection } from '../../../components/SettingsSection';
import { type WidgetOptions, widgetSnippet } from '../widget-snippet';

/** The HTML to paste, with a copy button that says when it worked. */
export function WidgetSnippet({ eventId, options }: { eventId: number; options: WidgetOptions }) {
  const { t } = useLingui();
  const html = widgetSnippet(window.location.origin, eventId, options);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(html);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <SettingsSection
      title={<Trans>Embed code</Trans>}
      description={<Trans>Paste this where the tickets should appear on your website.</Trans>}
    >
      <Stack gap="sm" align="flex-start">
        <Code block w="100%" aria-label={t`Widget HTML`} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {html}
        </Code>
        <Button
          leftSection={copied === 'yes' ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          onClick={() => void copy()}
        >
          {copied === 'yes' ? <Trans>Copied</Trans> : <Trans>Copy code</Trans>}
        </Button>
        <Text size="sm" role="status" c={copied === 'failed' ? 'var(--mantine-color-error)' : 'dimmed'}>
          {copied === 'yes' ? (
            <Trans>The code is on your clipboard.</Trans>
          ) : copied === 'failed' ? (
            <Trans>The code could not be copied. Select it and copy it by hand.</Trans>
          ) : null}
        </Text>
      </Stack>
    </SettingsSection>
  );
}
