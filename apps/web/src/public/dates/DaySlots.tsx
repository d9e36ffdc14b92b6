import type { PublicEventDateDto } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useState } from 'react';

import { formatDayLong } from './date-format';
import type { DateLinks } from './DateChoiceLink';
import { DateChoiceList } from './DateChoiceList';
import { fetchDayDates } from './dates-api';

interface DaySlotsProps {
  eventId: number;
  /** "2027-03-05" */
  day: string;
  timezone: string;
  links: DateLinks;
  currentId?: number | null;
  headingLevel: 3 | 4;
}

type SlotsState = { status: 'loading' } | { status: 'ready'; dates: PublicEventDateDto[] } | { status: 'error' };

/** The times of one calendar day (opened from a day with several dates), fetched when it opens. */
export function DaySlots({ eventId, day, timezone, links, currentId, headingLevel }: DaySlotsProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const [state, setState] = useState<SlotsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const headingId = useId();
  const dayText = formatDayLong(day, locale);

  useEffect(() => {
    const controller = new AbortController();
    fetchDayDates(eventId, day, locale, controller.signal).then(
      (dates) => setState({ status: 'ready', dates }),
      (err: unknown) => {
        if ((err as Error).name !== 'AbortError') setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [eventId, day, locale, attempt]);

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} mt="md">
      <Title order={headingLevel} size="h5" id={headingId}>
        <Trans>Times on {dayText}</Trans>
      </Title>
      {state.status === 'loading' && <Loader size="sm" role="progressbar" aria-label={t`Loading times`} />}
      {state.status === 'error' && (
        <Text size="sm" role="alert">
          <Trans>Could not load the times.</Trans>{' '}
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setState({ status: 'loading' });
              setAttempt((a) => a + 1);
            }}
          >
            <Trans>Try again</Trans>
          </Button>
        </Text>
      )}
      {state.status === 'ready' &&
        (state.dates.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>There are no times left on this day.</Trans>
          </Text>
        ) : (
          <DateChoiceList
            dates={state.dates}
            timezone={timezone}
            links={links}
            show="time"
            currentId={currentId}
            labelledBy={headingId}
          />
        ))}
      <VisuallyHidden role="status">
        {state.status === 'ready' && state.dates.length > 0
          ? plural(state.dates.length, { one: `# time on ${dayText}`, other: `# times on ${dayText}` })
          : ''}
      </VisuallyHidden>
    </Stack>
  );
}
