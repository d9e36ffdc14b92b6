import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';

import type { EventDto, EventStatus } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArchive,
  IconCopy,
  IconDots,
  IconExternalLink,
  IconEyeOff,
  IconRocket,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { DuplicateEventModal } from './DuplicateEventModal';
import { EventDeleteDialog } from './EventDeleteDialog';
import { EventStatusDialog } from './EventStatusDialog';

/** The menu of an event card: open, settings, duplicate, go live or back to draft, archive, delete. */
export function EventActionsMenu({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const [status, setStatus] = useState<EventStatus | null>(null);
  const [duplicating, setDuplicating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const title = event.title;
  const base = `/manage/event/${event.id}`;

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={220}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Actions for ${title}`}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={base} leftSection={<IconExternalLink size={16} aria-hidden />}>
            <Trans>Open</Trans>
          </Menu.Item>
          <Menu.Item component={Link} to={`${base}/settings`} leftSection={<IconSettings size={16} aria-hidden />}>
            <Trans>Edit settings</Trans>
          </Menu.Item>
          <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => setDuplicating(true)}>
            <Trans>Duplicate</Trans>
          </Menu.Item>
          <Menu.Divider />
          {event.status === 'DRAFT' ? (
            <Menu.Item leftSection={<IconRocket size={16} aria-hidden />} onClick={() => setStatus('LIVE')}>
              <Trans>Go live</Trans>
            </Menu.Item>
          ) : (
            <Menu.Item leftSection={<IconEyeOff size={16} aria-hidden />} onClick={() => setStatus('DRAFT')}>
              <Trans>Back to draft</Trans>
            </Menu.Item>
          )}
          {event.status !== 'ARCHIVED' ? (
            <Menu.Item leftSection={<IconArchive size={16} aria-hidden />} onClick={() => setStatus('ARCHIVED')}>
              <Trans>Archive</Trans>
            </Menu.Item>
          ) : null}
          <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(true)}>
            <Trans>Delete</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <EventStatusDialog event={event} target={status} onClose={() => setStatus(null)} />
      <DuplicateEventModal event={event} opened={duplicating} onClose={() => setDuplicating(false)} />
      <EventDeleteDialog event={event} opened={deleting} onClose={() => setDeleting(false)} />
    </>
  );
}
