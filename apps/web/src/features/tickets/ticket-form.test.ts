import type { TicketDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { previewBase, quantityErrors, ticketBody, ticketValues, withHidden } from './ticket-form';

const ticket = {
  id: 7,
  name: 'Standard',
  description: null,
  mail_text: 'Bring your ID.',
  type: 'PAID',
  price: 2550,
  min_price: null,
  quantity: 100,
  sale_start: '2026-07-01T08:00:00.000Z',
  sale_end: null,
  min_per_order: 1,
  max_per_order: 6,
  is_hidden: false,
  hide_when_sold_out: true,
  waitlist_enabled: true,
  hide_before_sale_start: false,
  hide_after_sale_end: false,
  requires_promo_code: false,
  sold_online: true,
  sold_at_box_office: true,
  box_office_price: null,
  tax_and_fee_ids: [3],
  tiers: [],
} as unknown as TicketDto;

describe('ticket form values', () => {
  it('round-trips a ticket: minor units, wall clock in the event zone', () => {
    const values = ticketValues(ticket, 'EUR', 'Europe/Berlin', []);
    expect(values.price).toBe(25.5);
    expect(values.sale_start).toBe('2026-07-01 10:00:00');
    const body = ticketBody(values, 'EUR');
    expect(body).toMatchObject({
      price: 2550,
      quantity: 100,
      sale_start: '2026-07-01T10:00',
      max_per_order: 6,
      tax_and_fee_ids: [3],
      tiers: [],
    });
  });

  it("carries the text for the ticket's mails: empty for a new ticket, as saved, trimmed or null into the body", () => {
    expect(ticketValues(undefined, 'EUR', 'UTC', []).mail_text).toBe('');
    expect(ticketBody(ticketValues(undefined, 'EUR', 'UTC', []), 'EUR').mail_text).toBeNull();
    const values = ticketValues(ticket, 'EUR', 'UTC', []);
    expect(values.mail_text).toBe('Bring your ID.');
    expect(ticketBody({ ...values, mail_text: '  Gate B  ' }, 'EUR').mail_text).toBe('Gate B');
    expect(ticketBody({ ...values, mail_text: '   ' }, 'EUR').mail_text).toBeNull();
    // Hiding a ticket from the list keeps its text.
    expect(withHidden(ticket, true, 'EUR', 'UTC').mail_text).toBe('Bring your ID.');
  });

  it('pre-selects default taxes on a new ticket only', () => {
    expect(ticketValues(undefined, 'EUR', 'UTC', [1, 2]).tax_and_fee_ids).toEqual(['1', '2']);
    expect(ticketValues(ticket, 'EUR', 'UTC', [1, 2]).tax_and_fee_ids).toEqual(['3']);
  });

  it('hides a ticket without changing anything else', () => {
    expect(withHidden(ticket, true, 'EUR', 'Europe/Berlin')).toMatchObject({
      is_hidden: true,
      price: 2550,
      hide_when_sold_out: true,
      waitlist_enabled: true,
    });
  });

  it('carries the waitlist switch: off for a new ticket, as saved for an existing one, into the body', () => {
    expect(ticketValues(undefined, 'EUR', 'UTC', []).waitlist_enabled).toBe(false);
    expect(ticketBody(ticketValues(undefined, 'EUR', 'UTC', []), 'EUR').waitlist_enabled).toBe(false);
    const values = ticketValues(ticket, 'EUR', 'UTC', []);
    expect(values.waitlist_enabled).toBe(true);
    expect(ticketBody(values, 'EUR').waitlist_enabled).toBe(true);
    expect(ticketBody({ ...values, waitlist_enabled: false }, 'EUR').waitlist_enabled).toBe(false);
  });

  it('sends tiers only for tiered tickets, unlimited as null', () => {
    const values = { ...ticketValues(undefined, 'JPY', 'UTC', []), type: 'TIERED' as const };
    values.tiers = [{ ...values.tiers[0]!, label: 'Early', price: 1500, unlimited: false, quantity: 20 }];
    const body = ticketBody(values, 'JPY');
    expect(body.tiers).toEqual([
      { label: 'Early', price: 1500, quantity: 20, sale_start: null, sale_end: null, is_hidden: false },
    ]);
    expect(body.quantity).toBeNull();
    expect(previewBase(values, 'JPY')).toBe(1500);
  });

  it('keeps whether a tier has sales in the form, never in the body', () => {
    const tiered = {
      ...ticket,
      type: 'TIERED',
      price: null,
      tiers: [
        {
          id: 4,
          label: 'Early',
          price: 6000,
          quantity: 50,
          sale_start: null,
          sale_end: null,
          is_hidden: false,
          has_sales: true,
        },
      ],
    } as unknown as TicketDto;
    const values = ticketValues(tiered, 'GBP', 'UTC', []);
    expect(values.tiers[0]).toMatchObject({ id: 4, has_sales: true });
    expect(ticketValues(undefined, 'GBP', 'UTC', []).tiers[0]?.has_sales).toBe(false);
    expect(ticketBody(values, 'GBP').tiers?.[0]).toEqual({
      id: 4,
      label: 'Early',
      price: 6000,
      quantity: 50,
      sale_start: null,
      sale_end: null,
      is_hidden: false,
    });
  });

  it('asks for a quantity unless unlimited', () => {
    const values = { ...ticketValues(undefined, 'EUR', 'UTC', []), unlimited: false };
    expect(quantityErrors(values, 'required')).toEqual({ quantity: 'required' });
  });

  it('sends a pass only for a ticket with one price, without a waitlist, prorated only when paid', () => {
    const values = {
      ...ticketValues(ticket, 'EUR', 'Europe/Berlin', []),
      product_type: 'TICKET' as const,
      is_pass: true,
      pass_prorated: true,
    };
    expect(ticketBody(values, 'EUR')).toMatchObject({ is_pass: true, pass_prorated: true, waitlist_enabled: false });
    expect(ticketBody({ ...values, type: 'FREE' }, 'EUR')).toMatchObject({ is_pass: true, pass_prorated: false });
    expect(ticketBody({ ...values, type: 'TIERED' }, 'EUR')).toMatchObject({ is_pass: false, pass_prorated: false });
    expect(ticketBody({ ...values, product_type: 'GENERAL' }, 'EUR')).toMatchObject({ is_pass: false });
    // Any N dates picked later: not prorated.
    expect(ticketBody({ ...values, pass_picks_on: true, pass_picks: 3 }, 'EUR')).toMatchObject({
      is_pass: true,
      pass_prorated: false,
      pass_picks: 3,
    });
    expect(ticketBody({ ...values, is_pass: false, pass_picks_on: true }, 'EUR')).toMatchObject({ pass_picks: null });
    expect(ticketBody({ ...values, is_pass: false }, 'EUR')).toMatchObject({
      is_pass: false,
      pass_prorated: false,
      waitlist_enabled: true,
    });
  });

  it('sells a new ticket on both channels at one price, and carries the channels of a saved one', () => {
    const fresh = ticketValues(undefined, 'EUR', 'UTC', []);
    expect(fresh).toMatchObject({ sold_online: true, sold_at_box_office: true, box_office_price: '' });
    expect(ticketBody(fresh, 'EUR')).toMatchObject({
      sold_online: true,
      sold_at_box_office: true,
      box_office_price: null,
    });
    const doorOnly = { ...ticket, sold_online: false, box_office_price: 3000 } as TicketDto;
    const values = ticketValues(doorOnly, 'EUR', 'UTC', []);
    expect(values).toMatchObject({ sold_online: false, sold_at_box_office: true, box_office_price: 30 });
    expect(withHidden(doorOnly, true, 'EUR', 'UTC')).toMatchObject({
      sold_online: false,
      sold_at_box_office: true,
      box_office_price: 3000,
    });
  });

  it('sends the box-office price in minor units, only for a paid ticket sold at the box office', () => {
    const values = { ...ticketValues(ticket, 'EUR', 'UTC', []), box_office_price: 28.9 };
    expect(ticketBody(values, 'EUR')).toMatchObject({ price: 2550, box_office_price: 2890 });
    expect(ticketBody({ ...values, box_office_price: 1500 }, 'JPY').box_office_price).toBe(1500);
    expect(ticketBody({ ...values, box_office_price: '' }, 'EUR').box_office_price).toBeNull();
    expect(ticketBody({ ...values, sold_at_box_office: false }, 'EUR').box_office_price).toBeNull();
    for (const type of ['FREE', 'DONATION', 'TIERED'] as const)
      expect(ticketBody({ ...values, type, min_price: 5 }, 'EUR').box_office_price).toBeNull();
  });
});
