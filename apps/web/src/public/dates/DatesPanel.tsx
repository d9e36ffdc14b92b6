import type { PublicEventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';

import { Notice } from '../components/Notice';
import { ChosenDate } from './ChosenDate';
import { formatChosenDate } from './date-format';
import type { DateLinks } from './DateChoiceLink';
import { DateChooser } from './DateChooser';
import { datesMode, type DatesNotice } from './dates-mode';

/** The chosen date's block (tabIndex -1): the widget moves focus there once a date's tickets are shown. */
export const CHOSEN_DATE_ID = 'chosen-date';

interface DatesPanelProps {
  event: PublicEventDto;
  /** The page's address for a date (null: without one), keeping the parameters that must stay. */
  hrefFor: DateLinks['hrefFor'];
  /** Goes to a date's address on the running page (client navigation, no jump to the top). */
  onNavigate: (href: string) => void;
  /** The event answer for another date is on its way (what is shown stays meanwhile). */
  refreshing: boolean;
  /** The element focused once a chosen date's tickets are shown (tabIndex -1). */
  focusId: string;
  /** Heading level of "Choose a date". */
  headingLevel: 2 | 3;
  /** The ticket selector: shown under the chosen date, or alone when there is nothing to choose. */
  children: ReactNode;
}

/**
 * The dates part of the tickets panel. One date: only the tickets, as always. Several: the chooser until a
 * date is chosen (with a notice when the one asked for cannot be sold), then the chosen date above its
 * tickets with "Change date". Choosing navigates in place; once the new date's tickets are shown, focus
 * moves to `focusId` and a live region says which date they are for.
 */
export function DatesPanel({
  event,
  hrefFor,
  onNavigate,
  refreshing,
  focusId,
  headingLevel,
  children,
}: DatesPanelProps) {
  const { t, i18n } = useLingui();
  const { dates, timezone } = event;
  const mode = datesMode(dates);
  const chosenId = dates.chosen?.id ?? null;
  /** The date chosen on this page, until its tickets are shown and announced. */
  const [announceFor, setAnnounceFor] = useState<number | null>(null);
  /** "Change date" was pressed while this date was chosen (choosing another one closes the chooser). */
  const [changingFrom, setChangingFrom] = useState<number | null>(null);
  const changing = changingFrom !== null && changingFrom === chosenId && mode.kind === 'chosen';
  const focused = useRef<number | null>(null);
  const focusChooser = useRef<'chooser' | 'change' | null>(null);
  const chooserHeading = useRef<HTMLHeadingElement>(null);
  const changeLink = useRef<HTMLAnchorElement>(null);
  const arrived = announceFor !== null && chosenId === announceFor && !refreshing;

  useEffect(() => {
    if (!arrived || focused.current === announceFor) return;
    focused.current = announceFor;
    document.getElementById(focusId)?.focus();
  }, [arrived, announceFor, focusId]);
  useEffect(() => {
    const target = focusChooser.current;
    focusChooser.current = null;
    if (target === 'chooser') chooserHeading.current?.focus();
    else if (target === 'change') changeLink.current?.focus();
  }, [changing]);

  const links: DateLinks = {
    hrefFor,
    onChoose: (dateId, href) => {
      focused.current = null;
      setAnnounceFor(dateId);
      if (dateId === chosenId) setChangingFrom(null);
      onNavigate(href);
    },
  };

  const chosen = dates.chosen;
  const chosenWhen = chosen ? formatChosenDate(chosen.start_date, chosen.end_date, timezone, i18n.locale) : null;
  const announcement = arrived && chosenWhen ? t`Tickets for ${chosenWhen}` : '';
  const live = (
    <VisuallyHidden role="status" data-testid="date-announcement">
      {announcement}
    </VisuallyHidden>
  );

  if (mode.kind === 'single') {
    return (
      <>
        {announceFor !== null && live}
        {children}
      </>
    );
  }

  const chooser = (
    <DateChooser
      eventId={event.id}
      timezone={timezone}
      dates={dates}
      links={links}
      headingLevel={headingLevel}
      headingRef={chooserHeading}
    />
  );

  return (
    <Stack gap="md" aria-busy={refreshing || undefined}>
      {live}
      {refreshing && (
        <Group gap="xs">
          <Loader size="xs" role="progressbar" aria-label={t`Loading the tickets of the chosen date`} />
          <Text size="sm" c="dimmed" aria-hidden>
            <Trans>Loading…</Trans>
          </Text>
        </Group>
      )}
      {mode.kind === 'choose' ? (
        <>
          {mode.notice && <DateNotice notice={mode.notice} when={chosenWhen} />}
          {chooser}
        </>
      ) : changing ? (
        <>
          {chooser}
          <Button
            variant="default"
            onClick={() => {
              focusChooser.current = 'change';
              setChangingFrom(null);
            }}
          >
            <Trans>Keep this date</Trans>
          </Button>
        </>
      ) : (
        <>
          <ChosenDate
            date={mode.date}
            timezone={timezone}
            sameDay={dates.same_day}
            links={links}
            id={CHOSEN_DATE_ID}
            changeRef={changeLink}
            onChange={() => {
              focusChooser.current = 'chooser';
              setChangingFrom(mode.date.id);
            }}
          />
          {children}
        </>
      )}
    </Stack>
  );
}

/** Why the date in the address shows no tickets (a cancelled or past one named with its time). */
function DateNotice({ notice, when }: { notice: DatesNotice; when: string | null }) {
  if (notice === 'unavailable')
    return (
      <Notice>
        <Trans>That date is not available. Choose another.</Trans>
      </Notice>
    );
  return (
    <Notice>
      {notice === 'cancelled' ? <Trans>This date was cancelled</Trans> : <Trans>This date is over</Trans>}
      {when && (
        <Text size="sm" fw={400} mt={4}>
          {when}
        </Text>
      )}
    </Notice>
  );
}
