import type { PublicOrderDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { ApiError } from '../../lib/api-error';
import { checkoutRoute, stateOfError } from './order-state';

const order = (patch: Partial<PublicOrderDto>) =>
  ({ status: 'RESERVED', is_expired: false, is_owner: true, details_complete: false, ...patch }) as PublicOrderDto;

describe('checkoutRoute', () => {
  it('keeps an open checkout on its step', () => {
    expect(checkoutRoute(order({}))).toEqual({ kind: 'details' });
    expect(checkoutRoute(order({ details_complete: true }))).toEqual({ kind: 'payment' });
  });

  it('sends expired, foreign and replaced checkouts to their screens', () => {
    expect(checkoutRoute(order({ is_expired: true }))).toEqual({ kind: 'state', state: 'expired' });
    expect(checkoutRoute(order({ is_owner: false }))).toEqual({ kind: 'state', state: 'unavailable' });
    expect(checkoutRoute(order({ status: 'ABANDONED' }))).toEqual({ kind: 'state', state: 'unavailable' });
  });

  it('maps settled orders', () => {
    expect(checkoutRoute(order({ status: 'COMPLETED' }))).toEqual({ kind: 'state', state: 'paid' });
    expect(checkoutRoute(order({ status: 'CANCELLED' }))).toEqual({ kind: 'state', state: 'cancelled' });
    expect(checkoutRoute(order({ status: 'PROCESSING' }))).toEqual({ kind: 'state', state: 'processing' });
    expect(checkoutRoute(order({ status: 'AWAITING_PAYMENT' }))).toEqual({ kind: 'summary' });
  });
});

describe('stateOfError', () => {
  it('maps API errors to screens', () => {
    expect(stateOfError(new ApiError(404, 'NOT_FOUND', ''))).toBe('not_found');
    expect(stateOfError(new ApiError(403, 'ORDER_PAGE_UNAVAILABLE', ''))).toBe('unavailable');
    expect(stateOfError(new ApiError(409, 'ORDER_EXPIRED', ''))).toBe('expired');
    expect(stateOfError(new Error('x'))).toBe('error');
  });
});
