import '@mantine/core/styles/Tabs.css';

import { EVENT_REPORTS, type EventDto, type EventReportKind } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Tabs } from '@mantine/core';
import {
  IconAffiliate,
  IconCalendarStats,
  IconCreditCard,
  IconDiscount,
  IconQrcode,
  IconReceiptRefund,
  IconReceiptTax,
  IconTicket,
  type TablerIcon,
} from '@tabler/icons-react';
import { type ComponentType, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { PageHeader } from '../../../components/PageHeader';
import { usePhone } from '../../../lib/use-phone';
import { useEventDates } from '../../event-dates/api/event-dates';
import { OrderDateFilter } from '../../event-dates/components/OrderDateFilter';
import { EventScreen } from '../../events/components/EventScreen';
import { useReportPeriod } from '../hooks/useReportPeriod';
import { periodProblem } from '../report-period';
import { CheckInsReport } from './CheckInsReport';
import { PeriodChooser } from './PeriodChooser';
import { RefundsReport } from './RefundsReport';
import type { ReportProps } from './report-props';
import { SalesByAffiliateReport } from './SalesByAffiliateReport';
import { SalesByDayReport } from './SalesByDayReport';
import { SalesByPaymentReport } from './SalesByPaymentReport';
import { SalesByProductReport } from './SalesByProductReport';
import { SalesByPromoCodeReport } from './SalesByPromoCodeReport';
import { TaxesAndFeesReport } from './TaxesAndFeesReport';

const REPORTS: Record<EventReportKind, { icon: TablerIcon; Component: ComponentType<ReportProps> }> = {
  'sales-by-product': { icon: IconTicket, Component: SalesByProductReport },
  'sales-by-promo-code': { icon: IconDiscount, Component: SalesByPromoCodeReport },
  'sales-by-affiliate': { icon: IconAffiliate, Component: SalesByAffiliateReport },
  'sales-by-day': { icon: IconCalendarStats, Component: SalesByDayReport },
  'sales-by-payment': { icon: IconCreditCard, Component: SalesByPaymentReport },
  'taxes-and-fees': { icon: IconReceiptTax, Component: TaxesAndFeesReport },
  refunds: { icon: IconReceiptRefund, Component: RefundsReport },
  'check-ins': { icon: IconQrcode, Component: CheckInsReport },
};

const isReport = (value: string | null): value is EventReportKind =>
  (EVENT_REPORTS as readonly string[]).includes(value ?? '');

function Reports({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const { period: days, setPeriod } = useReportPeriod();
  const report = isReport(params.get('report')) ? (params.get('report') as EventReportKind) : 'sales-by-product';
  // With several dates, the sales and refunds can be those of one date's orders (`?date=`); the check-ins
  // report counts every date.
  const dates = useEventDates(event.id).data ?? [];
  const dateParam = Number(params.get('date'));
  const dateId = dates.length > 1 && dates.some((d) => d.id === dateParam) ? dateParam : null;
  const period = useMemo(() => ({ ...days, event_date_id: dateId }), [days, dateId]);
  const setDate = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('date');
        else next.set('date', String(id));
        return next;
      },
      { replace: true },
    );
  const valid = periodProblem(period) === null;
  // Eight outlined tabs do not fit a phone: there they are pills, wrapping onto a second line.
  const phone = usePhone();
  const timeZone = event.timezone;
  const labels: Record<EventReportKind, string> = {
    'sales-by-product': t`Products`,
    'sales-by-promo-code': t`Promo codes`,
    'sales-by-affiliate': t`Affiliates`,
    'sales-by-day': t`By day`,
    'sales-by-payment': t`Payments`,
    'taxes-and-fees': t`Taxes and fees`,
    refunds: t`Refunds`,
    'check-ins': t`Check-ins`,
  };
  const choose = (value: string | null) => {
    if (!isReport(value)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('report', value);
        return next;
      },
      { replace: true },
    );
  };
  return (
    <>
      <PageHeader
        title={<Trans>Reports</Trans>}
        description={
          <Trans>
            What each ticket, promo code and affiliate sold, day by day and by way of paying, with taxes, fees, refunds
            and check-ins.
          </Trans>
        }
      />
      <Stack gap="lg">
        <PeriodChooser
          period={days}
          onChange={setPeriod}
          timeZone={timeZone}
          note={<Trans>Days are counted in the event's time zone ({timeZone}), first and last day included.</Trans>}
        />
        {dates.length > 1 && report !== 'check-ins' ? (
          <div data-testid="report-date">
            <OrderDateFilter dates={dates} timeZone={timeZone} value={dateId} onChange={setDate} />
          </div>
        ) : null}
        <Tabs value={report} onChange={choose} keepMounted={false} variant={phone ? 'pills' : 'outline'}>
          <Tabs.List aria-label={t`Reports`}>
            {EVENT_REPORTS.map((kind) => {
              const Icon = REPORTS[kind].icon;
              return (
                <Tabs.Tab key={kind} value={kind} leftSection={<Icon size={16} aria-hidden />}>
                  {labels[kind]}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {EVENT_REPORTS.map((kind) => {
            const { Component } = REPORTS[kind];
            return (
              <Tabs.Panel key={kind} value={kind} pt="lg">
                <Component event={event} period={kind === 'check-ins' ? days : period} enabled={valid} />
              </Tabs.Panel>
            );
          })}
        </Tabs>
      </Stack>
    </>
  );
}

/** `/manage/event/:eventId/reports` */
export function ReportsPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Reports`}>{(event) => <Reports event={event} />}</EventScreen>;
}
