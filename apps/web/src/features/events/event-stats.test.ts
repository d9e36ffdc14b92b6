import type { EventStatsDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import {
  chartRows,
  formatDayLong,
  formatDayShort,
  formatPercent,
  hasSales,
  niceAxisMax,
  publicEventPath,
  summariseSeries,
} from './event-stats';

const day = (date: string, gross = 0, page_views = 0, orders = 0) => ({
  date,
  orders,
  tickets: orders * 2,
  gross,
  page_views,
});

const stats = (over: Partial<EventStatsDto> = {}): EventStatsDto => ({
  currency: 'GBP',
  orders_completed: 0,
  orders_awaiting_payment: 0,
  orders_cancelled: 0,
  tickets_sold: 0,
  tickets_reserved: 0,
  tickets_valid: 0,
  tickets_checked_in: 0,
  gross_sales: 0,
  total_discount: 0,
  total_fees: 0,
  total_taxes: 0,
  total_refunded: 0,
  page_views: 0,
  unique_visitors: 0,
  conversion_rate: null,
  daily: [],
  by_product: [],
  by_channel: {
    online_tickets: 0,
    online_gross: 0,
    box_office_tickets: 0,
    box_office_gross: 0,
    complimentary_tickets: 0,
  },
  waitlist_demand: [],
  ...over,
});

describe('day labels', () => {
  it('formats the calendar day as given, whatever the runtime zone', () => {
    expect(formatDayShort('2026-11-21', 'en-GB')).toBe('21 Nov');
    expect(formatDayShort('2026-01-01', 'en-US')).toBe('Jan 1');
    expect(formatDayShort('2026-11-21', 'de')).toBe('21. Nov.');
    expect(formatDayLong('2026-11-21', 'en-GB')).toMatch(/^Sat,? 21 Nov 2026$/);
  });
});

describe('formatPercent', () => {
  it('shows a rate as a localised percentage, with at most one decimal', () => {
    expect(formatPercent(0.125, 'en')).toBe('12.5%');
    expect(formatPercent(1, 'en')).toBe('100%');
    expect(formatPercent(0.3333, 'de')).toBe('33,3\u00a0%');
  });
  it('has nothing to show without a rate', () => {
    expect(formatPercent(null, 'en')).toBeNull();
    expect(formatPercent(Number.NaN, 'en')).toBeNull();
  });
});

describe('hasSales', () => {
  it('is false for an event with no orders, even with visits and cancellations', () => {
    expect(hasSales(stats({ page_views: 12, orders_cancelled: 1 }))).toBe(false);
  });
  it('counts completed orders, orders awaiting payment and free tickets', () => {
    expect(hasSales(stats({ orders_completed: 1, tickets_sold: 2 }))).toBe(true);
    expect(hasSales(stats({ orders_awaiting_payment: 1, tickets_reserved: 1 }))).toBe(true);
  });
});

describe('chartRows and summariseSeries', () => {
  it('labels every day and finds totals and peaks', () => {
    const rows = chartRows(
      [day('2026-11-19', 0, 3), day('2026-11-20', 4500, 10, 1), day('2026-11-21', 9000, 10, 2)],
      'en-GB',
    );
    expect(rows.map((r) => r.label)).toEqual(['19 Nov', '20 Nov', '21 Nov']);
    const summary = summariseSeries(rows);
    expect(summary).toMatchObject({ gross: 13500, orders: 3, pageViews: 23 });
    expect(summary.bestSalesDay?.date).toBe('2026-11-21');
    // The first of two equally busy days.
    expect(summary.busiestDay?.date).toBe('2026-11-20');
  });
  it('has no peak when nothing happened', () => {
    const summary = summariseSeries(chartRows([day('2026-11-20'), day('2026-11-21')], 'en'));
    expect(summary.bestSalesDay).toBeNull();
    expect(summary.busiestDay).toBeNull();
  });
});

it('builds the public page path', () => {
  expect(publicEventPath({ id: 7, slug: 'riverside-open-air' })).toBe('/event/7/riverside-open-air');
});

describe('niceAxisMax', () => {
  it('rounds the top of an axis up to four whole, round steps', () => {
    expect(niceAxisMax(5, 4)).toBe(8);
    expect(niceAxisMax(0, 4)).toBe(4);
    expect(niceAxisMax(3, 4)).toBe(4);
    expect(niceAxisMax(4300, 100)).toBe(6000);
    expect(niceAxisMax(3900, 100)).toBe(4000);
    expect(niceAxisMax(0, 100)).toBe(100);
    expect(niceAxisMax(9, 4)).toBe(12);
    expect(niceAxisMax(17, 4)).toBe(20);
  });
});
