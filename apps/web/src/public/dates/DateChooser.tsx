import { formatTimeZoneName, type PublicEventDatesDto } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarMonth, IconList } from '@tabler/icons-react';
import { type Ref, useRef, useState } from 'react';

import { plainSpaces } from '../lib/plain-spaces';
import { dayOf } from './date-format';
import type { DateLinks } from './DateChoiceLink';
import { DateChoiceList } from './DateChoiceList';
import { MonthCalendar } from './MonthCalendar';

interface DateChooserProps {
  eventId: number;
  timezone: string;
  dates: PublicEventDatesDto;
  links: DateLinks;
  /** "Choose a date" is a heading of this level (3 under the page's "Tickets", 2 in the widget). */
  headingLevel: 2 | 3;
  /** The heading, focusable (tabIndex -1), for moving focus to the chooser. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * "Choose a date": the next dates as a list of links (the default view) or a month calendar. Everything
 * it shows at first comes from the event answer, so it is rendered on the server and works before scripts
 * run; other months and a day's times are fetched when asked for.
 */
export function DateChooser({ eventId, timezone, dates, links, headingLevel, headingRef }: DateChooserProps) {
  const { t, i18n } = useLingui();
  const [view, setView] = useState<'list' | 'calendar'>('list');
  const calendarButton = useRef<HTMLButtonElement>(null);
  const more = dates.count - dates.upcoming.length;
  const current = dates.chosen;
  const first = dates.upcoming[0] ?? current;
  const zone = first ? plainSpaces(formatTimeZoneName(first.start_date, timezone, i18n.locale)) : null;

  const showCalendar = () => {
    setView('calendar');
    calendarButton.current?.focus();
  };

  return (
    <Stack gap="sm" data-testid="date-chooser">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={headingLevel} size="h4" ref={headingRef} tabIndex={-1}>
          <Trans>Choose a date</Trans>
        </Title>
        {dates.calendar && (
          <Button.Group aria-label={t`Show the dates as`}>
            <Button
              size="compact-sm"
              variant={view === 'list' ? 'filled' : 'default'}
              aria-pressed={view === 'list'}
              leftSection={<IconList size={16} aria-hidden />}
              onClick={() => setView('list')}
            >
              <Trans>List</Trans>
            </Button>
            <Button
              ref={calendarButton}
              size="compact-sm"
              variant={view === 'calendar' ? 'filled' : 'default'}
              aria-pressed={view === 'calendar'}
              leftSection={<IconCalendarMonth size={16} aria-hidden />}
              onClick={() => setView('calendar')}
            >
              <Trans>Calendar</Trans>
            </Button>
          </Button.Group>
        )}
      </Group>
      {view === 'calendar' && dates.calendar ? (
        <MonthCalendar
          key={`${dates.calendar.month}-${current?.id ?? ''}`}
          eventId={eventId}
          timezone={timezone}
          initial={dates.calendar}
          links={links}
          currentDay={current ? dayOf(current.start_date, timezone) : null}
          currentId={current?.id ?? null}
          headingLevel={headingLevel === 2 ? 3 : 4}
        />
      ) : dates.upcoming.length === 0 ? (
        <Text c="dimmed">
          <Trans>There are no upcoming dates.</Trans>
        </Text>
      ) : (
        <>
          <DateChoiceList dates={dates.upcoming} timezone={timezone} links={links} currentId={current?.id} />
          {more > 0 &&
            (dates.calendar ? (
              <Anchor component="button" type="button" size="sm" ta="start" onClick={showCalendar}>
                {plural(more, { one: '# more date in the calendar', other: '# more dates in the calendar' })}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                {plural(more, { one: '# more date', other: '# more dates' })}
              </Text>
            ))}
        </>
      )}
      {zone && (
        <Text size="xs" c="dimmed">
          <Trans>Times are in the event's time zone ({zone}).</Trans>
        </Text>
      )}
    </Stack>
  );
}
