import type { PublicEventDto } from '@admitone/shared';
import { formatDateRange, formatTimeZoneName } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { IconCalendar, IconMapPin, IconWorld } from '@tabler/icons-react';

import { plainSpaces } from '../lib/plain-spaces';
import { addressLines } from './event-location';
import classes from './EventPage.module.css';

/** When and where, and who organises it. */
export function EventFacts({ event }: { event: PublicEventDto }) {
  const { i18n } = useLingui();
  const when = plainSpaces(formatDateRange(event.start_date, event.end_date, event.timezone, i18n.locale));
  const zone = plainSpaces(formatTimeZoneName(event.start_date, event.timezone, i18n.locale));
  const lines = event.is_online ? [] : addressLines(event.location, i18n.locale);
  const { organizer } = event;

  return (
    <Stack gap="sm" className={classes.facts}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconCalendar size={20} aria-hidden />
        <Text>
          <time dateTime={event.start_date}>{when}</time>{' '}
          <Text span c="dimmed" size="sm">
            ({zone})
          </Text>
        </Text>
      </Group>
      {event.is_online ? (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconWorld size={20} aria-hidden />
          <Text>
            <Trans>Online event</Trans>
          </Text>
        </Group>
      ) : lines.length > 0 ? (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconMapPin size={20} aria-hidden />
          <Text component="address" fs="normal">
            {lines.map((line, i) => (
              <span key={i}>
                {i === 0 ? <strong>{line}</strong> : line}
                {i < lines.length - 1 && <br />}
              </span>
            ))}
          </Text>
        </Group>
      ) : null}
      <Group gap="sm" wrap="nowrap" mt="xs">
        {organizer.logo && <Image src={organizer.logo.variants.small} alt="" w={40} h={40} radius="md" fit="cover" />}
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            <Trans>Organised by</Trans>
          </Text>
          <Text fw={700}>{organizer.name}</Text>
          {organizer.website && (
            <Anchor href={organizer.website} target="_blank" rel="noopener noreferrer" size="sm">
              {organizer.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
            </Anchor>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}
