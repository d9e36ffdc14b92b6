import { isLocale } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';

import { dayjsLocaleName } from '../lib/locale';
import { DateTimeField } from './DateTimeField';

/** Calendar language and first weekday for the pickers inside, from the interface language. */
export function WallClockProvider({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  return (
    <DatesProvider
      settings={{ locale: dayjsLocaleName(locale), firstDayOfWeek: locale === 'en' ? 0 : 1, weekendDays: [] }}
    >
      {children}
    </DatesProvider>
  );
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
  const { t } = useLingui();
  return (
    <DateTimeField
      label={label}
      description={description}
      clearable
      clearLabel={t`Clear ${label}`}
      value={value ?? null}
      onChange={onChange}
      error={error}
    />
  );
}
