import '@mantine/core/styles/Popover.css';
import '@mantine/dates/styles.css';
import { isLocale } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { DatesProvider, DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import type { ReactNode } from 'react';
import { wallClockFormatter } from '../lib/format';
import { dayjsLocaleName } from '../lib/locale';

/** Calendar language and first weekday for the pickers inside, from the interface language. */
export function WallClockProvider({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  return <DatesProvider settings={{ locale: dayjsLocaleName(locale), firstDayOfWeek: locale === 'en' ? 0 : 1, weekendDays: [] }}>{children}</DatesProvider>;
}

/**
 * What every date-and-time picker needs for keyboard and screen-reader users: names for the month
 * arrows, the hour and minute fields and the confirm button, and focus back on the field once the
 * calendar closes (Mantine leaves it on the page, which also lets Tab escape a dialog).
 */
export function usePickerAccessibility() {
  const { t } = useLingui();
  return {
    ariaLabels: {
      previousMonth: t`Previous month`,
      nextMonth: t`Next month`,
      previousYear: t`Previous year`,
      nextYear: t`Next year`,
      previousDecade: t`Previous decade`,
      nextDecade: t`Next decade`,
    },
    timePickerProps: { hoursInputLabel: t`Hours`, minutesInputLabel: t`Minutes` },
    submitButtonProps: { 'aria-label': t`Confirm date and time` },
    popoverProps: { returnFocus: true },
  } satisfies Partial<DateTimePickerProps>;
}

interface WallClockPickerProps {
  label: string;
  description?: ReactNode;
  /** A picker value "YYYY-MM-DD HH:mm:ss" (wall clock in the event's zone) or null. */
  value?: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
}

/** An optional date and time, shown in the reader's language, that can be cleared. */
export function WallClockPicker({ label, description, value, onChange, error }: WallClockPickerProps) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const accessibility = usePickerAccessibility();
  return (
    <DateTimePicker
      {...accessibility}
      label={label}
      description={description}
      clearable
      clearButtonProps={{ 'aria-label': t`Clear ${label}` }}
      valueFormat={wallClockFormatter(locale)}
      value={value ?? null}
      onChange={(v) => onChange(v ? String(v) : null)}
      error={error}
    />
  );
}
