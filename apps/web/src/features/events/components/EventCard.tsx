import type { EventDto } from '@admitone/shared';
import { useLingui } from '@lingui/react';
import { Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateRange } from '../../../lib/format';
import { EventBadges } from './EventBadges';
import classes from './EventCard.module.css';

/** Day and short month of the start, in the event's time zone, for the date tile. */
function dateParts(iso: string, timeZone: string, locale: string) {
  const date = new Date(iso);
  return {
    day: new Intl.DateTimeFormat(locale, { day: 'numeric', timeZone }).format(date),
    month: new Intl.DateTimeFormat(locale, { month: 'short', timeZone }).format(date),
  };
}

/** One event in the list; the whole card opens the event. */
export function EventCard({ event }: { event: EventDto }) {
  const { i18n } = useLingui();
  const { day, month } = dateParts(event.start_date, event.timezone, i18n.locale);
  return (
    <Card component={Link} to={`/manage/event/${event.id}`} withBorder radius="md" padding="md" className={classes.card}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Stack gap={0} align="center" justify="center" className={classes.tile} aria-hidden>
          <Text fz="xs" fw={700} tt="uppercase" c="violet.8" lh={1.2}>
            {month}
          </Text>
          <Text fz={22} fw={700} lh={1.1}>
            {day}
          </Text>
        </Stack>
        <Stack gap={6} className={classes.body}>
          <Group justify="space-between" align="flex-start" gap="xs">
            <Text fw={700} fz="lg" lh={1.3} className={classes.title}>
              {event.title}
            </Text>
            <EventBadges status={event.status} lifecycle={event.lifecycle} />
          </Group>
          <Group gap="lg" c="dimmed" fz="sm">
            <Group gap={6} wrap="nowrap">
              <IconCalendar size={16} aria-hidden />
              <Text span fz="sm">
                {formatDateRange(event.start_date, event.end_date, event.timezone, i18n.locale)}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconUser size={16} aria-hidden />
              <Text span fz="sm">
                {event.organizer.name}
              </Text>
            </Group>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
