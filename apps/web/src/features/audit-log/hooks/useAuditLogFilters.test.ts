import { describe, expect, it } from 'vitest';

import {
  type AuditLogState,
  daysOutOfOrder,
  hasAuditFilter,
  parseAuditLogState,
  toAuditListParams,
  writeAuditLogState,
} from './useAuditLogFilters';

const none: AuditLogState = { page: 1, action: null, user: null, event: null, from: null, to: null };

describe('the audit log screen in the address', () => {
  it('reads the page and the filters, and ignores what is not one', () => {
    expect(parseAuditLogState(new URLSearchParams())).toEqual(none);
    expect(
      parseAuditLogState(
        new URLSearchParams('page=2&action=ticket.updated&user=5&event=7&from=2026-11-01&to=2026-11-30'),
      ),
    ).toEqual({ page: 2, action: 'ticket.updated', user: 5, event: 7, from: '2026-11-01', to: '2026-11-30' });
    expect(
      parseAuditLogState(new URLSearchParams('page=0&action=drop.tables&user=-1&event=x&from=2026-02-30&to=soon')),
    ).toEqual(none);
  });

  it('writes what is set, keeping other parameters', () => {
    const params = new URLSearchParams('tab=x');
    writeAuditLogState(params, { ...none, page: 3, action: 'auth.signed_in', from: '2026-11-01' });
    expect(params.toString()).toBe('tab=x&page=3&action=auth.signed_in&from=2026-11-01');
  });

  it('asks the API with its own names, and knows a period that ends before it starts', () => {
    const state = { ...none, action: 'order.changed' as const, user: 5, event: 7, to: '2026-11-30' };
    expect(toAuditListParams(state)).toEqual({
      page: 1,
      per_page: 20,
      action: 'order.changed',
      member_id: 5,
      event_id: 7,
      to: '2026-11-30',
    });
    expect(hasAuditFilter(none)).toBe(false);
    expect(hasAuditFilter({ ...none, to: '2026-11-30' })).toBe(true);
    expect(daysOutOfOrder({ from: '2026-11-02', to: '2026-11-01' })).toBe(true);
    expect(daysOutOfOrder({ from: '2026-11-01', to: '2026-11-01' })).toBe(false);
  });
});
