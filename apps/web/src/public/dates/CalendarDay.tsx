import type { PublicDateDayDto } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { VisuallyHidden } from '@mantine/core';
import type { KeyboardEvent, MouseEvent } from 'react';

import { formatDayLong } from './date-format';
import { DateChoiceLink, type DateLinks } from './DateChoiceLink';
import classes from './DateChooser.module.css';
import { choosable } from './dates-mode';
import { useDateStateText } from './DateStateBadge';

interface CalendarDayProps {
  /** "2027-03-05" */
  day: string;
  /** Its dates (none: an ordinary day of the month). */
  info: PublicDateDayDto | undefined;
  links: DateLinks;
  /** In the tab order (one day of the month is; the arrow keys move between them). */
  tabbable: boolean;
  /** The chosen date's day. */
  current: boolean;
  /** Its times are listed below the calendar. */
  open: boolean;
  /** The id of the times' list, which a day with several dates opens. */
  slotsId: string;
  dayRef: (el: HTMLAnchorElement | null) => void;
  onKeyDown: (e: KeyboardEvent<HTMLAnchorElement>) => void;
  onFocus: () => void;
  /** A day with several dates was clicked: list its times. */
  onOpen: () => void;
}

/**
 * One day of the month calendar: a plain number, a sold-out or cancelled day (struck through, its state in
 * words for screen readers), or a link: to its only date, or (several) to the first, which on the running page
 * lists its times instead.
 */
export function CalendarDay({ day, info, links, tabbable, current, open, slotsId, ...handlers }: CalendarDayProps) {
  const { t, i18n } = useLingui();
  const stateText = useDateStateText();
  const number = Number(day.slice(8));
  if (!info) return <span className={classes.day}>{number}</span>;

  const parts = [formatDayLong(day, i18n.locale)];
  if (info.dates > 1) parts.push(plural(info.dates, { one: '# time', other: '# times' }));
  parts.push(stateText(info.state) ?? t({ message: 'On sale', context: 'date status' }));
  const label = parts.join(', ');

  if (!choosable(info)) {
    return (
      <span className={classes.day} data-state={info.state} aria-disabled="true">
        <span aria-hidden>{number}</span>
        <VisuallyHidden>{label}</VisuallyHidden>
      </span>
    );
  }
  const common = {
    className: classes.day,
    'data-state': info.state,
    'data-open': open || undefined,
    'aria-label': label,
    'aria-current': current ? ('date' as const) : undefined,
    tabIndex: tabbable ? 0 : -1,
    ref: handlers.dayRef,
    onKeyDown: handlers.onKeyDown,
    onFocus: handlers.onFocus,
  };
  if (info.dates === 1) {
    return (
      <DateChoiceLink dateId={info.first_date_id} links={links} {...common}>
        {number}
      </DateChoiceLink>
    );
  }
  const openTimes = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    handlers.onOpen();
  };
  return (
    <a href={links.hrefFor(info.first_date_id)} {...common} aria-controls={slotsId} onClick={openTimes}>
      {number}
    </a>
  );
}
