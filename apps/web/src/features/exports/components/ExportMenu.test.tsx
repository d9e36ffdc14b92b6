import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { ExportMenu } from './ExportMenu';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The API: every export answers a two-line CSV named by the server. */
function setup() {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const fetchMock = vi.fn(async (url: string) => {
    const kind = url.includes('/invoices/') ? 'invoices' : 'orders';
    return new Response('Number\nINV-2027-00001\n', {
      status: 200,
      headers: {
        'content-type': 'text/csv',
        'content-disposition': `attachment; filename="hamlet-${kind}-2027-06-08.csv"`,
        'x-total-rows': '1',
      },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(
    <ExportMenu
      eventId={7}
      kind="orders"
      params={{ query: 'lima', filter_fields: { status: 'COMPLETED' } }}
      also={{ kind: 'invoices', csvLabel: 'Invoices (CSV)', xlsxLabel: 'Invoices (Excel)' }}
    />,
  );
  return { fetchMock, saved };
}

describe('ExportMenu with a second sheet', () => {
  it("downloads the event's invoices whole, beside the filtered orders", async () => {
    const { fetchMock, saved } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Export orders' }));
    expect(await screen.findByRole('menuitem', { name: 'CSV file' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Invoices (CSV)' }));
    await waitFor(() => expect(saved).toEqual(['hamlet-invoices-2027-06-08.csv']));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/events/7/invoices/export?format=csv']);

    fireEvent.click(screen.getByRole('button', { name: 'Export orders' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Invoices (Excel)' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/events/7/invoices/export?format=xlsx');

    await waitFor(() => expect(saved).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Export orders' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV file' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(fetchMock.mock.calls[2]![0]).toBe(
      '/api/events/7/orders/export?query=lima&filter_fields%5Bstatus%5D=COMPLETED&format=csv',
    );
    await waitFor(() => expect(saved.at(-1)).toBe('hamlet-orders-2027-06-08.csv'));
  });
});
