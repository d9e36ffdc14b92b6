import '@mantine/core/styles/Tooltip.css';

import type { EventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Anchor, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconShare } from '@tabler/icons-react';
import { useState } from 'react';

import { publicEventPath } from '../../event-stats';
import { ShareEventModal } from './ShareEventModal';

/**
 * The public event page's address, with an "open" link, a copy button (announced when copied) and Share (QR code, mail,
 * social networks).
 */
export function ShareEventLink({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const [sharing, setSharing] = useState(false);
  const url = `${window.location.origin}${publicEventPath(event)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  const copyLabel = copied ? t`Link copied` : t`Copy link to the event page`;
  return (
    <Group gap="xs" wrap="nowrap" maw="100%">
      <Anchor
        href={publicEventPath(event)}
        target="_blank"
        rel="noopener"
        size="sm"
        style={{ overflowWrap: 'anywhere' }}
        data-testid="public-link"
      >
        {url}
        <IconExternalLink size={14} aria-hidden style={{ marginInlineStart: 4, verticalAlign: 'middle' }} />
        <VisuallyHidden>
          <Trans>(opens in a new tab)</Trans>
        </VisuallyHidden>
      </Anchor>
      <Tooltip label={copyLabel} withArrow>
        <ActionIcon
          variant="light"
          color={copied ? 'teal' : undefined}
          aria-label={copyLabel}
          onClick={() => void copy()}
        >
          {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t`Share the event`} withArrow>
        <ActionIcon variant="light" aria-label={t`Share the event`} onClick={() => setSharing(true)}>
          <IconShare size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Text component="span" role="status" size="xs" c="teal.9">
        {copied ? <Trans>Copied</Trans> : null}
      </Text>
      <ShareEventModal event={event} url={url} opened={sharing} onClose={() => setSharing(false)} />
    </Group>
  );
}
