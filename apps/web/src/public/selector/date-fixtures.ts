import type { PublicEventDateDto, PublicEventDatesDto } from '@admitone/shared';

/** Dates of the public event for tests: one on sale on Saturday 6 March 2027, 19:30 in Berlin, unless told. */

/** A date on sale (`id` and what the test gives). */
export const publicDate = (d: Partial<PublicEventDateDto> & Pick<PublicEventDateDto, 'id'>): PublicEventDateDto => ({
  start_date: '2027-03-06T18:30:00.000Z',
  end_date: null,
  label: null,
  location: null,
  state: 'ON_SALE',
  remaining: null,
  ...d,
});

/** The dates part of a one-date event: nothing to choose, its only date chosen. */
export const oneDate = (d: Partial<PublicEventDateDto> = {}): PublicEventDatesDto => {
  const date = publicDate({ id: 1, ...d });
  return { count: 1, upcoming: [date], chosen: date, date_unavailable: false, calendar: null, same_day: [] };
};

/**
 * An event with nine dates in Berlin, none chosen: the next six listed (Saturday 6 March 19:30 "Evening";
 * Friday 12 March 10:00 and 14:00, few left; Saturday 13 March sold out; Saturday 20 March cancelled;
 * Saturday 27 March), March in the calendar, three more in April.
 */
export const manyDates = (over: Partial<PublicEventDatesDto> = {}): PublicEventDatesDto => ({
  count: 9,
  upcoming: [
    publicDate({
      id: 101,
      start_date: '2027-03-06T18:30:00.000Z',
      end_date: '2027-03-06T20:30:00.000Z',
      label: 'Evening',
    }),
    publicDate({ id: 102, start_date: '2027-03-12T09:00:00.000Z', state: 'FEW_LEFT', remaining: 3 }),
    publicDate({ id: 103, start_date: '2027-03-12T13:00:00.000Z', state: 'FEW_LEFT', remaining: 2 }),
    publicDate({ id: 104, start_date: '2027-03-13T18:30:00.000Z', state: 'SOLD_OUT' }),
    publicDate({ id: 105, start_date: '2027-03-20T18:30:00.000Z', state: 'CANCELLED' }),
    publicDate({ id: 106, start_date: '2027-03-27T18:30:00.000Z' }),
  ],
  chosen: null,
  date_unavailable: false,
  calendar: {
    month: '2027-03',
    days: [
      { day: '2027-03-06', dates: 1, state: 'ON_SALE', first_date_id: 101 },
      { day: '2027-03-12', dates: 2, state: 'FEW_LEFT', first_date_id: 102 },
      { day: '2027-03-13', dates: 1, state: 'SOLD_OUT', first_date_id: 104 },
      { day: '2027-03-20', dates: 1, state: 'CANCELLED', first_date_id: 105 },
      { day: '2027-03-27', dates: 1, state: 'ON_SALE', first_date_id: 106 },
    ],
    previous_month: null,
    next_month: '2027-04',
  },
  same_day: [],
  ...over,
});
