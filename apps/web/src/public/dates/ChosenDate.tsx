import type { PublicEventDateDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { type MouseEvent, type Ref, useId } from 'react';

import { formatChosenDate, formatSlot } from './date-format';
import { DateChoiceLink, type DateLinks } from './DateChoiceLink';
import classes from './DateChooser.module.css';
import { choosable } from './dates-mode';
import { DateStateBadge } from './DateStateBadge';

interface ChosenDateProps {
  date: PublicEventDateDto;
  timezone: string;
  /** The other dates of its day (`dates.same_day`, the chosen one among them). */
  sameDay: PublicEventDateDto[];
  links: DateLinks;
  /** Shows the chooser again (a link to the page without a date before scripts run). */
  onChange: () => void;
  id?: string;
  changeRef?: Ref<HTMLAnchorElement>;
}

/** The date the tickets are for, prominent above them, with "Change date" and the day's other times. */
export function ChosenDate({ date, timezone, sameDay, links, onChange, id, changeRef }: ChosenDateProps) {
  const { i18n } = useLingui();
  const othersId = useId();
  const when = formatChosenDate(date.start_date, date.end_date, timezone, i18n.locale);
  const others = sameDay.filter((d) => d.id !== date.id);
  const change = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onChange();
  };

  return (
    <div className={classes.chosen} data-testid="chosen-date">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconCalendarEvent size={22} aria-hidden className={classes.chosenIcon} />
        <div className={classes.chosenText} id={id} tabIndex={id ? -1 : undefined}>
          <Text fw={700} fz="lg" lh={1.3}>
            <time dateTime={date.start_date}>{when}</time>
          </Text>
          {date.label && <Text>{date.label}</Text>}
          <DateStateBadge state={date.state} />
        </div>
      </Group>
      <Anchor href={links.hrefFor(null)} onClick={change} ref={changeRef} fw={600} size="sm" underline="always">
        <Trans>Change date</Trans>
      </Anchor>
      {others.length > 0 && (
        <div>
          <Text size="sm" fw={600} id={othersId} mb={6}>
            <Trans>Other times that day</Trans>
          </Text>
          <ul className={classes.chips} aria-labelledby={othersId}>
            {others.map((other) => {
              const slot = formatSlot(other.start_date, other.end_date, timezone, i18n.locale);
              const text = (
                <>
                  <time dateTime={other.start_date}>{slot}</time>
                  {other.label && <span className={classes.chipLabel}> · {other.label}</span>}
                  <DateStateBadge state={other.state} />
                </>
              );
              return (
                <li key={other.id}>
                  {choosable(other) ? (
                    <DateChoiceLink dateId={other.id} links={links} className={classes.chip}>
                      {text}
                    </DateChoiceLink>
                  ) : (
                    <span className={classes.chip} aria-disabled="true">
                      {text}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
