import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';

import type { WebhookDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconKey, IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';

import { type WebhookDialogs, webhookName } from './use-webhook-dialogs';

/** A webhook's menu: edit, turn on or off, rotate the secret, delete. */
export function WebhookMenu({ webhook, dialogs }: { webhook: WebhookDto; dialogs: WebhookDialogs }) {
  const { t } = useLingui();
  const name = webhookName(webhook);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t`Actions for ${name}`}
          loading={dialogs.switching === webhook.id}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => dialogs.edit(webhook)}>
          <Trans>Edit</Trans>
        </Menu.Item>
        {webhook.enabled ? (
          <Menu.Item
            leftSection={<IconPlayerPause size={16} aria-hidden />}
            onClick={() => dialogs.setEnabled(webhook, false)}
          >
            <Trans>Turn off</Trans>
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            onClick={() => dialogs.setEnabled(webhook, true)}
          >
            <Trans>Turn on</Trans>
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => dialogs.askRotate(webhook)}>
          <Trans>Rotate secret</Trans>
        </Menu.Item>
        <Menu.Item
          color="red.9"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => dialogs.askDelete(webhook)}
        >
          <Trans>Delete</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
