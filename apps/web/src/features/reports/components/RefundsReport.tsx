import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

import { downloadEventReport, useEventReport } from '../api/reports';
import { useReportFormat } from '../hooks/useReportFormat';
import type { ReportProps } from './report-props';
import { ReportPanel } from './ReportPanel';
import { ReportTable } from './ReportTable';

/** Each refund made in the period with its order, oldest first, and the total. */
export function RefundsReport({ event, period, enabled }: ReportProps) {
  const { t } = useLingui();
  const query = useEventReport(event.id, 'refunds', period, enabled);
  const f = useReportFormat(event.currency);
  return (
    <ReportPanel
      testId="report-refunds"
      title={<Trans>Refunds</Trans>}
      description={
        <Trans>
          Each refund made in the period, when it was made (in the event's time zone). A refund the payment provider
          later reported as failed shows as a negative amount.
        </Trans>
      }
      query={query}
      download={(format, locale) => downloadEventReport(event.id, 'refunds', period, format, locale)}
      isEmpty={(d) => d.rows.length === 0}
      emptyTitle={<Trans>No refunds in this period</Trans>}
    >
      {(d) => (
        <ReportTable
          testId="table-refunds"
          caption={<Trans>Refunds</Trans>}
          minWidth={560}
          columns={[
            { header: <Trans>Refunded at</Trans> },
            { header: <Trans>Order</Trans> },
            { header: <Trans>Buyer</Trans> },
            { header: <Trans>Amount</Trans>, numeric: true },
          ]}
          rows={d.rows.map((r, i) => {
            const number = r.order_number;
            return {
              key: `${r.order_id}-${i}`,
              cells: [
                f.dateTime(r.refunded_at, event.timezone),
                <Anchor
                  key="order"
                  component={Link}
                  to={`/manage/event/${event.id}/orders?order=${r.order_id}`}
                  aria-label={t`Open order ${number}`}
                >
                  {number}
                </Anchor>,
                r.buyer_name ?? '',
                f.money(r.amount),
              ],
            };
          })}
          footer={[{ key: 'total', cells: [t`Total`, '', '', f.money(d.totals.amount)] }]}
        />
      )}
    </ReportPanel>
  );
}
