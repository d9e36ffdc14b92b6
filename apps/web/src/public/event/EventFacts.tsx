import type { PublicEventDto } from '@admitone/shared';
import { formatDateRange, formatTimeZoneName } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { IconCalendar, IconMapPin, IconWorld } from '@tabler/icons-react';

import { formatDayRange, formatShortDay } from '../dates/date-format';
import { datesMode } from '../dates/dates-mode';
import { plainSpaces } from '../lib/plain-spaces';
import { addressLines } from './event-location';
import classes from './EventPage.module.css';

/** When: the date (the chosen one, when the event has several), or how many dates there are and when. */
function EventWhen({ event }: { event: PublicEventDto }) {
  const { t, i18n } = useLingui();
  const { locale } = i18n;
  const { dates, timezone } = event;
  const first = dates.upcoming[0];
  const last = dates.upcoming[dates.upcoming.length - 1];
  // Several dates and none chosen: how many, from the first to the last (or from the first when the list
  // holds only the next few).
  const several = datesMode(dates).kind === 'choose' && first && last ? { first, last } : null;
  const zone = plainSpaces(formatTimeZoneName(several?.first.start_date ?? event.start_date, timezone, locale));
  let when;
  if (several) {
    const span =
      dates.count > dates.upcoming.length
        ? t`From ${formatShortDay(several.first.start_date, timezone, locale)}`
        : formatDayRange(several.first.start_date, several.last.start_date, timezone, locale);
    when = (
      <>
        <strong>{plural(dates.count, { one: '# date', other: '# dates' })}</strong>
        {' · '}
        <time dateTime={several.first.start_date}>{span}</time>
      </>
    );
  } else {
    const range = plainSpaces(formatDateRange(event.start_date, event.end_date, timezone, locale));
    when = <time dateTime={event.start_date}>{range}</time>;
  }
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconCalendar size={20} aria-hidden />
      <Text>
        {when}{' '}
        <Text span c="dimmed" size="sm">
          ({zone})
        </Text>
      </Text>
    </Group>
  );
}

/** When and where (a chosen date's own venue, when it has one), and who organises it. */
export function EventFacts({ event }: { event: PublicEventDto }) {
  const { i18n } = useLingui();
  const dateLocation = event.dates.chosen?.location ?? null;
  const online = event.is_online && !dateLocation;
  const lines = online ? [] : addressLines(dateLocation ?? event.location, i18n.locale);
  const { organizer } = event;

  return (
    <Stack gap="sm" className={classes.facts}>
      <EventWhen event={event} />
      {online ? (
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
