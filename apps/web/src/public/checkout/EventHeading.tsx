import type { EventLocation, OrderDateDto, OrderEventDto } from '@admitone/shared';
import { formatDateRange, formatTimeZoneName, whenAndWhere } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';

/** Venue and town on one line (empty parts left out). */
export function locationLine(location: EventLocation): string {
  return [location.venue_name, location.address_line_1, location.city, location.country].filter(Boolean).join(', ');
}

/**
 * The event an order page is about: title, date in the event's time zone, place. With `date` (the date the
 * order or ticket is for), that date's times, label and venue stand for the event's.
 */
export function EventHeading({
  event,
  date,
  level = 1,
}: {
  event: Pick<OrderEventDto, 'title' | 'start_date' | 'end_date' | 'timezone' | 'is_online' | 'location'>;
  date?: OrderDateDto | null;
  level?: 1 | 2;
}) {
  const { i18n } = useLingui();
  const when = whenAndWhere(event, date);
  const place = event.is_online ? null : locationLine(when.location);
  return (
    <Stack gap={4}>
      <Title order={level} size={level === 1 ? 'h2' : 'h3'}>
        {event.title}
      </Title>
      <Text fw={500}>
        {formatDateRange(when.start_date, when.end_date, event.timezone, i18n.locale)} (
        {formatTimeZoneName(when.start_date, event.timezone, i18n.locale)})
      </Text>
      {when.label ? <Text fw={500}>{when.label}</Text> : null}
      {event.is_online ? (
        <Text c="dimmed">
          <Trans>Online event</Trans>
        </Text>
      ) : place ? (
        <Text c="dimmed">{place}</Text>
      ) : null}
    </Stack>
  );
}
