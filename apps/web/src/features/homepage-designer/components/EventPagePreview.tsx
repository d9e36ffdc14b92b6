import type { CoverDisplay, EventColors, EventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';
import { IconCalendar, IconMapPin, IconWorld } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { formatDateRange, formatMoney } from '../../../lib/format';
import { useLocationLine } from '../../events/hooks/useLocationLine';
import classes from './EventPagePreview.module.css';

interface EventPagePreviewProps {
  event: EventDto;
  colors: EventColors;
  coverDisplay: CoverDisplay;
}

/** A small public event page in the chosen colours and cover display, updated as they change. */
export function EventPagePreview({ event, colors, coverDisplay }: EventPagePreviewProps) {
  const { t, i18n } = useLingui();
  const where = useLocationLine(event);
  const cover = event.cover_image;
  const price = formatMoney(2500, event.currency, i18n.locale);

  return (
    <figure className={classes.frame} aria-label={t`Preview of the event page`} style={{ backgroundColor: colors.background }}>
      {cover && coverDisplay === 'BLURRED_BACKGROUND' ? (
        <div className={classes.blur} style={{ backgroundImage: `url(${cover.variants.small})` }} aria-hidden />
      ) : null}
      <div className={classes.inner}>
        {cover && coverDisplay === 'COVER' ? <img src={cover.variants.large} alt="" className={classes.banner} /> : null}
        <div
          className={classes.content}
          style={{ backgroundColor: colors.content_background, color: colors.text, '--preview-link': colors.link } as CSSProperties}
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
            <Group justify="space-between" gap="xs" fz="sm">
              <Text span fz="sm" c="inherit">
                <Trans>General admission</Trans>
              </Text>
              <Text span fz="sm" fw={600} c="inherit">
                {price}
              </Text>
            </Group>
            <div className={classes.button} style={{ backgroundColor: colors.primary, color: colors.primary_text }}>
              <Trans>Get tickets</Trans>
            </div>
          </div>
        </div>
      </div>
      <figcaption className={classes.caption} style={{ color: colors.text, backgroundColor: colors.content_background }}>
        <Trans>Preview: tickets and prices here are samples.</Trans>
      </figcaption>
    </figure>
  );
}
