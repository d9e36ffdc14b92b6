import { describe, expect, it } from 'vitest';

import { oneDate } from '../selector/date-fixtures';
import { publicTicket, unitPrice } from '../selector/ticket-fixtures';
import { allFree, availabilityOf, keepAvailable, standingLeft } from './availability';
import { companionSeats } from './companions';
import { placeCount, placeIds, toggleSeat, withCategorySeats, withoutPlaces, withStanding } from './seat-choice';
import { indexSeating } from './seat-index';
import { categoryLines, lostPlaces, seatsByLine } from './seat-lines';
import { seatedEvent, smallPlan } from './seating-fixtures';

const plan = smallPlan();
const index = indexSeating(plan);
const seat = (id: number) => index.seats[index.byId.get(id)!]!;
const free = () => true;

describe('choosing seats', () => {
  it('toggles a seat, and a table sold whole with all its seats', () => {
    let places = toggleSeat({}, index, seat(102), free);
    expect(places).toEqual({ 102: 1 });
    places = toggleSeat(places, index, seat(123), free);
    expect(placeIds(places)).toEqual([102, 121, 122, 123, 124]);
    places = toggleSeat(places, index, seat(121), free);
    expect(places).toEqual({ 102: 1 });
    expect(toggleSeat(places, index, seat(102), free)).toEqual({});
  });

  it('leaves a table whole when one of its seats is taken', () => {
    const places = toggleSeat({}, index, seat(121), (s) => s.id !== 124);
    expect(places).toEqual({});
  });

  it('counts standing places once per place, and replaces one category by best available', () => {
    let places = withStanding({ 102: 1 }, 201, 3);
    expect(placeIds(places)).toEqual([102, 201, 201, 201]);
    expect(placeCount(places)).toBe(4);
    places = withCategorySeats({ ...places, 111: 1 }, index, 0, [104, 105]);
    expect(placeIds(places)).toEqual([104, 105, 111, 201, 201, 201]);
    expect(withoutPlaces(places, [201, 104])).toEqual({ 105: 1, 111: 1, 201: 2 });
    expect(withStanding(places, 201, 0)[201]).toBeUndefined();
  });
});

describe('seats as reservation lines', () => {
  it('sells each category as its ticket on the date, at its unit price', () => {
    const lines = categoryLines(plan, seatedEvent());
    expect(lines.map((l) => l && [l.key, l.price])).toEqual([['1', 4500], ['2', 3000], null]);
  });

  it('sells nothing of a category whose ticket is not on sale, not seated or not on the date', () => {
    const event = seatedEvent({
      tickets: [publicTicket({ id: 1, sale_state: 'SOLD_OUT' })],
      seated_ticket_ids: [1],
    });
    expect(categoryLines(plan, event)).toEqual([null, null, null]);
  });

  it('sells a tier of a tiered ticket', () => {
    const tiered = publicTicket({
      id: 1,
      type: 'TIERED',
      unit: null,
      tiers: [
        {
          id: 7,
          label: 'Adult',
          unit: unitPrice(5000),
          sale_state: 'ON_SALE',
          sale_start: null,
          remaining: null,
          max_selectable: 5,
        },
      ],
    } as never);
    const event = seatedEvent({ tickets: [tiered], dates: oneDate() });
    const tieredPlan = { ...plan, categories: plan.categories.map((c, i) => (i === 0 ? { ...c, tier_id: 7 } : c)) };
    expect(categoryLines(tieredPlan, event)[0]).toMatchObject({ key: '1:7', tierId: 7, price: 5000 });
  });

  it('groups the places chosen by line, a standing area once per place, leaving out what is not sold', () => {
    const lines = categoryLines(plan, seatedEvent());
    expect(seatsByLine({ 102: 1, 111: 1, 131: 1, 201: 2, 101: 1 }, index, lines)).toEqual({
      1: [101, 102],
      2: [111, 201, 201],
    });
  });

  it('reads the places a SEATS_TAKEN answer names from the items sent', () => {
    const items = [{ seats: [101, 102] }, { seats: [111, 201, 201] }];
    const lost = lostPlaces(
      { 'items.0.seats.1': ['Stalls A 2 has just been taken.'], 'items.1.seats.2': ['Floor is full.'], items: ['x'] },
      items,
    );
    expect(lost).toEqual([
      { id: 102, message: 'Stalls A 2 has just been taken.' },
      { id: 201, message: 'Floor is full.' },
    ]);
  });
});

describe('availability', () => {
  it('drops seats taken by someone else and keeps standing places within what is left', () => {
    const availability = availabilityOf({ date_id: 1, unavailable: [102, 150], standing: [{ id: 201, left: 1 }] });
    const { places, lost } = keepAvailable({ 101: 1, 102: 1, 201: 3 }, availability, index);
    expect(places).toEqual({ 101: 1, 201: 1 });
    expect(lost).toEqual([102, 201, 201]);
    expect(standingLeft(availability, index, 201)).toBe(1);
    expect(standingLeft(allFree, index, 201)).toBe(50);
  });

  it('keeps the same choice when nothing was lost', () => {
    const places = { 101: 1 };
    expect(keepAvailable(places, allFree, index).places).toBe(places);
  });
});

describe('companionSeats', () => {
  it('offers the free companion seats beside a wheelchair space, at most three', () => {
    expect(companionSeats(index, seat(101), free).map((s) => s.id)).toEqual([102, 103]);
    expect(companionSeats(index, seat(101), (s) => s.id !== 102).map((s) => s.id)).toEqual([103]);
    expect(companionSeats(index, seat(104), free)).toEqual([]);
  });

  it('takes the three nearest on both sides', () => {
    const wide = smallPlan();
    wide.zones[0]!.rows[0]!.seats = wide.zones[0]!.rows[0]!.seats.map(([id, n, x, y, c], i) =>
      i === 2 ? [id, n, x, y, c, ['WHEELCHAIR']] : [id, n, x, y, c, ['COMPANION']],
    );
    const w = indexSeating(wide);
    expect(companionSeats(w, w.seats[2]!, free).map((s) => s.number)).toEqual(['2', '4', '1'].sort());
  });
});
