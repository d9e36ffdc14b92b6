import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { publicEvent } from '../event/event-fixtures';
import { InitialEventContext } from '../event/use-public-event';
import { manyDates } from '../selector/date-fixtures';
import { widgetDatePath, WidgetPage } from './WidgetPage';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('WidgetPage: an event with several dates', () => {
  it('keeps every widget parameter in a date link', () => {
    expect(widgetDatePath(9, '?primary=ff0000&date=4&lang=de', 7)).toBe('/widget/9?primary=ff0000&date=7&lang=de');
    expect(widgetDatePath(9, '?primary=ff0000&date=4', null)).toBe('/widget/9?primary=ff0000');
    expect(widgetDatePath(9, '', null)).toBe('/widget/9');
  });

  it('chooses a date inside the widget, then shows its tickets with focus on the date', async () => {
    window.history.replaceState(null, '', '/widget/9?primary=ff0000&promo_code=JAZZ10');
    const evening = manyDates().upcoming[0]!;
    const fetchMock = vi.fn(async (_url: string) => json({ data: publicEvent(manyDates({ chosen: evening })) }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <InitialEventContext.Provider value={{ event: publicEvent(manyDates()) }}>
        <WidgetPage eventId={9} />
      </InitialEventContext.Provider>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Choose a date' })).toBeTruthy();
    const link = screen.getByRole('link', { name: /Mar 6, 2027/ });
    expect(link.getAttribute('href')).toBe('/widget/9?primary=ff0000&promo_code=JAZZ10&date=101');
    fireEvent.click(link);
    expect(window.location.pathname + window.location.search).toBe(
      '/widget/9?primary=ff0000&promo_code=JAZZ10&date=101',
    );
    await waitFor(() => expect(document.activeElement?.id).toBe('chosen-date'));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/public/events/9?date=101&promo_code=JAZZ10');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });
});
