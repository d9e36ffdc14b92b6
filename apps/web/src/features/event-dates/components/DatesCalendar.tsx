import '@mantine/core/styles/Popover.css';

import { formatDate, formatNumber, isLocale } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Card, Group, Popover, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';

import { formatTimeOfDay } from '../../../lib/typed-time';
import { usePhone } from '../../../lib/use-phone';
import {
  type Availability,
  availabilityOf,
  type DateRow,
  dayInstant,
  monthGrid,
  monthName,
  shiftMonth,
  weekdayNames,
} from '../event-date-view';
import classes from './DatesCalendar.module.css';
import { useDateWords } from './DatesTable';
import { AVAILABILITY_LABELS } from './DateStatusBadge';

/** Dates a day's cell lists before "+3 more". */
const SHOWN_PER_DAY = 3;
const ORDER: Availability[] = ['ON_SALE', 'FEW_LEFT', 'SOLD_OUT', 'UNAVAILABLE'];

interface DatesCalendarProps {
  rows: DateRow[];
  /** The month shown ("2026-12"). */
  month: string;
  onMonth: (month: string) => void;
  onOpen: (row: DateRow) => void;
}

/**
 * A month of dates: each day lists its dates' start times, coloured by how they sell (on sale, few left,
 * sold out, cancelled or hidden). Every date is a button (Tab reaches each; Enter opens it); a phone shows
 * a day's count, which lists its times.
 */
export function DatesCalendar({ rows, month, onMonth, onOpen }: DatesCalendarProps) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const phone = usePhone();
  const sundayFirst = locale === 'en';
  const weeks = monthGrid(month, sundayFirst);
  const byDay = useMemo(() => {
    const map = new Map<string, DateRow[]>();
    for (const row of rows) {
      if (!row.month.startsWith(month)) continue;
      const list = map.get(row.day) ?? [];
      list.push(row);
      map.set(row.day, list);
    }
    return map;
  }, [rows, month]);
  const shortDays = weekdayNames(locale, 'short');
  const longDays = weekdayNames(locale, 'long');
  const order = sundayFirst ? [6, 0, 1, 2, 3, 4, 5] : [0, 1, 2, 3, 4, 5, 6];
  const title = monthName(month, locale);
  const inMonth = [...byDay.values()].reduce((n, list) => n + list.length, 0);

  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t`Previous month`}
          onClick={() => onMonth(shiftMonth(month, -1))}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Stack gap={0} align="center">
          <Title order={2} fz="lg" aria-live="polite">
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            {plural(inMonth, { one: '# date', other: '# dates' })}
          </Text>
        </Stack>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t`Next month`}
          onClick={() => onMonth(shiftMonth(month, 1))}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <table className={classes.grid} aria-label={title}>
        <thead>
          <tr>
            {order.map((i) => (
              <th key={i} scope="col">
                <abbr title={longDays[i]} style={{ textDecoration: 'none' }}>
                  {phone ? shortDays[i]!.slice(0, 2) : shortDays[i]}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => (
                <DayCell
                  key={day}
                  day={day}
                  outside={!day.startsWith(month)}
                  dates={byDay.get(day) ?? []}
                  phone={phone}
                  onOpen={onOpen}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <Group gap="md" mt="sm" role="list" aria-label={t`Colours`}>
        {ORDER.map((a) => (
          <Group key={a} gap={6} role="listitem">
            <span className={`${classes.swatch} ${classes[a]}`} aria-hidden />
            <Text size="xs">{i18n._(AVAILABILITY_LABELS[a])}</Text>
          </Group>
        ))}
      </Group>
    </Card>
  );
}

interface DayCellProps {
  day: string;
  outside: boolean;
  dates: DateRow[];
  phone: boolean;
  onOpen: (row: DateRow) => void;
}

function DayCell({ day, outside, dates, phone, onOpen }: DayCellProps) {
  const { t, i18n } = useLingui();
  const [opened, setOpened] = useState(false);
  const shown = phone ? [] : dates.slice(0, SHOWN_PER_DAY);
  const rest = dates.length - shown.length;
  const dayWords = formatDate(dayInstant(day), 'UTC', i18n.locale);
  const moreCount = formatNumber(rest, i18n.locale);
  const open = (row: DateRow) => {
    setOpened(false);
    onOpen(row);
  };
  return (
    <td className={`${classes.cell} ${outside ? classes.outside : ''}`}>
      <div className={classes.dayNumber} aria-hidden>
        {Number(day.slice(8, 10))}
      </div>
      {outside ? null : (
        <>
          {shown.map((row) => (
            <DateEntry key={row.id} row={row} onOpen={open} />
          ))}
          {rest > 0 ? (
            <Popover opened={opened} onChange={setOpened} position="bottom" withArrow shadow="md" trapFocus>
              <Popover.Target>
                <UnstyledButton
                  className={phone ? `${classes.entry} ${classes[bestOf(dates)]}` : classes.more}
                  onClick={() => setOpened((o) => !o)}
                  aria-label={
                    phone
                      ? plural(dates.length, { one: `# date on ${dayWords}`, other: `# dates on ${dayWords}` })
                      : t`${moreCount} more on ${dayWords}`
                  }
                  aria-expanded={opened}
                >
                  {phone ? formatNumber(dates.length, i18n.locale) : t`+${moreCount} more`}
                </UnstyledButton>
              </Popover.Target>
              <Popover.Dropdown miw={200} maw={280}>
                <Text size="sm" fw={700} mb={6}>
                  {dayWords}
                </Text>
                <Stack gap={2} mah={260} style={{ overflowY: 'auto' }}>
                  {dates.map((row) => (
                    <DateEntry key={row.id} row={row} onOpen={open} withLabel />
                  ))}
                </Stack>
              </Popover.Dropdown>
            </Popover>
          ) : null}
        </>
      )}
    </td>
  );
}

/** The most buyable of a day's dates (a phone's day button takes its colour). */
const bestOf = (dates: DateRow[]): Availability =>
  ORDER.find((a) => dates.some((d) => availabilityOf(d) === a)) ?? 'UNAVAILABLE';

function DateEntry({ row, onOpen, withLabel }: { row: DateRow; onOpen: (row: DateRow) => void; withLabel?: boolean }) {
  const { i18n } = useLingui();
  const words = useDateWords();
  const availability = availabilityOf(row);
  const time = formatTimeOfDay(row.time, i18n.locale);
  const name = [words(row).whole, row.label, i18n._(AVAILABILITY_LABELS[availability])].filter(Boolean).join(' · ');
  return (
    <UnstyledButton
      className={`${classes.entry} ${classes[availability]} ${row.status === 'CANCELLED' ? classes.cancelled : ''}`}
      onClick={() => onOpen(row)}
      aria-label={name}
      title={name}
      data-availability={availability}
    >
      {withLabel && row.label ? `${time} · ${row.label}` : time}
    </UnstyledButton>
  );
}
