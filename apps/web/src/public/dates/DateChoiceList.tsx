import type { PublicEventDateDto } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';

import { formatDateChoice, formatSlot } from './date-format';
import { DateChoiceLink, type DateLinks } from './DateChoiceLink';
import classes from './DateChooser.module.css';
import { choosable } from './dates-mode';
import { DateStateBadge } from './DateStateBadge';

interface DateChoiceListProps {
  dates: PublicEventDateDto[];
  timezone: string;
  links: DateLinks;
  /** `time`: the slots of one day ("19:30 – 21:00"); `full`: weekday, day and time. */
  show?: 'full' | 'time';
  /** The date the tickets are for now, marked as current. */
  currentId?: number | null;
  labelledBy?: string;
}

/**
 * Dates to choose from, one a line: when, its label and its state. Each one on sale is a real link
 * (`?date=`), so it works before scripts run; sold-out and cancelled ones are shown as unavailable text.
 */
export function DateChoiceList({ dates, timezone, links, show = 'full', currentId, labelledBy }: DateChoiceListProps) {
  const { i18n } = useLingui();
  return (
    <ul className={classes.list} aria-labelledby={labelledBy}>
      {dates.map((date) => {
        const when =
          show === 'time'
            ? formatSlot(date.start_date, date.end_date, timezone, i18n.locale)
            : formatDateChoice(date.start_date, timezone, i18n.locale);
        const body = (
          <>
            <span className={classes.choiceText}>
              <time dateTime={date.start_date} className={classes.choiceWhen}>
                {when}
              </time>
              {date.label && <span className={classes.choiceLabel}>{date.label}</span>}
            </span>
            <DateStateBadge state={date.state} />
          </>
        );
        return (
          <li key={date.id}>
            {choosable(date) ? (
              <DateChoiceLink
                dateId={date.id}
                links={links}
                className={classes.choice}
                aria-current={date.id === currentId ? 'true' : undefined}
                data-testid="date-choice"
              >
                {body}
              </DateChoiceLink>
            ) : (
              <span className={classes.choice} aria-disabled="true" data-testid="date-choice">
                {body}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
