import type { PublicEventDatesDto } from '@admitone/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { manyDates, publicDate } from '../selector/date-fixtures';
import { DateChooser } from './DateChooser';

const hrefFor = (id: number | null) => `/event/9/gala?promo_code=JAZZ10${id ? `&date=${id}` : ''}`;

function setup(dates: PublicEventDatesDto = manyDates()) {
  const fetchMock = vi.fn(async () => new Response('{}', { status: 500 }));
  vi.stubGlobal('fetch', fetchMock);
  const onChoose = vi.fn();
  renderWithProviders(
    <DateChooser eventId={9} timezone="Europe/Berlin" dates={dates} links={{ hrefFor, onChoose }} headingLevel={3} />,
  );
  return { fetchMock, onChoose };
}

afterEach(() => vi.unstubAllGlobals());

describe('DateChooser: the list of the next dates', () => {
  it('lists each date with its weekday, time, label and state; a cancelled one is not a link', () => {
    const { fetchMock } = setup();
    expect(screen.getByRole('heading', { name: 'Choose a date' })).toBeTruthy();
    const rows = screen.getAllByTestId('date-choice');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Sat, Mar 6, 2027, 7:30 PMEvening',
      'Fri, Mar 12, 2027, 10:00 AMFew left',
      'Fri, Mar 12, 2027, 2:00 PMFew left',
      'Sat, Mar 13, 2027, 7:30 PMSold out',
      'Sat, Mar 20, 2027, 7:30 PMCancelled',
      'Sat, Mar 27, 2027, 7:30 PM',
    ]);
    // Those on sale and the sold-out one (its waitlist) are links to the page with `?date=` (the page's own
    // parameters kept by hrefFor); the cancelled one is not.
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/event/9/gala?promo_code=JAZZ10&date=101',
      '/event/9/gala?promo_code=JAZZ10&date=102',
      '/event/9/gala?promo_code=JAZZ10&date=103',
      '/event/9/gala?promo_code=JAZZ10&date=104',
      '/event/9/gala?promo_code=JAZZ10&date=106',
    ]);
    expect(screen.getByRole('link', { name: /Sold out/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Cancelled/ })).toBeNull();
    const cancelled = rows[4]!;
    expect(cancelled.tagName).toBe('SPAN');
    expect(cancelled.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText("Times are in the event's time zone (GMT+1).")).toBeTruthy();
    // Everything shown comes from the event answer.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('chooses in place on a plain click, and leaves modified clicks (a new tab) to the browser', () => {
    const { onChoose } = setup();
    const evening = screen.getByRole('link', { name: /Mar 6, 2027/ });
    fireEvent.click(evening, { ctrlKey: true });
    expect(onChoose).not.toHaveBeenCalled();
    fireEvent.click(evening);
    expect(onChoose).toHaveBeenCalledWith(101, '/event/9/gala?promo_code=JAZZ10&date=101');
  });

  it('says how many more dates the calendar holds, and opens it from there', () => {
    setup();
    const more = screen.getByRole('button', { name: '3 more dates in the calendar' });
    fireEvent.click(more);
    expect(screen.getByRole('table', { name: 'March 2027' })).toBeTruthy();
    const calendar = screen.getByRole('button', { name: 'Calendar' });
    expect(calendar.getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(calendar);
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('has no "more" line when every date is listed, and marks the chosen one', () => {
    const only = [publicDate({ id: 1 }), publicDate({ id: 2, start_date: '2027-03-07T18:30:00.000Z' })];
    setup(manyDates({ count: 2, upcoming: only, chosen: only[1]! }));
    expect(screen.queryByText(/more date/)).toBeNull();
    const list = screen.getByRole('list');
    const current = within(list)
      .getAllByRole('link')
      .find((a) => a.getAttribute('aria-current') === 'true');
    expect(current?.getAttribute('href')).toContain('date=2');
  });

  it('says when no dates are ahead', () => {
    setup(manyDates({ count: 0, upcoming: [], calendar: null, date_unavailable: true }));
    expect(screen.getByText('There are no upcoming dates.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Calendar' })).toBeNull();
  });
});
