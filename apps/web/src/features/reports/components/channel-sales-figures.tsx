import type { ChannelSalesDto } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';

import type { ReportTableColumn } from './ReportTable';

/** The sales split by channel, after a report's other columns (as in its download). */
export const CHANNEL_SALES_COLUMNS: ReportTableColumn[] = [
  { header: <Trans>Online units</Trans>, numeric: true },
  { header: <Trans>Online gross</Trans>, numeric: true },
  { header: <Trans>Box-office units</Trans>, numeric: true },
  { header: <Trans>Box-office gross</Trans>, numeric: true },
  { header: <Trans>Complimentary units</Trans>, numeric: true },
];

/** Their cells, in the order of the columns. */
export const channelSalesCells = (
  r: ChannelSalesDto,
  count: (n: number) => string,
  money: (minor: number) => string,
): string[] => [
  count(r.online_units),
  money(r.online_gross),
  count(r.box_office_units),
  money(r.box_office_gross),
  count(r.complimentary_units),
];

/**
 * Whether the box office sold or gave anything in these figures (a report's totals): only then does the screen add the
 * channel columns (everything else was sold online; the downloads always have them).
 */
export const soldAtBoxOffice = (totals: ChannelSalesDto[]) =>
  totals.some((t) => t.box_office_units + t.complimentary_units > 0 || t.box_office_gross !== 0);
