import type { CoverDisplay, EventColors, EventDto } from '@admitone/shared';
import { formatDateRange } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconCalendar, IconMapPin, IconWorld } from '@tabler/icons-react';
import type { CSSProperties } from 'react';

import { publicEventPath } from '../../events/event-stats';
import { useLocationLine } from '../../events/hooks/useLocationLine';
import { useTickets } from '../../tickets/api/tickets';
import { usePriceLabel } from '../../tickets/components/TicketRow';
import classes from './EventPagePreview.module.css';

interface EventPagePreviewProps {
  event: EventDto;
  colors: EventColors;
  coverDisplay: CoverDisplay;
}

/**
 * A small public event page in the chosen colours and cover display, with the event's real tickets, updated as they
 * change.
 */
export function EventPagePreview({ event, colors, coverDisplay }: EventPagePreviewProps) {
  const { t, i18n } = useLingui();
  const where = useLocationLine(event);
  const cover = event.cover_image;
  // The event's own tickets as buyers see them (hidden ones left out), the first three.
  const tickets = useTickets(event.id);
  const priceLabel = usePriceLabel();
  const visible = (tickets.data ?? []).filter((ticket) => !ticket.is_hidden);
  const shown = visible.slice(0, 3);
  const more = visible.length - shown.length;

  return (
    <figure
      className={classes.frame}
      aria-label={t`Preview of the event page`}
      style={{ backgroundColor: colors.background }}
    >
      {cover && coverDisplay === 'BLURRED_BACKGROUND' ? (
        <div className={classes.blur} style={{ backgroundImage: `url(${cover.variants.small})` }} aria-hidden />
      ) : null}
      <div className={classes.inner}>
        {cover && coverDisplay === 'COVER' ? (
          <img src={cover.variants.large} alt="" className={classes.banner} />
        ) : null}
        <div
          className={classes.content}
          style={
            {
              backgroundColor: colors.content_background,
              color: colors.text,
              '--preview-link': colors.link,
            } as CSSProperties
          }
        >
          <Text fw={700} fz="xl" lh={1.25} c="inherit">
            {event.title}
          </Text>
          <Group gap={6} wrap="nowrap" fz="sm">
            <IconCalendar size={16} aria-hidden />
            <Text span fz="sm" c="inherit">
              {formatDateRange(event.start_date, event.end_date, event.timezone, i18n.locale)}
            </Text>
          </Group>
          {where ? (
            <Group gap={6} wrap="nowrap" fz="sm">
              {event.is_online ? <IconWorld size={16} aria-hidden /> : <IconMapPin size={16} aria-hidden />}
              <Text span fz="sm" c="inherit">
                {where}
              </Text>
            </Group>
          ) : null}
          {event.description ? (
            <div className={classes.description} dangerouslySetInnerHTML={{ __html: event.description }} />
          ) : (
            <Text fz="sm" c="inherit">
              <Trans>Your event description appears here.</Trans>
            </Text>
          )}
          <Text fz="sm" c="inherit">
            <span style={{ color: colors.link, textDecoration: 'underline' }}>
              <Trans>Contact the organizer</Trans>
            </span>
          </Text>
          <div className={classes.widget} style={{ backgroundColor: colors.ticket_widget_background }}>
            <Text fw={700} fz="sm" c="inherit">
              <Trans>Tickets</Trans>
            </Text>
            {shown.length ? (
              shown.map((ticket) => (
                <Group
                  key={ticket.id}
                  justify="space-between"
                  gap="xs"
                  fz="sm"
                  wrap="nowrap"
                  data-testid="preview-ticket"
                >
                  <Text span fz="sm" c="inherit" truncate>
                    {ticket.name}
                  </Text>
                  <Text span fz="sm" fw={600} c="inherit" style={{ flexShrink: 0 }}>
                    {priceLabel(ticket, event.currency)}
                  </Text>
                </Group>
              ))
            ) : (
              <Text span fz="sm" c="inherit">
                {tickets.isPending ? (
                  <Trans>Loading tickets…</Trans>
                ) : (
                  <Trans>Your tickets appear here once you add them.</Trans>
                )}
              </Text>
            )}
            {more > 0 ? (
              <Text span fz="xs" c="inherit">
                <Plural value={more} one="and # more ticket" other="and # more tickets" />
              </Text>
            ) : null}
            <div className={classes.button} style={{ backgroundColor: colors.primary, color: colors.primary_text }}>
              <Trans>Get tickets</Trans>
            </div>
          </div>
        </div>
      </div>
      <figcaption
        className={classes.caption}
        style={{ color: colors.text, backgroundColor: colors.content_background }}
      >
        <Trans>A sketch of your event page in these colours, with your tickets. Save, then open the page itself:</Trans>{' '}
        <Anchor
          href={event.status === 'LIVE' ? publicEventPath(event) : `${publicEventPath(event)}?preview=1`}
          target="_blank"
          rel="noopener"
          fz="inherit"
          fw={600}
          style={{ color: colors.link }}
        >
          {event.status === 'LIVE' ? <Trans>View the event page</Trans> : <Trans>Preview the event page</Trans>}
          <VisuallyHidden>
            <Trans>(opens in a new tab)</Trans>
          </VisuallyHidden>
        </Anchor>
      </figcaption>
    </figure>
  );
}
