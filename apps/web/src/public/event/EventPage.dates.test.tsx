import type { PublicEventDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ServerLocationProvider } from '../../lib/history-navigation';
import { Providers, renderWithProviders } from '../../test-utils/render';
import { manyDates, oneDate, publicDate } from '../selector/date-fixtures';
import { publicEvent, townHall } from './event-fixtures';
import { EventPage } from './EventPage';
import { InitialEventContext } from './use-public-event';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The page at `address`, first rendered with `initial` (as the server would); `answer` answers the event fetches. */
function setup(address: string, initial: PublicEventDto, answer: (url: string) => Response = () => json({})) {
  window.history.replaceState(null, '', address);
  const fetchMock = vi.fn(async (url: string) => (url.endsWith('/views') ? json({}) : answer(url)));
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(
    <InitialEventContext.Provider value={{ event: initial }}>
      <EventPage eventId={9} />
    </InitialEventContext.Provider>,
  );
  const eventFetches = () => fetchMock.mock.calls.map((c) => c[0]).filter((u) => u.startsWith('/api/public/events/9?'));
  return { fetchMock, eventFetches };
}

const tickets = () => screen.getByRole('region', { name: 'Tickets' });

beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('EventPage: an event with one date', () => {
  it('looks as it always did: no date section, the date in the facts, the tickets', () => {
    setup('/event/9/gala', publicEvent(oneDate()));
    expect(screen.queryByTestId('date-chooser')).toBeNull();
    expect(screen.queryByTestId('chosen-date')).toBeNull();
    expect(screen.getByText('Mar 6, 2027, 7:30 PM')).toBeTruthy();
    expect(within(tickets()).getByText('Standard')).toBeTruthy();
  });
});

