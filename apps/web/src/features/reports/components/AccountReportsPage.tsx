import type { CurrencyTotalsDto, EventSalesRowDto } from '@admitone/shared';
import { formatMoney } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';

import { SectionLoader } from '../../../components/FullPageLoader';
import { NoPermission } from '../../../components/NoPermission';
import { PageHeader } from '../../../components/PageHeader';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../users/api/me';
import { hasPermission } from '../../users/hooks/usePermission';
import { downloadSalesByEvents, useSalesByEvents } from '../api/reports';
import { useReportFormat } from '../hooks/useReportFormat';
import { useReportPeriod } from '../hooks/useReportPeriod';
import { periodProblem } from '../report-period';
import { CHANNEL_SALES_COLUMNS, channelSalesCells, soldAtBoxOffice } from './channel-sales-figures';
import { ORDER_SALES_COLUMNS, orderSalesCells } from './order-sales-figures';
import { PeriodChooser } from './PeriodChooser';
import { ReportPanel } from './ReportPanel';
import { ReportTable } from './ReportTable';

function SalesByEvents({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useLingui();
  const { period, setPeriod } = useReportPeriod();
  const query = useSalesByEvents(period, periodProblem(period) === null);
  const f = useReportFormat('EUR');
  const money = (minor: number, currency: string) => formatMoney(minor, currency, i18n.locale);
  const figures = (r: EventSalesRowDto | CurrencyTotalsDto, byChannel: boolean) => [
    r.currency,
    ...orderSalesCells(r, f.count, (minor) => money(minor, r.currency)),
    ...(byChannel ? channelSalesCells(r, f.count, (minor) => money(minor, r.currency)) : []),
  ];
  return (
    <Stack gap="lg">
      <PeriodChooser
        period={period}
        onChange={setPeriod}
        timeZone={timeZone}
        note={<Trans>Each event's days are counted in its own time zone, first and last day included.</Trans>}
      />
      <ReportPanel
        testId="report-sales-by-events"
        title={<Trans>Sales by event</Trans>}
        description={
          <Trans>
            Orders that completed in the period and refunds made in it, per event, in the event's currency. Amounts in
            different currencies are never added together: there is a total for each currency.
          </Trans>
        }
        query={query}
        download={(format, locale) => downloadSalesByEvents(period, format, locale)}
        isEmpty={(d) => d.rows.length === 0}
        emptyTitle={<Trans>No sales in this period</Trans>}
      >
        {(d) => {
          // Once the box office sold for any event of the period: its units and gross per channel.
          const byChannel = soldAtBoxOffice(d.totals);
          return (
            <ReportTable
              testId="table-sales-by-events"
              caption={<Trans>Sales by event</Trans>}
              minWidth={byChannel ? 1240 : 760}
              columns={[
                { header: <Trans>Event</Trans> },
                { header: <Trans>Starts</Trans> },
                { header: <Trans>Currency</Trans> },
                ...ORDER_SALES_COLUMNS,
                ...(byChannel ? CHANNEL_SALES_COLUMNS : []),
              ]}
              rows={d.rows.map((r) => ({
                key: String(r.event_id),
                cells: [
                  <Anchor key="event" component={Link} to={`/manage/event/${r.event_id}/reports`}>
                    {r.title}
                  </Anchor>,
                  f.dateTime(r.start_date, r.timezone),
                  ...figures(r, byChannel),
                ],
              }))}
              footer={d.totals.map((total) => {
                const currency = total.currency;
                return { key: currency, cells: [t`Total in ${currency}`, '', ...figures(total, byChannel)] };
              })}
            />
          );
        }}
      </ReportPanel>
    </Stack>
  );
}

/** `/account/reports`: the account's sales per event over a period (events.manage). */
export function AccountReportsPage() {
  const { t } = useLingui();
  usePageTitle(t`Reports`);
  const me = useMe();
  if (!me.data) return <SectionLoader />;
  if (!hasPermission(me.data, 'events.manage')) return <NoPermission />;
  return (
    <>
      <PageHeader
        title={<Trans>Reports</Trans>}
        description={<Trans>The sales of every event of the account over a period.</Trans>}
      />
      <SalesByEvents timeZone={me.data.account.timezone} />
    </>
  );
}
