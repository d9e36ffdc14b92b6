import type { AttendeeDto, CheckInOutcomeDto } from '@admitone/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { staffLinkEndpoints } from '../api/check-in';
import { CheckInSourceContext } from '../check-in-source';
import type { SubmitResult } from '../hooks/useCheckIn';
import { ScanOutcomeCard } from './ScanOutcomeCard';

const attendee = {
  id: 1,
  short_id: 'A2345',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: null,
  ticket_name: 'Standing',
  tier_label: null,
  date: { id: 9, start_date: '2030-06-02T17:00:00.000Z', end_date: null, label: 'Matinee', location: null },
} as AttendeeDto;
const none = { checked_in_at: null, checked_in_by: null, checked_in_by_link: false };

/** The card after a scan, on a screen whose caller manages the event (organizer) or not (door staff, staff link). */
function show(outcome: CheckInOutcomeDto, managesOrders: boolean, result: SubmitResult = { kind: 'done', outcome }) {
  const source = {
    key: ['test'],
    queueKey: 'test',
    endpoints: staffLinkEndpoints('x'.repeat(43)),
    managesOrders,
    searchesEmails: !managesOrders,
    related: [],
  };
  renderWithProviders(
    <CheckInSourceContext.Provider value={source}>
      <ScanOutcomeCard result={result} timeZone="Europe/Berlin" />
    </CheckInSourceContext.Provider>,
  );
}

describe('the scan outcome', () => {
  it('tells door staff a ticket is for another event without naming anyone (the server sends no attendee)', () => {
    show({ result: 'WRONG_EVENT', attendee: null, ...none }, false);
    expect(screen.getByText('Ticket for another event')).toBeTruthy();
    expect(screen.getByText('This ticket is for another event.')).toBeTruthy();
  });

  it("refuses a ticket for another date of the event and names the ticket's date, in the event's time zone", () => {
    show({ result: 'WRONG_DATE', attendee, ...none }, false);
    expect(screen.getByText('Ticket for another date')).toBeTruthy();
    expect(screen.getByText('This ticket is for Jun 2, 2030, 7:00 PM · Matinee.')).toBeTruthy();
    expect(screen.getByTestId('scan-outcome').getAttribute('data-result')).toBe('WRONG_DATE');
  });

  it("offline, a ticket for another date is refused on the device, naming the ticket's date from the last sync", () => {
    show({ result: 'WRONG_DATE', attendee: null, ...none }, false, {
      kind: 'refused',
      result: 'WRONG_DATE',
      ticket: {
        id: 1,
        code: 'A2345',
        name: 'Ada Lovelace',
        ticket: 'Standing',
        status: 'ACTIVE',
        checked_in: false,
        event_date_id: 9,
      },
      syncedAt: '2030-06-02T15:00:00.000Z',
      dates: [{ id: 9, start_date: '2030-06-02T17:00:00.000Z', end_date: null, label: 'Matinee' }],
    });
    expect(screen.getByText('Ticket for another date')).toBeTruthy();
    expect(
      screen.getByText(/^The ticket of Ada Lovelace is for Jun 2, 2030, 7:00 PM · Matinee\. No connection/),
    ).toBeTruthy();
  });

  it('offline, a valid seated ticket is saved on the device and says where it sits', () => {
    show({ result: 'WRONG_EVENT', attendee: null, ...none }, false, {
      kind: 'queued',
      pending: 1,
      ticket: {
        id: 1,
        code: 'A2345',
        name: 'Ada Lovelace',
        ticket: 'Stalls',
        status: 'ACTIVE',
        checked_in: false,
        event_date_id: 9,
        seat: { section: 'Ground floor', row: 'B', seat: '12' },
      },
      syncedAt: '2030-06-02T15:00:00.000Z',
    });
    expect(screen.getByText('Valid ticket: saved on this device')).toBeTruthy();
    expect(screen.getByText(/^Ada Lovelace · Stalls · Ground floor, row B, seat 12\. Valid when/)).toBeTruthy();
  });

  it('names the holder to an organizer', () => {
    show({ result: 'WRONG_EVENT', attendee, ...none }, true);
    expect(screen.getByText('This ticket of Ada Lovelace is for another of your events.')).toBeTruthy();
  });

  it('sends door staff to an organizer for an unpaid order, and tells the organizer to mark it paid', () => {
    show({ result: 'AWAITING_PAYMENT', attendee, ...none }, false);
    expect(
      screen.getByText('The order of Ada Lovelace is not paid yet. Ask an organizer to mark it as paid.'),
    ).toBeTruthy();
  });

  it('tells an organizer to mark an unpaid order as paid', () => {
    show({ result: 'AWAITING_PAYMENT', attendee, ...none }, true);
    expect(screen.getByText('The order of Ada Lovelace is not paid yet. Mark it as paid first.')).toBeTruthy();
  });

  it('says which list refused a ticket, and that a staff link admitted one before', () => {
    show({ result: 'NOT_ON_LIST', attendee, ...none }, false);
    expect(screen.getByText('Not on this list')).toBeTruthy();
    expect(
      screen.getByText('Ada Lovelace has a Standing ticket, which this check-in list does not admit.'),
    ).toBeTruthy();
  });

  it('names the staff link as who admitted a ticket already', () => {
    show(
      {
        result: 'ALREADY_CHECKED_IN',
        attendee,
        checked_in_at: '2030-06-01T17:05:00.000Z',
        checked_in_by: null,
        checked_in_by_link: true,
      },
      false,
    );
    expect(
      screen.getByText("Ada Lovelace was checked in at Jun 1, 2030, 7:05 PM by the list's staff link."),
    ).toBeTruthy();
  });
});

