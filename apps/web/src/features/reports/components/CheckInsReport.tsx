import { Trans, useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';

import { downloadEventReport, useEventReport } from '../api/reports';
import { useReportFormat } from '../hooks/useReportFormat';
import { ChartSlot } from './ChartSlot';
import type { ReportProps } from './report-props';
import { ReportPanel } from './ReportPanel';
import { ReportTable } from './ReportTable';

const LIST_COLORS = ['violet.6', 'teal.7', 'blue.7', 'orange.7', 'pink.7', 'cyan.7', 'lime.8', 'grape.6'];

/**
 * Check-ins per list and per hour (in the event's time zone) in the period, with the valid tickets each list admits.
 */
export function CheckInsReport({ event, period, enabled }: ReportProps) {
  const { t } = useLingui();
  const query = useEventReport(event.id, 'check-ins', period, enabled);
  const f = useReportFormat(event.currency);
  return (
    <ReportPanel
      testId="report-check-ins"
      title={<Trans>Check-ins</Trans>}
      description={
        <Trans>
          People checked in on each list in the period, by the hour they came in (in the event's time zone); a check-out
          takes a check-in back. Valid tickets: what each list admits now.
        </Trans>
      }
      query={query}
      download={(format, locale) => downloadEventReport(event.id, 'check-ins', period, format, locale)}
      isEmpty={(d) => d.hours.length === 0}
      emptyTitle={<Trans>No check-ins in this period</Trans>}
    >
      {(d) => {
        const listName = (name: string | null) => name ?? t`All tickets`;
        const total = f.count(d.totals.checked_in);
        const busiest = d.hours.reduce<(typeof d.hours)[number] | null>(
          (top, h) => (h.total > (top?.total ?? 0) ? h : top),
          null,
        );
        const busiestHour = busiest ? f.hour(busiest.hour) : '';
        const busiestCount = f.count(busiest?.total ?? 0);
        return (
          <Stack gap="md">
            <ChartSlot
              summary={t`Check-ins per hour, by list. Total: ${total}. Busiest hour: ${busiestHour}, with ${busiestCount}.`}
              data={d.hours.map((h) => ({
                hour: f.hour(h.hour),
                ...Object.fromEntries(d.lists.map((l, i) => [`list${l.list_id}`, h.counts[i] ?? 0])),
              }))}
              dataKey="hour"
              type="stacked"
              series={d.lists.map((l, i) => ({
                name: `list${l.list_id}`,
                label: listName(l.name),
                color: LIST_COLORS[i % LIST_COLORS.length]!,
              }))}
              valueFormatter={f.count}
            />
            <ReportTable
              testId="table-check-in-lists"
              caption={<Trans>Check-ins by list</Trans>}
              minWidth={420}
              columns={[
                { header: <Trans>Check-in list</Trans> },
                { header: <Trans>Checked in</Trans>, numeric: true },
                { header: <Trans>Valid tickets</Trans>, numeric: true },
              ]}
              rows={d.lists.map((l) => ({
                key: String(l.list_id),
                cells: [listName(l.name), f.count(l.checked_in), f.count(l.valid)],
              }))}
              footer={[{ key: 'total', cells: [t`Total`, f.count(d.totals.checked_in), f.count(d.totals.valid)] }]}
            />
            <ReportTable
              testId="table-check-ins-by-hour"
              caption={<Trans>Check-ins by hour</Trans>}
              minWidth={Math.max(420, 160 + d.lists.length * 110)}
              columns={[
                { header: <Trans>Hour</Trans> },
                ...d.lists.map((l) => ({ header: listName(l.name), numeric: true })),
                { header: <Trans>Total</Trans>, numeric: true },
              ]}
              rows={d.hours.map((h) => ({
                key: h.hour,
                cells: [f.hour(h.hour), ...h.counts.map(f.count), f.count(h.total)],
              }))}
              footer={[
                {
                  key: 'total',
                  cells: [t`Total`, ...d.lists.map((l) => f.count(l.checked_in)), f.count(d.totals.checked_in)],
                },
              ]}
            />
          </Stack>
        );
      }}
    </ReportPanel>
  );
}
