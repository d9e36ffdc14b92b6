import { CHANNEL_SALES_FIGURES, type ChannelSalesDto } from '@admitone/shared';
import { type SQL, sql } from 'drizzle-orm';

import { SALE_CHANNEL, type SaleChannel } from '../orders/sales-channel.js';
import { num } from './report-event.js';

const sumIn = (what: SQL, channel: SaleChannel) =>
  sql`coalesce(sum(${what}) filter (where ${SALE_CHANNEL} = ${sql.raw(`'${channel}'`)}), 0)`;

/**
 * The columns of `ChannelSalesDto` in a grouped query over orders `o`: `units` and `gross` (expressions over `o` or
 * its lines) summed by the order's sale channel. Complimentary sales carry no money: only their units.
 */
export function channelSums(units: SQL, gross: SQL): SQL {
  return sql`${sumIn(units, 'ONLINE')} as online_units, ${sumIn(gross, 'ONLINE')} as online_gross,
    ${sumIn(units, 'BOX_OFFICE')} as box_office_units, ${sumIn(gross, 'BOX_OFFICE')} as box_office_gross,
    ${sumIn(units, 'COMPLIMENTARY')} as complimentary_units`;
}

/** Those columns of a row (bigint sums come back as strings) as numbers; no row: zeros. */
export function channelSales(row?: Partial<Record<keyof ChannelSalesDto, unknown>>): ChannelSalesDto {
  const figures = {} as ChannelSalesDto;
  for (const k of CHANNEL_SALES_FIGURES) figures[k] = num(row?.[k]);
  return figures;
}
