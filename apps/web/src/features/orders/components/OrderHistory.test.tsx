import type { AttendeeDto, OrderHistoryEntryDto } from '@admitone/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { OrderHistory } from './OrderHistory';

const attendee = { id: 5, first_name: 'Anna', last_name: 'Berg', email: 'anna@example.com' } as AttendeeDto;

let nextId = 1;
const entry = (
  kind: string,
  data: Record<string, unknown>,
  by: OrderHistoryEntryDto['by'] = null,
): OrderHistoryEntryDto => ({
  id: nextId++,
  kind,
  by,
  data,
  at: '2026-03-12T18:30:00.000Z',
});

function renderHistory(history: OrderHistoryEntryDto[]) {
  renderWithProviders(
    <OrderHistory history={history} attendees={[attendee]} currency="EUR" timeZone="Europe/Berlin" />,
  );
}

describe('OrderHistory', () => {
  it('lists each field a buyer corrected, as it was and as it is, with a dash for an empty value', () => {
    renderHistory([
      entry('ATTENDEE_EDITED_BY_BUYER', {
        attendee_id: 5,
        changes: [
          { field: 'first_name', from: 'Ana', to: 'Anna' },
          { field: 'email', from: '', to: 'anna@example.com' },
          { field: 'Dietary needs', from: 'Vegan', to: '' },
        ],
      }),
    ]);
    expect(screen.getByText('Attendee details corrected by the buyer')).toBeTruthy();
    expect(
      screen.getByText('Anna Berg · first name: Ana → Anna · e-mail: — → anna@example.com · Dietary needs: Vegan → —'),
    ).toBeTruthy();
  });

  it('names a question by its title even when it reads like a built-in name, and skips malformed changes', () => {
    renderHistory([
      entry('ATTENDEE_EDITED_BY_BUYER', {
        attendee_id: 99,
        changes: [
          { field: 'constructor', from: 'a', to: 'b' },
          { field: 'answers', from: 'x', to: 'y' },
          { field: 'last_name' },
          'nonsense',
          null,
        ],
      }),
    ]);
    expect(screen.getByText('constructor: a → b · answers: x → y')).toBeTruthy();
  });

  it("keeps the other entries' details: a transfer's old and new holder, a resent ticket's address", () => {
    renderHistory([
      entry('TICKET_TRANSFERRED', {
        attendee_id: 5,
        from: 'Carl Dahl <carl@example.com>',
        to: 'Anna Berg <anna@example.com>',
      }),
      entry('TICKET_RESENT_BY_BUYER', { attendee_id: 5, email: 'anna@example.com' }),
      entry('CANCELLED_BY_BUYER', {}),
      entry(
        'ATTENDEE_EDITED',
        { attendee_id: 5, fields: ['first_name', 'answers'] },
        { id: 1, name: 'Olga Organizer' },
      ),
    ]);
    expect(screen.getByText('Ticket passed on by the buyer')).toBeTruthy();
    expect(screen.getByText('Anna Berg · Carl Dahl <carl@example.com> → Anna Berg <anna@example.com>')).toBeTruthy();
    expect(screen.getByText("Ticket e-mail sent again at the buyer's request")).toBeTruthy();
    expect(screen.getByText('Anna Berg · anna@example.com')).toBeTruthy();
    expect(screen.getByText('Order cancelled by the buyer')).toBeTruthy();
    expect(screen.getByText('Anna Berg · first name, answers')).toBeTruthy();
    // The buyer's own changes name nobody as their author; the organizer's do.
    const times = screen.getAllByText(/2026/).map((el) => el.textContent);
    expect(times).toHaveLength(4);
    expect(times.filter((when) => when?.includes(' by '))).toEqual([expect.stringMatching(/ by Olga Organizer$/)]);
  });

  it('says when an order was cancelled, or a late payment refunded, because the organizer cancelled its date', () => {
    renderHistory([
      entry('CANCELLED', { reason: 'date_cancelled', refund_due: 4000 }, { id: 1, name: 'Olga Organizer' }),
      entry('LATE_PAYMENT_REFUNDED', { amount: 2500, reason: 'date_cancelled' }),
      entry('LATE_PAYMENT_REFUNDED', { amount: 1000 }),
      entry('CANCELLED', { reason: 'payment_overdue' }),
    ]);
    expect(screen.getByText('Order cancelled: its date was cancelled')).toBeTruthy();
    expect(screen.getByText('€40.00 paid outside the card payments: yours to return')).toBeTruthy();
    expect(screen.getByText(/^Payment refunded automatically: its date was cancelled · €25\.00$/)).toBeTruthy();
    expect(screen.getByText(/^Late payment refunded automatically · €10\.00$/)).toBeTruthy();
    expect(screen.getByText('Order cancelled')).toBeTruthy();
  });

  it('a date change at another price shows both totals; its refunds say why', () => {
    renderHistory([
      entry('DATE_EXCHANGED', {
        previous_start: '2026-06-01T17:00:00.000Z',
        start_date: '2026-06-22T17:00:00.000Z',
        previous_total: 4400,
        total: 3300,
        refund: 1100,
      }),
      entry('EXCHANGE_REFUNDED', { amount: 1100, reason: 'cheaper' }),
      entry('EXCHANGE_REFUNDED', { amount: 550, reason: 'date_full' }),
    ]);
    expect(screen.getByText(/ · €44\.00 → €33\.00$/)).toBeTruthy();
    expect(screen.getByText('Price difference of a date change refunded to the card · €11.00')).toBeTruthy();
    expect(screen.getByText('Date change payment refunded: the new date had filled up · €5.50')).toBeTruthy();
  });
});
