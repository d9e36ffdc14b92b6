import { describe, expect, it } from 'vitest';

import { eventPagePath, matchRoute } from './match-route';

describe('matchRoute', () => {
  it('matches the buyer routes of SPEC §2', () => {
    expect(matchRoute('/event/12/riverside-open-air')).toEqual({ name: 'event', eventId: 12 });
    expect(matchRoute('/e/12/anything/')).toEqual({ name: 'event', eventId: 12 });
    expect(matchRoute('/event/12')).toEqual({ name: 'event', eventId: 12 });
    expect(matchRoute('/widget/7')).toEqual({ name: 'widget', eventId: 7 });
    expect(matchRoute('/checkout/7/AbC_1-x/details')).toEqual({
      name: 'checkout',
      eventId: 7,
      shortId: 'AbC_1-x',
      step: 'details',
    });
    expect(matchRoute('/checkout/7/o1/payment_return')).toMatchObject({ step: 'payment_return' });
    expect(matchRoute('/order/7/o1/print')).toEqual({ name: 'order-print', eventId: 7, shortId: 'o1' });
    expect(matchRoute('/ticket/7/a1')).toEqual({ name: 'ticket', eventId: 7, shortId: 'a1' });
    expect(matchRoute('/ticket/7/a1/print')).toEqual({ name: 'ticket-print', eventId: 7, shortId: 'a1' });
    expect(matchRoute('/waitlist/7/Ab_c-9')).toEqual({ name: 'waitlist', eventId: 7, token: 'Ab_c-9' });
    expect(matchRoute('/unsubscribe/Ab_c-9')).toEqual({ name: 'unsubscribe', token: 'Ab_c-9' });
    expect(matchRoute('/unsubscribe/Ab_c-9/')).toEqual({ name: 'unsubscribe', token: 'Ab_c-9' });
  });

  it('sends anything else to not-found', () => {
    for (const path of [
      '/',
      '/event/abc/x',
      '/event/0/x',
      '/checkout/7/o1/other',
      '/widget/7/extra',
      '/ticket/7/a%20b',
      '/waitlist/7',
      '/waitlist/7/a%20b',
      '/unsubscribe',
      '/unsubscribe/',
      '/unsubscribe/a%20b',
      '/unsubscribe/abc/extra',
    ]) {
      expect(matchRoute(path)).toEqual({ name: 'not-found' });
    }
  });

  it('builds event page links with a promo code and a date', () => {
    expect(eventPagePath(3, 'gala night', 'JAZZ 10')).toBe('/event/3/gala%20night?promo_code=JAZZ%2010');
    expect(eventPagePath(3, 'gala', null)).toBe('/event/3/gala');
    expect(eventPagePath(3, 'gala', null, 41)).toBe('/event/3/gala?date=41');
    expect(eventPagePath(3, 'gala', 'JAZZ10', 41)).toBe('/event/3/gala?promo_code=JAZZ10&date=41');
  });
});
