import { formatDateTime, formatMoney, formatNumber } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';

import { wallClockFormatter } from '../../../lib/format';
import { formatDayLong, formatDayShort } from '../../events/event-stats';

/** How the reports show figures in the reader's language: money in a currency, counts, days and hours. */
export function useReportFormat(currency: string) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useMemo(() => {
    const wallClock = wallClockFormatter(locale);
    return {
      money: (minor: number) => formatMoney(minor, currency, locale),
      count: (n: number) => formatNumber(n, locale),
      /** A calendar day `YYYY-MM-DD`: "Sat, 21 Nov 2026". */
      day: (date: string) => formatDayLong(date, locale),
      /** A calendar day for a chart axis: "21 Nov". */
      dayShort: (date: string) => formatDayShort(date, locale),
      /** An hour `YYYY-MM-DDTHH:00` (wall clock of the event's zone): "21 Nov 2026, 19:00". */
      hour: (hour: string) => wallClock(`${hour.replace('T', ' ')}:00`),
      /** An instant in a time zone. */
      dateTime: (iso: string, timeZone: string) => formatDateTime(iso, timeZone, locale),
    };
  }, [currency, locale]);
}
