import type { PublicDateMonthDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { manyDates, publicDate } from '../selector/date-fixtures';
import { nextCalendarDay } from './calendar-keys';
import { MonthCalendar } from './MonthCalendar';

const march = manyDates().calendar!;
const april: PublicDateMonthDto = {
  month: '2027-04',
  days: [
    { day: '2027-04-03', dates: 1, state: 'ON_SALE', first_date_id: 201 },
    { day: '2027-04-10', dates: 1, state: 'FEW_LEFT', first_date_id: 202 },
  ],
  previous_month: '2027-03',
  next_month: null,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(answer: (url: string) => Response = () => json({ data: null }), currentDay: string | null = null) {
  const fetchMock = vi.fn(async (url: string) => answer(url));
  vi.stubGlobal('fetch', fetchMock);
  const onChoose = vi.fn();
  renderWithProviders(
    <MonthCalendar
      eventId={9}
      timezone="Europe/Berlin"
      initial={march}
      links={{ hrefFor: (id) => `/event/9/gala?date=${id}`, onChoose }}
      currentDay={currentDay}
      headingLevel={4}
    />,
  );
  return { fetchMock, onChoose };
}

const day = (name: RegExp) => screen.getByRole('link', { name });

afterEach(() => vi.unstubAllGlobals());

describe('MonthCalendar', () => {
  it("renders the event answer's month without fetching: weekdays, days with dates as links, states marked", () => {
    const { fetchMock } = setup();
    const table = screen.getByRole('table', { name: 'March 2027' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'MonMonday',
      'TueTuesday',
      'WedWednesday',
      'ThuThursday',
      'FriFriday',
      'SatSaturday',
      'SunSunday',
    ]);
    // 1 March 2027 is a Monday: the first row starts with it.
    expect(within(table).getAllByRole('row')[1]!.firstElementChild!.textContent).toBe('1');
    const labels = within(table)
      .getAllByRole('link')
      .map((a) => a.getAttribute('aria-label'));
    expect(labels).toEqual([
      'Saturday, March 6, 2027, On sale',
      'Friday, March 12, 2027, 2 times, Few left',
      'Saturday, March 13, 2027, Sold out',
      'Saturday, March 27, 2027, On sale',
    ]);
    expect(day(/March 6/).getAttribute('href')).toBe('/event/9/gala?date=101');
    // A sold-out day is offered (its waitlist), with its state in words; a cancelled one is shown, struck through,
    // and not offered.
    expect(screen.getByText('Saturday, March 20, 2027, Cancelled').closest('[aria-disabled]')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps one day in the tab order and moves focus with the arrow keys, Home and End', () => {
    setup(undefined, '2027-03-12');
    const [sixth, twelfth, thirteenth, last] = [day(/March 6/), day(/March 12/), day(/March 13/), day(/March 27/)];
    // The chosen date's day is the one reached with Tab.
    expect([sixth.tabIndex, twelfth.tabIndex, thirteenth.tabIndex, last.tabIndex]).toEqual([-1, 0, -1, -1]);
    expect(twelfth.getAttribute('aria-current')).toBe('date');
    twelfth.focus();
    // The 13th is sold out, still a day to open (its waitlist); the 20th is cancelled and skipped.
    fireEvent.keyDown(twelfth, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(thirteenth);
    fireEvent.keyDown(thirteenth, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(last);
    expect(last.tabIndex).toBe(0);
    fireEvent.keyDown(last, { key: 'Home' });
    expect(document.activeElement).toBe(sixth);
    // A week down from the 6th is the 13th.
    fireEvent.keyDown(sixth, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(thirteenth);
    fireEvent.keyDown(thirteenth, { key: 'End' });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(last);
  });

  it('fetches and shows the next month, then goes back', async () => {
    const { fetchMock } = setup((url) => json({ data: url.includes('2027-04') ? april : march }));
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('table', { name: 'April 2027' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/public/events/9/dates/calendar?month=2027-04');
    expect(day(/April 10/).getAttribute('aria-label')).toBe('Saturday, April 10, 2027, Few left');
    // The last month: "Next month" is disabled, and focus is not lost with it.
    expect((screen.getByRole('button', { name: 'Next month' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(day(/April 3/)));
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('table', { name: 'March 2027' })).toBeTruthy();
  });

  it('says when a month could not be loaded, and tries again', async () => {
    let fail = true;
    setup(() => (fail ? json({ error: { code: 'INTERNAL', message: '' } }, 500) : json({ data: april })));
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByText('Could not load the dates.')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'March 2027' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'April 2027' })).toBeTruthy();
  });

  it("opens a day with several dates: fetches that day's times and lists them as links", async () => {
    const slots = [
      publicDate({ id: 102, start_date: '2027-03-12T09:00:00.000Z', end_date: '2027-03-12T10:00:00.000Z' }),
      publicDate({ id: 103, start_date: '2027-03-12T13:00:00.000Z', state: 'SOLD_OUT' }),
    ];
    const { fetchMock, onChoose } = setup(() => json({ data: slots }));
    fireEvent.click(day(/March 12/));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/public/events/9/dates?day=2027-03-12');
    const section = await screen.findByRole('region', { name: 'Times on Friday, March 12, 2027' });
    const times = await within(section).findAllByTestId('date-choice');
    expect(times.map((t) => t.textContent)).toEqual(['10:00 – 11:00 AM', '2:00 PMSold out']);
    expect(within(section).getAllByRole('link')).toHaveLength(2);
    expect(screen.getByText('2 times on Friday, March 12, 2027')).toBeTruthy();
    fireEvent.click(within(section).getAllByRole('link')[0]!);
    expect(onChoose).toHaveBeenCalledWith(102, '/event/9/gala?date=102');
  });

  it('chooses a day with one date at once', () => {
    const { fetchMock, onChoose } = setup();
    fireEvent.click(day(/March 27/));
    expect(onChoose).toHaveBeenCalledWith(106, '/event/9/gala?date=106');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('nextCalendarDay', () => {
  const days = ['2027-03-01', '2027-03-05', '2027-03-08', '2027-03-16', '2027-03-31'];
  it('moves by day with dates, by week to the nearest on that side, and to the ends', () => {
    expect(nextCalendarDay(days, '2027-03-05', 'ArrowRight')).toBe('2027-03-08');
    expect(nextCalendarDay(days, '2027-03-01', 'ArrowLeft')).toBeNull();
    expect(nextCalendarDay(days, '2027-03-01', 'ArrowDown')).toBe('2027-03-08');
    expect(nextCalendarDay(days, '2027-03-08', 'ArrowUp')).toBe('2027-03-01');
    expect(nextCalendarDay(days, '2027-03-16', 'ArrowDown')).toBe('2027-03-31');
    expect(nextCalendarDay(days, '2027-03-31', 'ArrowDown')).toBeNull();
    expect(nextCalendarDay(days, '2027-03-08', 'End')).toBe('2027-03-31');
    expect(nextCalendarDay(days, '2027-03-08', 'Home')).toBe('2027-03-01');
  });
});
