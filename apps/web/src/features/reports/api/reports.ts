import type { EventReportKind, EventReportOf, One, SalesByEventReportDto } from '@admitone/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { eventKeys } from '../../events/api/events';
import { downloadFile } from '../../exports/api/download-export';
import type { ExportFormat } from '../../exports/api/export-progress';

/** A report's period: calendar days `YYYY-MM-DD` (the event's time zone), null where open. */
export interface ReportPeriod {
  from: string | null;
  to: string | null;
  /** An event report for the orders of one of its dates (absent or null: every date). */
  event_date_id?: number | null;
}

const periodQuery = (period: ReportPeriod) => ({
  from: period.from,
  to: period.to,
  ...(period.event_date_id ? { event_date_id: period.event_date_id } : {}),
});

export const reportKeys = {
  event: (eventId: number, report: EventReportKind, period: ReportPeriod) =>
    [...eventKeys.detail(eventId), 'reports', report, period] as const,
  account: (period: ReportPeriod) => ['reports', 'sales-by-events', period] as const,
};

export const fetchEventReport = <K extends EventReportKind>(eventId: number, report: K, period: ReportPeriod) =>
  api
    .get<One<EventReportOf<K>>>(`/events/${eventId}/reports/${report}`, { query: periodQuery(period) })
    .then((r) => r.data);

export const eventReportQueryOptions = <K extends EventReportKind>(eventId: number, report: K, period: ReportPeriod) =>
  queryOptions({
    queryKey: reportKeys.event(eventId, report, period),
    queryFn: () => fetchEventReport(eventId, report, period),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/**
 * One report of an event over a period; fresh for a minute, the previous figures kept on screen while a new period
 * loads.
 */
export const useEventReport = <K extends EventReportKind>(
  eventId: number,
  report: K,
  period: ReportPeriod,
  enabled = true,
) => useQuery({ ...eventReportQueryOptions(eventId, report, period), enabled });

export const fetchSalesByEvents = (period: ReportPeriod) =>
  api.get<One<SalesByEventReportDto>>('/reports/sales-by-events', { query: periodQuery(period) }).then((r) => r.data);

/** The account's sales per event over a period. */
export const useSalesByEvents = (period: ReportPeriod, enabled = true) =>
  useQuery({
    queryKey: reportKeys.account(period),
    queryFn: () => fetchSalesByEvents(period),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    enabled,
  });

/** A report as a CSV or Excel file, headings in `locale`. */
export const downloadEventReport = (
  eventId: number,
  report: EventReportKind,
  period: ReportPeriod,
  format: ExportFormat,
  locale: string,
) => downloadFile(`/events/${eventId}/reports/${report}/export`, periodQuery(period), { format, locale }, report);

/** The account's sales per event as a CSV or Excel file. */
export const downloadSalesByEvents = (period: ReportPeriod, format: ExportFormat, locale: string) =>
  downloadFile('/reports/sales-by-events/export', periodQuery(period), { format, locale }, 'sales-by-events');