describe('the scan outcome of a seated ticket (issue #40)', () => {
  it('names where the guest sits, so the door can point the way', () => {
    const seated = { ...attendee, seat: { section: 'Stalls', row: 'B', seat: '12' } };
    show({ result: 'CHECKED_IN', attendee: seated, ...none }, true);
    expect(screen.getByText('Ada Lovelace · Standing · Stalls, row B, seat 12')).toBeTruthy();
  });

  it('names no seat for a ticket without one', () => {
    show({ result: 'CHECKED_IN', attendee: { ...attendee, seat: null }, ...none }, true);
    expect(screen.getByText('Ada Lovelace · Standing')).toBeTruthy();
  });
});

describe('admit anyway', () => {
  afterEach(() => vi.restoreAllMocks());

  /** The card after a check-in from the list, for an organizer (`admitsAnyway`) or door staff. */
  function card(
    result: CheckInOutcomeDto['result'],
    admitsAnyway: boolean,
    scan = { attendee_id: 1, action: 'CHECK_IN' as const },
  ) {
    const onAdmitAnyway = vi.fn();
    const source = {
      key: ['test'],
      queueKey: 'test',
      endpoints: staffLinkEndpoints('x'.repeat(43)),
      managesOrders: admitsAnyway,
      admitsAnyway,
      searchesEmails: true,
      related: [],
    };
    renderWithProviders(
      <CheckInSourceContext.Provider value={source}>
        <ScanOutcomeCard
          result={{ kind: 'done', outcome: { result, attendee, ...none }, scan }}
          timeZone="Europe/Berlin"
          onAdmitAnyway={onAdmitAnyway}
        />
      </CheckInSourceContext.Provider>,
    );
    return onAdmitAnyway;
  }
  const button = () => screen.queryByRole('button', { name: 'Admit anyway' });

  it.each(['NOT_ON_LIST', 'LIST_NOT_ACTIVE', 'LIST_EXPIRED', 'WRONG_DATE', 'AWAITING_PAYMENT'] as const)(
    'is offered to an organizer for %s',
    (result) => {
      const onAdmitAnyway = card(result, true);
      fireEvent.click(button()!);
      expect(onAdmitAnyway).toHaveBeenCalledWith(
        expect.objectContaining({ kind: 'done', scan: { attendee_id: 1, action: 'CHECK_IN' } }),
      );
    },
  );

  it('is not offered to door staff', () => {
    card('NOT_ON_LIST', false);
    expect(screen.getByText('Not on this list')).toBeTruthy();
    expect(button()).toBeNull();
  });

  it.each(['CANCELLED', 'WRONG_EVENT', 'TRANSFERRED', 'ALREADY_CHECKED_IN', 'CHECKED_IN'] as const)(
    'is never offered for %s',
    (result) => {
      card(result, true);
      expect(button()).toBeNull();
    },
  );

  it('is not offered for a check-out', () => {
    card('LIST_EXPIRED', true, { attendee_id: 1, action: 'CHECK_OUT' as 'CHECK_IN' });
    expect(screen.getByText('List closed')).toBeTruthy();
    expect(button()).toBeNull();
  });

  it('is not offered offline (the server alone may pass over a refusal)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    card('NOT_ON_LIST', true);
    expect(button()).toBeNull();
  });
});
