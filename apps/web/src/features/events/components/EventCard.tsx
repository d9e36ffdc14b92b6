import type { EventDto } from '@admitone/shared';
import { formatDateRange, intlLocale } from '@admitone/shared';
import { useLingui } from '@lingui/react';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';

import { EventActionsMenu } from './EventActionsMenu';
import { EventBadges } from './EventBadges';
import classes from './EventCard.module.css';

/** Day and short month of the start, in the event's time zone, for the date tile. */
function dateParts(iso: string, timeZone: string, locale: string) {
  const date = new Date(iso);
  return {
    day: new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', timeZone }).format(date),
    month: new Intl.DateTimeFormat(intlLocale(locale), { month: 'short', timeZone }).format(date),
  };
}

/** One event in the list: a click anywhere opens it; the organizer link and the menu act on their own. */
export function EventCard({ event, showActions = true }: { event: EventDto; showActions?: boolean }) {
  const { i18n } = useLingui();
  const { day, month } = dateParts(event.start_date, event.timezone, i18n.locale);
  return (
    <Card withBorder radius="md" padding="md" className={classes.card}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Stack gap={0} align="center" justify="center" className={classes.tile} aria-hidden>
          <Text fz="xs" fw={700} tt="uppercase" c="violet.8" lh={1.2}>
            {month}
          </Text>
          <Text fz={22} fw={700} lh={1.1}>
            {day}
          </Text>
        </Stack>
        {event.cover_image ? <img src={event.cover_image.variants.small} alt="" className={classes.cover} /> : null}
        <Stack gap={6} className={classes.body}>
          <Group justify="space-between" align="flex-start" gap="xs">
            <Text
              component={Link}
              to={`/manage/event/${event.id}`}
              fw={700}
              fz="lg"
              lh={1.3}
              className={`${classes.title} ${classes.open}`}
            >
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
              <Anchor
                component={Link}
                to={`/manage/organizer/${event.organizer.id}`}
                fz="sm"
                c="dimmed"
                className={classes.above}
              >
                {event.organizer.name}
              </Anchor>
            </Group>
          </Group>
        </Stack>
        {showActions ? (
          <div className={classes.above}>
            <EventActionsMenu event={event} />
          </div>
        ) : null}
      </Group>
    </Card>
  );
}
