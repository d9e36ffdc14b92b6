import type { PublicDateMonthDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Loader, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

import { isCalendarKey, nextCalendarDay } from './calendar-keys';
import { CalendarDay } from './CalendarDay';
import { formatMonth, monthWeeks, weekdayNames } from './date-format';
import type { DateLinks } from './DateChoiceLink';
import classes from './DateChooser.module.css';
import { fetchDateMonth } from './dates-api';
import { choosable } from './dates-mode';
import { DaySlots } from './DaySlots';

interface MonthCalendarProps {
  eventId: number;
  timezone: string;
  /** The first month shown: the event answer's (server-rendered, so nothing is fetched at first). */
  initial: PublicDateMonthDto;
  links: DateLinks;
  /** The chosen date's day and id, marked as current. */
  currentDay?: string | null;
  currentId?: number | null;
  /** Level of the heading over a day's times. */
  headingLevel: 3 | 4;
}

type Direction = 'previous' | 'next';
type MonthState = { status: 'ready' | 'empty' } | { status: 'loading' | 'error'; month: string; by: Direction };

/**
 * A month grid of the event's dates: days with dates are links (a day with one date chooses it; one with
 * several lists its times below), sold-out and cancelled days are marked and not offered. Arrow keys move
 * between the days that can be chosen (one of them is in the tab order); the arrows above fetch the
 * months before and after.
 */
export function MonthCalendar({
  eventId,
  timezone,
  initial,
  links,
  currentDay,
  currentId,
  headingLevel,
}: MonthCalendarProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const [month, setMonth] = useState(initial);
  const [load, setLoad] = useState<MonthState>({ status: 'ready' });
  const [openDay, setOpenDay] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const byDay = new Map(month.days.map((d) => [d.day, d]));
  const linked = month.days
    .filter(choosable)
    .map((d) => d.day)
    .sort();
  const [focusDay, setFocusDay] = useState<string | null>(null);
  const tabbable =
    focusDay && linked.includes(focusDay)
      ? focusDay
      : currentDay && linked.includes(currentDay)
        ? currentDay
        : (linked[0] ?? null);
  const dayRefs = useRef(new Map<string, HTMLAnchorElement>());
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const navRef = (by: Direction) => (by === 'previous' ? previousRef : nextRef);
  const movedBy = useRef<Direction | null>(null);
  const controller = useRef<AbortController | null>(null);
  const slotsId = useId();

  useEffect(() => () => controller.current?.abort(), []);
  // Focus lost on the way to another month ("Try again" gone, or the arrow used is now disabled: the first or
  // last month) goes back to that arrow, else to the month's first day to choose.
  useEffect(() => {
    const by = movedBy.current;
    movedBy.current = null;
    if (!by) return;
    const button = navRef(by).current;
    if (document.activeElement !== document.body && document.activeElement !== button) return;
    const first = linked[0];
    const target = button && !button.disabled ? button : first ? dayRefs.current.get(first) : null;
    (target ?? navRef(by === 'next' ? 'previous' : 'next').current)?.focus();
    // Only once a month has been shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [month.month]);

  const goTo = async (target: string, by: Direction) => {
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setLoad({ status: 'loading', month: target, by });
    try {
      const data = await fetchDateMonth(eventId, target, locale, c.signal);
      if (!data) {
        setLoad({ status: 'empty' });
        return;
      }
      movedBy.current = by;
      setMonth(data);
      setFocusDay(null);
      setOpenDay(null);
      setLoad({ status: 'ready' });
      setAnnouncement(formatMonth(data.month, locale));
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setLoad({ status: 'error', month: target, by });
    }
  };

  const onKeyDown = (day: string) => (e: KeyboardEvent<HTMLAnchorElement>) => {
    if (!isCalendarKey(e.key)) return;
    e.preventDefault();
    const next = nextCalendarDay(linked, day, e.key);
    if (!next) return;
    setFocusDay(next);
    dayRefs.current.get(next)?.focus();
  };

  const short = weekdayNames(locale, 'short');
  const long = weekdayNames(locale, 'long');
  const loading = load.status === 'loading';

  return (
    <div className={classes.calendar}>
      <div className={classes.calendarNav}>
        <Button
          ref={previousRef}
          variant="default"
          size="compact-md"
          h={36}
          w={36}
          p={0}
          aria-label={t`Previous month`}
          disabled={!month.previous_month}
          onClick={() => month.previous_month && void goTo(month.previous_month, 'previous')}
        >
          <IconChevronLeft size={18} aria-hidden />
        </Button>
        <Button
          ref={nextRef}
          variant="default"
          size="compact-md"
          h={36}
          w={36}
          p={0}
          aria-label={t`Next month`}
          disabled={!month.next_month}
          onClick={() => month.next_month && void goTo(month.next_month, 'next')}
        >
          <IconChevronRight size={18} aria-hidden />
        </Button>
      </div>
      <div className={classes.gridWrap} data-loading={loading || undefined} aria-busy={loading || undefined}>
        <table className={classes.grid}>
          <caption className={classes.caption}>{formatMonth(month.month, locale)}</caption>
          <thead>
            <tr>
              {short.map((name, i) => (
                <th key={name} scope="col">
                  <span aria-hidden>{name}</span>
                  <VisuallyHidden>{long[i]}</VisuallyHidden>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(month.month).map((week, w) => (
              <tr key={w}>
                {week.map((day, i) => (
                  <td key={day ?? `blank-${i}`}>
                    {day && (
                      <CalendarDay
                        day={day}
                        info={byDay.get(day)}
                        links={links}
                        tabbable={day === tabbable}
                        current={day === currentDay}
                        open={day === openDay}
                        slotsId={slotsId}
                        dayRef={(el) => void (el ? dayRefs.current.set(day, el) : dayRefs.current.delete(day))}
                        onKeyDown={onKeyDown(day)}
                        onFocus={() => setFocusDay(day)}
                        onOpen={() => {
                          setFocusDay(day);
                          setOpenDay(day);
                        }}
                      />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {loading && (
          <div className={classes.gridLoader}>
            <Loader size="sm" role="progressbar" aria-label={t`Loading dates`} />
          </div>
        )}
      </div>
      {load.status === 'error' && (
        <Text size="sm" role="alert" className={classes.inlineError}>
          <Trans>Could not load the dates.</Trans>{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void goTo(load.month, load.by)}>
            <Trans>Try again</Trans>
          </Button>
        </Text>
      )}
      {load.status === 'empty' && (
        <Text size="sm" c="dimmed" role="status">
          <Trans>There are no more dates ahead.</Trans>
        </Text>
      )}
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      <div id={slotsId}>
        {openDay && (
          <DaySlots
            key={openDay}
            eventId={eventId}
            day={openDay}
            timezone={timezone}
            links={links}
            currentId={currentId}
            headingLevel={headingLevel}
          />
        )}
      </div>
    </div>
  );
}