describe('EventPage: an event with several dates', () => {
  it('shows the chooser instead of the tickets until a date is chosen, and the dates in the facts', () => {
    const { eventFetches } = setup(
      '/event/9/gala?promo_code=JAZZ10&aff=club-7&utm_source=mail',
      publicEvent(manyDates()),
    );
    expect(within(tickets()).getByRole('heading', { name: 'Choose a date' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.getByText('9 dates')).toBeTruthy();
    expect(screen.getByText('From Mar 6, 2027')).toBeTruthy();
    // The links keep the promo code and the affiliate, not the rest.
    expect(screen.getByRole('link', { name: /Mar 6, 2027/ }).getAttribute('href')).toBe(
      '/event/9/gala?promo_code=JAZZ10&date=101&aff=club-7',
    );
    // The server's answer is for this address: nothing fetched.
    expect(eventFetches()).toEqual([]);
  });

  it('choosing a date loads its tickets in place, then moves focus to the tickets and says which date', async () => {
    const evening = manyDates().upcoming[0]!;
    let resolve: (r: Response) => void = () => undefined;
    const { eventFetches } = setup('/event/9/gala?aff=club-7', publicEvent(manyDates()), () => {
      return new Promise<Response>((r) => (resolve = r)) as unknown as Response;
    });
    fireEvent.click(screen.getByRole('link', { name: /Mar 6, 2027/ }));
    expect(window.location.pathname + window.location.search).toBe('/event/9/gala?date=101&aff=club-7');
    expect(window.scrollTo).not.toHaveBeenCalled();
    await waitFor(() => expect(eventFetches()).toEqual(['/api/public/events/9?date=101']));
    // While the date's tickets are on their way, the chooser stays, with a loader.
    expect(screen.getByRole('progressbar', { name: 'Loading the tickets of the chosen date' })).toBeTruthy();
    expect(screen.getByTestId('date-chooser')).toBeTruthy();

    resolve(json({ data: publicEvent(manyDates({ chosen: evening }), { end_date: evening.end_date }) }));
    const chosen = await screen.findByTestId('chosen-date');
    expect(chosen.textContent).toContain('Saturday, March 6, 2027');
    expect(chosen.textContent).toContain('Evening');
    expect(screen.queryByTestId('date-chooser')).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('tickets-heading'));
    expect(screen.getByTestId('date-announcement').textContent).toMatch(/^Tickets for Saturday, March 6, 2027/);
  });

  it('with a date chosen: the date above its tickets, its venue, its other times, and "Change date"', () => {
    const ten = publicDate({
      id: 102,
      start_date: '2027-03-12T09:00:00.000Z',
      label: 'Morning tour',
      location: { ...townHall, venue_name: 'Castle Gate', city: 'Potsdam' },
    });
    const two = publicDate({ id: 103, start_date: '2027-03-12T13:00:00.000Z', state: 'FEW_LEFT' });
    const dates = manyDates({ chosen: ten, same_day: [ten, two] });
    setup('/event/9/gala?date=102&promo_code=JAZZ10', publicEvent(dates, { start_date: ten.start_date }));
    const chosen = screen.getByTestId('chosen-date');
    expect(chosen.textContent).toContain('Friday, March 12, 2027 at 10:00 AM');
    expect(chosen.textContent).toContain('Morning tour');
    expect(within(tickets()).getByText('Standard')).toBeTruthy();
    expect(screen.getByText('Castle Gate')).toBeTruthy();
    expect(screen.queryByText('Town Hall')).toBeNull();
    // The day's other time, as a quick choice.
    const others = screen.getByRole('list', { name: 'Other times that day' });
    expect(within(others).getByRole('link').getAttribute('href')).toBe('/event/9/gala?promo_code=JAZZ10&date=103');
    // "Change date" brings the chooser back (a link to the page without a date before scripts run).
    const change = screen.getByRole('link', { name: 'Change date' });
    expect(change.getAttribute('href')).toBe('/event/9/gala?promo_code=JAZZ10');
    fireEvent.click(change);
    expect(screen.getByTestId('date-chooser')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Choose a date' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep this date' }));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Change date' }));
  });

  it('says when the date asked for is not available, cancelled or over, and offers the others', () => {
    setup('/event/9/gala?date=999', publicEvent(manyDates({ date_unavailable: true })));
    expect(screen.getByRole('alert').textContent).toBe('That date is not available. Choose another.');
    expect(screen.getByTestId('date-chooser')).toBeTruthy();
  });

  it('a cancelled date shows why, with the chooser', () => {
    const cancelled = publicDate({ id: 105, start_date: '2027-03-20T18:30:00.000Z', state: 'CANCELLED' });
    setup('/event/9/gala?date=105', { ...publicEvent(manyDates({ chosen: cancelled })), tickets: [] });
    expect(screen.getByRole('alert').textContent).toContain('This date was cancelled');
    expect(screen.getByTestId('date-chooser')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('coming back to the page for another date than the server rendered fetches that date', async () => {
    const evening = manyDates().upcoming[0]!;
    const { eventFetches } = setup('/event/9/gala?date=101', publicEvent(manyDates()), () =>
      json({ data: publicEvent(manyDates({ chosen: evening })) }),
    );
    await waitFor(() => expect(eventFetches()).toEqual(['/api/public/events/9?date=101']));
    expect(await screen.findByTestId('chosen-date')).toBeTruthy();
  });

  it('renders on the server from the event answer alone: the chosen date, its links, no fetch', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const evening = manyDates().upcoming[0]!;
    const html = renderToString(
      <ServerLocationProvider url="/event/9/gala?date=101&aff=club-7">
        <Providers>
          <InitialEventContext.Provider value={{ event: publicEvent(manyDates({ chosen: evening })) }}>
            <EventPage eventId={9} />
          </InitialEventContext.Provider>
        </Providers>
      </ServerLocationProvider>,
    );
    expect(html).toContain('Saturday, March 6, 2027, 7:30 – 9:30 PM');
    expect(html).toContain('href="/event/9/gala?aff=club-7"');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
