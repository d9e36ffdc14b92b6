import type { EventDto, ProductCategoryDto, TicketDto } from '@admitone/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { TicketForm } from './TicketForm';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  // happy-dom has no FontFaceSet; the autosizing text fields listen to it.
  if (!document.fonts)
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
});

const event = { id: 7, title: 'Summer concert', currency: 'EUR', timezone: 'Europe/Berlin' } as EventDto;
const categories = [{ id: 1, name: null }] as ProductCategoryDto[];
const me = {
  data: {
    user: { id: 1, name: 'Ada Admin', email: 'ada@example.com', timezone: 'Europe/Berlin', email_verified: true },
    account: { id: 3, name: 'Ada events', timezone: 'Europe/Berlin' },
    accounts: [],
    permissions: ['events.manage'],
  },
};
const page = (data: unknown[]) => ({
  data,
  meta: { current_page: 1, per_page: 100, total: data.length, last_page: 1, has_more: false },
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const channelRefused = () =>
  json(422, {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'Check the fields',
      field_errors: { sold_online: ['Sell it online, at the box office, or both.'] },
    },
  });

function setup({
  ticket,
  save = (body) => json(201, { data: body }),
}: { ticket?: TicketDto; save?: (body: unknown) => Response } = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/users/me') return json(200, me);
    if (url === '/api/accounts/3/taxes-and-fees') return json(200, page([]));
    if (url.startsWith('/api/events/7/tickets') && (init?.method === 'POST' || init?.method === 'PUT'))
      return save(JSON.parse(String(init.body)));
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const onDone = vi.fn();
  renderWithProviders(<TicketForm event={event} ticket={ticket} categories={categories} onDone={onDone} />, {
    query: true,
  });
  const sent = () =>
    fetchMock.mock.calls
      .filter(([u, init]) => String(u).startsWith('/api/events/7/tickets') && init?.method)
      .map(([, init]) => JSON.parse(String(init!.body)));
  return { onDone, sent };
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
/** The texts an input is described by (its description and error). */
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
const type = (input: HTMLElement, value: string) => {
  act(() => input.focus());
  fireEvent.change(input, { target: { value } });
};

afterEach(() => vi.unstubAllGlobals());

describe('TicketForm sales channels', () => {
  it('sells a new ticket online and at the box office, at one price unless another is given', async () => {
    const { onDone, sent } = setup();
    await screen.findByRole('textbox', { name: /^Name/ });
    expect(checkbox('Sold online').checked).toBe(true);
    expect(checkbox('Sold at the box office').checked).toBe(true);
    expect(screen.getByText('Leave empty to charge the same price at the box office.')).toBeTruthy();
    type(screen.getByRole('textbox', { name: /^Name/ }), 'Standard');
    type(screen.getByRole('textbox', { name: /^Price/ }), '25.5');
    type(screen.getByRole('textbox', { name: /^Box office price/ }), '28.9');
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()[0]).toMatchObject({
      type: 'PAID',
      price: 2550,
      sold_online: true,
      sold_at_box_office: true,
      box_office_price: 2890,
    });
  });

  it('asks for no box-office price off the box office or for a ticket that is not paid', async () => {
    const { onDone, sent } = setup();
    await screen.findByRole('textbox', { name: /^Name/ });
    fireEvent.click(checkbox('Sold at the box office'));
    expect(screen.queryByRole('textbox', { name: /^Box office price/ })).toBeNull();
    fireEvent.click(checkbox('Sold at the box office'));
    expect(screen.getByRole('textbox', { name: /^Box office price/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Free' }));
    expect(screen.queryByRole('textbox', { name: /^Box office price/ })).toBeNull();
    type(screen.getByRole('textbox', { name: /^Name/ }), 'Guest list');
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()[0]).toMatchObject({
      type: 'FREE',
      sold_online: true,
      sold_at_box_office: true,
      box_office_price: null,
    });
  });

  it('refuses a ticket sold nowhere, on the "Sold online" box, until a channel is chosen again', async () => {
    const { onDone, sent } = setup();
    await screen.findByRole('textbox', { name: /^Name/ });
    type(screen.getByRole('textbox', { name: /^Name/ }), 'Standard');
    type(screen.getByRole('textbox', { name: /^Price/ }), '10');
    fireEvent.click(checkbox('Sold online'));
    fireEvent.click(checkbox('Sold at the box office'));
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByText('Sell it online, at the box office, or both.')).toBeTruthy();
    expect(describedBy(checkbox('Sold online'))).toContain('Sell it online, at the box office, or both.');
    expect(sent()).toEqual([]);
    fireEvent.click(checkbox('Sold at the box office'));
    expect(screen.queryByText('Sell it online, at the box office, or both.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()[0]).toMatchObject({ sold_online: false, sold_at_box_office: true, box_office_price: null });
  });

  it('shows the API\'s refusal of the channels on the "Sold online" box', async () => {
    const { onDone, sent } = setup({ save: channelRefused });
    await screen.findByRole('textbox', { name: /^Name/ });
    type(screen.getByRole('textbox', { name: /^Name/ }), 'Standard');
    type(screen.getByRole('textbox', { name: /^Price/ }), '10');
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByText('Sell it online, at the box office, or both.')).toBeTruthy();
    expect(describedBy(checkbox('Sold online'))).toContain('Sell it online, at the box office, or both.');
    expect(sent()).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("starts from a saved ticket's channels and box-office price", async () => {
    const ticket = {
      id: 5,
      name: 'Door ticket',
      description: null,
      mail_text: null,
      type: 'PAID',
      product_type: 'TICKET',
      addon_max_per_ticket: null,
      price: 2000,
      min_price: null,
      tiers: [],
      quantity: null,
      sale_start: null,
      sale_end: null,
      min_per_order: 1,
      max_per_order: null,
      is_hidden: false,
      hide_when_sold_out: false,
      waitlist_enabled: false,
      hide_before_sale_start: false,
      hide_after_sale_end: false,
      requires_promo_code: false,
      sold_online: false,
      sold_at_box_office: true,
      box_office_price: 2500,
      is_pass: false,
      pass_prorated: false,
      pass_picks: null,
      tax_and_fee_ids: [],
      category_id: 1,
      can_change_type: true,
    } as unknown as TicketDto;
    const { onDone, sent } = setup({ ticket, save: (body) => json(200, { data: body }) });
    await screen.findByRole('textbox', { name: /^Name/ });
    expect(checkbox('Sold online').checked).toBe(false);
    expect(checkbox('Sold at the box office').checked).toBe(true);
    expect(screen.getByRole('textbox', { name: /^Box office price/ })).toHaveProperty('value', '25.00');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()[0]).toMatchObject({ sold_online: false, sold_at_box_office: true, box_office_price: 2500 });
  });
});

describe("TicketForm's text for the ticket's mails", () => {
  it('starts empty, says where it is shown, and sends what is typed (trimmed)', async () => {
    const { onDone, sent } = setup();
    const text = await screen.findByRole('textbox', { name: "Text for this ticket's mails" });
    expect(text).toHaveProperty('value', '');
    expect(describedBy(text).join(' ')).toMatch(
      /Shown in the confirmation and ticket mails, e\.g\. what to bring or which entrance to use\./,
    );
    type(screen.getByRole('textbox', { name: /^Name/ }), 'Standard');
    type(screen.getByRole('textbox', { name: /^Price/ }), '10');
    type(text, '  Use the side entrance on Elm Street.  ');
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()[0]).toMatchObject({ mail_text: 'Use the side entrance on Elm Street.' });
  });

  it('sends none when left empty', async () => {
    const { onDone, sent } = setup();
    await screen.findByRole('textbox', { name: /^Name/ });
    type(screen.getByRole('textbox', { name: /^Name/ }), 'Guest list');
    fireEvent.click(screen.getByRole('radio', { name: 'Free' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()[0]).toMatchObject({ mail_text: null });
  });

  it('refuses a text over the limit before sending anything', async () => {
    const { sent } = setup();
    const text = await screen.findByRole('textbox', { name: "Text for this ticket's mails" });
    type(screen.getByRole('textbox', { name: /^Name/ }), 'Standard');
    type(screen.getByRole('textbox', { name: /^Price/ }), '10');
    type(text, 'x'.repeat(2001));
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(text.getAttribute('aria-invalid')).toBe('true'));
    expect(sent()).toEqual([]);
  });
});
