import { Trans } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';

import type { ReportPeriod } from '../../reports/api/reports';
import { PeriodChooser } from '../../reports/components/PeriodChooser';
import { ReportDownloadButtons } from '../../reports/components/ReportDownloadButtons';
import { periodProblem } from '../../reports/report-period';
import { useMe } from '../../users/api/me';
import { downloadOrganizerInvoices } from '../api/invoice-settings';

/**
 * The accountant's file: the organizer's invoices and cancellation invoices of every event issued in a period (all
 * of them until one is chosen), as CSV or Excel.
 */
export function InvoiceExport({ organizerId }: { organizerId: number }) {
  const me = useMe();
  const [period, setPeriodState] = useState<ReportPeriod>({ from: null, to: null });
  const setPeriod = useCallback((next: Partial<ReportPeriod>) => setPeriodState((p) => ({ ...p, ...next })), []);
  return (
    <Stack gap="sm" data-testid="invoice-export">
      <div>
        <Title order={3} size="h5">
          <Trans>Export for accounting</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            Every invoice and cancellation invoice of this organizer's events, in number order, with the buyer's company
            and VAT number, net, tax and total in each event's currency.
          </Trans>
        </Text>
      </div>
      <PeriodChooser
        period={period}
        onChange={setPeriod}
        timeZone={me.data?.account.timezone ?? 'UTC'}
        note={<Trans>Each invoice's day is counted in its event's time zone, first and last day included.</Trans>}
      />
      <ReportDownloadButtons
        download={(format, locale) => downloadOrganizerInvoices(organizerId, period, format, locale)}
        disabled={periodProblem(period) !== null}
      />
    </Stack>
  );
}
