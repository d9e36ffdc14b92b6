import { describe, expect, it } from 'vitest';

import { type OrderListState, parseOrderListState, toOrderListParams, writeOrderListState } from './useOrderListParams';

const base: OrderListState = {
  page: 1,
  query: '',
  sort: { by: 'created_at', direction: 'desc' },
  status: null,
  payment: null,
  tickets: [],
  date: null,
};

describe('order list state', () => {
  it('reads defaults from an empty address', () => {
    expect(parseOrderListState(new URLSearchParams())).toEqual(base);
  });

  it('reads search, sort and filters', () => {
    const state = parseOrderListState(
      new URLSearchParams('page=3&query=ada&sort=total:asc&status=CANCELLED&payment=REFUNDED&ticket=4,9&date=12'),
    );
    expect(state).toEqual({
      page: 3,
      query: 'ada',
      sort: { by: 'total', direction: 'asc' },
      status: 'CANCELLED',
      payment: 'REFUNDED',
      tickets: [4, 9],
      date: 12,
    });
  });

  it('ignores unknown values', () => {
    const state = parseOrderListState(
      new URLSearchParams('page=0&sort=price:up&status=LOST&payment=MAYBE&ticket=a,-2&date=x'),
    );
    expect(state).toEqual(base);
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const params = new URLSearchParams('order=12');
    writeOrderListState(params, { ...base, page: 2, query: 'O-1', tickets: [3] });
    expect(params.toString()).toBe('order=12&page=2&query=O-1&ticket=3');
    const sorted = new URLSearchParams();
    writeOrderListState(sorted, { ...base, sort: { by: 'last_name', direction: 'asc' } });
    expect(sorted.toString()).toBe('sort=last_name%3Aasc');
  });

  it('sends sorting when no filter is applied', () => {
    expect(toOrderListParams({ ...base, query: ' ada ', sort: { by: 'total', direction: 'asc' } })).toEqual({
      page: 1,
      per_page: 20,
      query: 'ada',
      sort_by: 'total',
      sort_direction: 'asc',
    });
  });

  it('drops sorting while a filter is applied (SPEC §3)', () => {
    const params = toOrderListParams({
      ...base,
      sort: { by: 'total', direction: 'asc' },
      status: 'COMPLETED',
      payment: 'PAYMENT_RECEIVED',
      tickets: [2, 5],
      date: 12,
    });
    expect(params).toEqual({
      page: 1,
      per_page: 20,
      filter_fields: {
        status: 'COMPLETED',
        payment_status: 'PAYMENT_RECEIVED',
        ticket_id: '2,5',
        event_date_id: '12',
      },
    });
  });
});
