import type { EventLocation, OrderEventDto } from '@admitone/shared';
import { formatDateRange, formatTimeZoneName } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';

/** Venue and town on one line (empty parts left out). */
export function locationLine(location: EventLocation): string {
  return [location.venue_name, location.address_line_1, location.city, location.country].filter(Boolean).join(', ');
}

/** The event an order page is about: title, date in the event's time zone, place. */
export function EventHeading({
  event,
  level = 1,
}: {
  event: Pick<OrderEventDto, 'title' | 'start_date' | 'end_date' | 'timezone' | 'is_online' | 'location'>;
  level?: 1 | 2;
}) {
  const { i18n } = useLingui();
  const place = event.is_online ? null : locationLine(event.location);
  return (
    <Stack gap={4}>
      <Title order={level} size={level === 1 ? 'h2' : 'h3'}>
        {event.title}
      </Title>
      <Text fw={500}>
        {formatDateRange(event.start_date, event.end_date, event.timezone, i18n.locale)} (
        {formatTimeZoneName(event.start_date, event.timezone, i18n.locale)})
      </Text>
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
