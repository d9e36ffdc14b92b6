import { type PublicTicketPageDto, whenAndWhere } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Menu } from '@mantine/core';
import { IconBrandGoogle, IconCalendarPlus, IconDownload } from '@tabler/icons-react';

import { addressLines } from '../event/event-location';

/** An instant as Google Calendar's links write it: 20270717T173000Z. */
const googleStamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Two hours when the date names no end, as the calendar file does. */
const endOf = (when: { start_date: string; end_date: string | null }) =>
  when.end_date ?? new Date(Date.parse(when.start_date) + 2 * 3600_000).toISOString();

/**
 * A Google Calendar "add event" link with the event's title, the times and place of the ticket's date, the
 * zone and the ticket's link.
 */
export function googleCalendarUrl(ticket: PublicTicketPageDto, ticketUrl: string, locale: string): string {
  const { event } = ticket;
  const when = whenAndWhere(event, ticket.date);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: when.label ? `${event.title} – ${when.label}` : event.title,
    dates: `${googleStamp(when.start_date)}/${googleStamp(endOf(when))}`,
    ctz: event.timezone,
    details: ticketUrl,
    location: event.is_online ? 'Online' : addressLines(when.location, locale).join(', '),
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** "Add to calendar": the ticket's calendar file (Apple, Outlook and most phones) or Google Calendar. */
export function AddToCalendar({
  ticket,
  eventId,
  shortId,
}: {
  ticket: PublicTicketPageDto;
  eventId: number;
  shortId: string;
}) {
  const { t, i18n } = useLingui();
  const ticketUrl = `${window.location.origin}/ticket/${eventId}/${shortId}`;
  return (
    <Menu position="bottom" withinPortal>
      <Menu.Target>
        <Button variant="light" leftSection={<IconCalendarPlus size={16} aria-hidden />}>
          <Trans>Add to calendar</Trans>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component="a"
          href={`/api/public/events/${eventId}/attendees/${encodeURIComponent(shortId)}/calendar.ics`}
          download
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          <Trans>Apple Calendar, Outlook (.ics file)</Trans>
        </Menu.Item>
        <Menu.Item
          component="a"
          href={googleCalendarUrl(ticket, ticketUrl, i18n.locale)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t`Google Calendar (opens in a new tab)`}
          leftSection={<IconBrandGoogle size={16} aria-hidden />}
        >
          <Trans>Google Calendar</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
