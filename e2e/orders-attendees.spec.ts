import { readFileSync } from 'node:fs';

import type { Locator, Page } from '@playwright/test';

import { installFakeStripe } from './fake-stripe';
import { apiLogin, DEMO, expect, riversideId, signInByApi, test } from './fixtures';
import {
  confirmAddressByApi,
  expectAccessible,
  mailCount,
  notificationsGone,
  snapshot,
  uniqueEmail,
  waitForMail,
} from './support';

test.use({ actionTimeout: 15_000 });

const SLUG = 'riverside-open-air';

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** A screenshot tall enough to show a whole drawer (the drawer scrolls inside the viewport). */
async function tallSnapshot(page: Page, name: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 1700 });
  await snapshot(page, name);
  await page.setViewportSize(size);
}

/** The ticket's row on the public event page. */
const publicTicket = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });

/** Opens the public event page and waits until it is interactive (it is rendered on the server first). */
async function openEventPage(page: Page, eventId: number) {
  await page.goto(`/event/${eventId}/${SLUG}`);
  await page.waitForLoadState('networkidle');
}

/** Buys one unit of a free ticket through the public page, as a buyer would. */
async function buyOne(
  page: Page,
  eventId: number,
  ticket: string,
  buyer: { first: string; last: string; email: string },
) {
  await openEventPage(page, eventId);
  await page.getByRole('button', { name: `One more ${ticket}`, exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  const form = page.locator('form');
  await form.getByRole('textbox', { name: 'First name' }).first().fill(buyer.first);
  await form.getByRole('textbox', { name: 'Last name' }).first().fill(buyer.last);
  await form.getByRole('textbox', { name: 'E-mail' }).first().fill(buyer.email);
  await page.getByRole('button', { name: 'Copy buyer details to all attendees' }).click();
  await choose(page, page.getByTestId('attendee-0'), 'T-shirt size', 'M');
  await page.getByRole('radio', { name: 'Friends' }).check();
  await page.getByRole('button', { name: 'Get my tickets' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
}

test('orders: find an order, read it, cancel it, and its ticket is on sale again', async ({ page, request }) => {
  test.setTimeout(180_000);
  // Resending a confirmation from the admin needs the organizer's address confirmed.
  await confirmAddressByApi(request, DEMO);
  const { headers } = await apiLogin(request);
  const eventId = await riversideId(request, headers);
  // A ticket with one place: once sold, the public page says so; once cancelled, it is back.
  const created = await request.post(`/api/events/${eventId}/tickets`, {
    headers,
    data: { name: 'Boat tour', type: 'FREE', quantity: 1 },
  });
  expect(created.status()).toBe(201);

  const buyer = { first: 'Mary', last: 'Somerville', email: uniqueEmail('mary') };
  await buyOne(page, eventId, 'Boat tour', buyer);
  await page.goto(`/event/${eventId}/${SLUG}`);
  await expect(publicTicket(page, 'Boat tour').getByText('Sold out')).toBeVisible();

  await signInByApi(page);
  await page.goto(`/manage/event/${eventId}/orders`);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await notificationsGone(page);
  await expectAccessible(page, 'orders list');
  await snapshot(page, 'orders-list');

  // Sorting by a column header says so to assistive technology.
  const totalHeader = page.getByRole('columnheader', { name: /Total/ });
  await totalHeader.getByRole('button').click();
  await expect(totalHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=total%3Adesc|sort=total:desc/);

  // The search reaches the address after a pause in typing.
  await page.getByRole('textbox', { name: 'Search orders' }).fill(buyer.email);
  await expect(page).toHaveURL(/query=mary-/);
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await expect(page.getByTestId('order-row')).toContainText('Mary Somerville');
  await expect(page.getByTestId('order-row')).toContainText('Completed');

  // A search without results says so, and offers to clear it.
  await page.getByRole('textbox', { name: 'Search orders' }).fill('nobody-at-all@example.test');
  await expect(page.getByText('No orders match')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search orders' }).fill(buyer.email);
  await expect(page.getByTestId('order-row')).toHaveCount(1);

  // Keyboard: the order number is a button that opens the drawer; its address is linkable.
  const listUrl = page.url();
  await page.getByRole('button', { name: /^Open order O-/ }).focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: /^Order O-/ });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/[?&]order=\d+/);
  await expect(drawer.getByText('Boat tour').first()).toBeVisible();
  await expect(drawer.getByText(buyer.email)).toBeVisible();
  await expect(drawer.getByText('Order completed')).toBeVisible();
  await expect(drawer.getByText('How did you hear about us?')).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Mary Somerville' })).toBeVisible();
  await notificationsGone(page);
  await expectAccessible(page, 'order drawer');
  await tallSnapshot(page, 'orders-drawer');

  // The back button closes the drawer and keeps the search.
  await page.goBack();
  await expect(drawer).toBeHidden();
  expect(page.url()).toBe(listUrl);
  await page.goForward();
  await expect(drawer).toBeVisible();
  const orderUrl = page.url();

  // Edit the buyer's name and an answer to an order question.
  await drawer.getByRole('button', { name: 'Edit buyer' }).click();
  const buyerDialog = page.getByRole('dialog', { name: 'Edit buyer details' });
  await expect(buyerDialog.getByRole('textbox', { name: 'Last name' })).toHaveValue('Somerville');
  await expect(buyerDialog.getByRole('radio', { name: 'Friends' })).toBeChecked();
  await buyerDialog.getByRole('radio', { name: 'Poster' }).check();
  await buyerDialog.getByRole('textbox', { name: 'E-mail' }).fill('not-an-address');
  await buyerDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(buyerDialog.getByText('Enter a valid e-mail address.')).toBeVisible();
  await expectAccessible(page, 'edit buyer dialog');
  await buyerDialog.getByRole('textbox', { name: 'E-mail' }).fill(buyer.email);
  await buyerDialog.getByRole('textbox', { name: 'Last name' }).fill('Fairfax');
  await buyerDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(buyerDialog).toBeHidden();
  await expect(drawer.getByText('Buyer details edited')).toBeVisible();
  await expect(drawer.getByText('Mary Fairfax', { exact: true })).toBeVisible();
  await expect(drawer.getByText('last name, answers')).toBeVisible();
  await expect(drawer.getByText('Poster', { exact: true })).toBeVisible();

  // Resend the confirmation: one more mail for the buyer.
  const mailsBefore = mailCount(buyer.email);
  await drawer.getByRole('button', { name: 'Resend confirmation' }).click();
  await expect(page.getByText(`The order confirmation is on its way to ${buyer.email}.`)).toBeVisible();
  await waitForMail(buyer.email, mailsBefore);
  await expect(drawer.getByText('Confirmation e-mail sent again')).toBeVisible();

  // Message the buyer: the composer opens for this order.
  await drawer.getByRole('button', { name: 'Message buyer' }).click();
  const composer = page.getByRole('dialog', { name: 'New message' });
  await expect(composer).toBeVisible();
  await composer.getByRole('button', { name: 'Close' }).click();
  await expect(composer).toBeHidden();
  await expect(drawer).toBeVisible();

  // Cancel: a confirmation first, then the order is cancelled and its ticket back in the pool.
  await drawer.getByRole('button', { name: 'Cancel order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel order' });
  await expect(confirm).toContainText('return to the pool');
  await notificationsGone(page);
  await expectAccessible(page, 'cancel order dialog');
  await snapshot(page, 'orders-cancel-confirm');
  await confirm.getByRole('button', { name: 'Cancel order' }).click();
  await expect(confirm).toBeHidden();
  await expect(drawer.getByText('Order cancelled', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('order-row')).toContainText('Cancelled');

  // The status filter finds it among cancelled orders.
  await page.getByRole('textbox', { name: 'Search orders' }).fill('');
  await choose(page, page.locator('main'), 'Status', 'Cancelled');
  await expect(page).toHaveURL(/status=CANCELLED/);
  await expect(page.getByText('Sorting is off while a filter is applied.')).toBeVisible();
  await expect(page.getByTestId('order-row').filter({ hasText: 'Mary Fairfax' })).toHaveCount(1);

  // A linked order opens directly.
  await page.goto(orderUrl);
  await expect(page.getByRole('dialog', { name: /^Order O-/ })).toBeVisible();

  await page.goto(`/event/${eventId}/${SLUG}`);
  await expect(publicTicket(page, 'Boat tour').getByText('1 left')).toBeVisible();
  await expect(page.getByRole('button', { name: 'One more Boat tour', exact: true })).toBeEnabled();
});

test('attendees: add one by hand, find it with its manual order, edit, cancel and reactivate it', async ({
  organizerPage: page,
  request,
}) => {
  test.setTimeout(180_000);
  // Ticket mails from the admin need the organizer's address confirmed.
  await confirmAddressByApi(request, DEMO);
  const eventId = await riversideId(request);
  await page.goto(`/manage/event/${eventId}/attendees`);
  await expect(page.getByRole('heading', { name: 'Attendees', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add attendee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add attendee' });
  await choose(page, dialog, 'Ticket', 'Front stage');
  await expect(dialog.getByRole('combobox', { name: 'Price tier' })).toHaveValue('Early bird');
  await choose(page, dialog, 'Price tier', 'Regular');
  await dialog.getByRole('button', { name: 'Add attendee' }).click();
  await expect(dialog.getByText('This field is required.').first()).toBeVisible();
  const email = uniqueEmail('ida');
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Ida');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Noddack');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Amount paid' }).fill('80');
  await expect(dialog.getByRole('checkbox', { name: 'Send the ticket by e-mail' })).toBeChecked();
  await notificationsGone(page);
  await expectAccessible(page, 'add attendee dialog');
  await snapshot(page, 'attendees-add');
  await dialog.getByRole('button', { name: 'Add attendee' }).click();
  await expect(dialog).toBeHidden();
  await waitForMail(email);

  await page.getByRole('textbox', { name: 'Search attendees' }).fill('Noddack');
  const row = page.getByTestId('attendee-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Front stage');
  await expect(row).toContainText('Regular');
  await expect(row).toContainText('Active');
  await notificationsGone(page);
  await expectAccessible(page, 'attendees list');
  await snapshot(page, 'attendees-list');

  await row.getByRole('button', { name: 'Ida Noddack' }).click();
  const drawer = page.getByRole('dialog', { name: 'Ida Noddack' });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/[?&]attendee=\d+/);
  await expect(drawer.getByText('Added by the organizer')).toBeVisible();
  await expect(drawer.getByText('Not checked in yet.')).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Open the ticket page (opens in a new tab)' })).toHaveAttribute(
    'href',
    new RegExp(`^/ticket/${eventId}/[^/]+$`),
  );
  await expectAccessible(page, 'attendee drawer');
  await snapshot(page, 'attendees-drawer');

  // Edit: another name, and a move to another ticket.
  await drawer.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit attendee' });
  await edit.getByRole('textbox', { name: 'First name' }).fill('Ida Eva');
  await choose(page, edit, 'Ticket (move to another ticket)', 'Standard');
  await expectAccessible(page, 'edit attendee dialog');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  const moved = page.getByRole('dialog', { name: 'Ida Eva Noddack' });
  await expect(moved.getByText('Standard', { exact: true })).toBeVisible();

  // Resend the ticket.
  const before = mailCount(email);
  await moved.getByRole('button', { name: 'Resend ticket' }).click();
  await expect(page.getByText(`The ticket is on its way to ${email}.`)).toBeVisible();
  await waitForMail(email, before);

  // Cancel (with a confirmation), then reactivate.
  await moved.getByRole('button', { name: 'Cancel ticket' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel ticket' });
  await expect(confirm).toContainText('returns to the pool');
  await confirm.getByRole('button', { name: 'Cancel ticket' }).click();
  await expect(confirm).toBeHidden();
  await expect(moved.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await moved.getByRole('button', { name: 'Reactivate' }).click();
  await expect(moved.getByText('Active', { exact: true })).toBeVisible();

  // The order link opens the manual order on the orders page.
  await moved.getByRole('link', { name: /^O-/ }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/event/${eventId}/orders\\?order=\\d+`));
  const order = page.getByRole('dialog', { name: /^Order O-/ });
  await expect(order.getByText('Manual order')).toBeVisible();
  await expect(order.getByText('Created by the organizer')).toBeVisible();
  await expect(order.getByText('Attendee moved to another ticket')).toBeVisible();
  await expect(order.getByText('Attendee cancelled')).toBeVisible();
  await expect(order.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await tallSnapshot(page, 'orders-drawer-manual');
});

test('an offline order waits for its payment until the organizer marks it paid; its invoice, asked for at checkout, is issued at once and not again', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const eventId = await riversideId(request);
  const email = uniqueEmail('alan');

  // The organizer says who issues invoices (the organizer's settings), and the event issues them on request.
  await signInByApi(page);
  const session = await apiLogin(request);
  const organizerId = (
    (await (await request.get(`/api/events/${eventId}`, { headers: session.headers })).json()) as {
      data: { organizer: { id: number } };
    }
  ).data.organizer.id;
  await page.goto(`/manage/organizer/${organizerId}#invoices`);
  const invoiceForm = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save invoice settings' }) });
  await invoiceForm.getByLabel('Legal name').fill('Riverside Events Ltd');
  await invoiceForm.getByLabel('Address line 1').fill('1 Embankment');
  await invoiceForm.getByLabel('ZIP or postal code').fill('SE1 7PB');
  await invoiceForm.getByRole('textbox', { name: 'City' }).fill('London');
  const sellerCountry = invoiceForm.getByRole('combobox', { name: 'Country', exact: true });
  await sellerCountry.click();
  await sellerCountry.fill('United Kingdom');
  await sellerCountry.press('Tab');
  await invoiceForm.getByLabel('Contact phone').fill('+44 20 7946 0958');
  await invoiceForm.getByLabel('Payment terms (days)').fill('14');
  await invoiceForm.getByRole('button', { name: 'Save invoice settings' }).click();
  await expect(page.getByText('Invoice settings saved.')).toBeVisible();
  await expect(invoiceForm.getByText(/Next invoice number: INV-\d{4}-\d{5}/)).toBeVisible();
  await expectAccessible(page, 'organizer invoice settings');
  await tallSnapshot(page, 'organizer-invoice-settings');
  await page.goto(`/manage/event/${eventId}/settings`);
  await page.getByRole('radio', { name: 'When the buyer asks' }).check();
  await page.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByText('Payment settings saved.')).toBeVisible();

  await openEventPage(page, eventId);
  await page.getByRole('button', { name: 'One more Standard', exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  const form = page.locator('form');
  await form.getByRole('textbox', { name: 'First name' }).first().fill('Alan');
  await form.getByRole('textbox', { name: 'Last name' }).first().fill('Turing');
  await form.getByRole('textbox', { name: 'E-mail' }).first().fill(email);
  await page.getByRole('button', { name: 'Copy buyer details to all attendees' }).click();
  await choose(page, page.getByTestId('attendee-0'), 'T-shirt size', 'XL');
  await page.getByRole('radio', { name: 'Poster' }).check();
  // The buyer asks for an invoice for their company.
  await page.getByRole('checkbox', { name: 'I need an invoice' }).check();
  const invoice = page.getByRole('region', { name: 'Invoice details' });
  await invoice.getByLabel('Company').fill('Bletchley Analytics Ltd');
  await invoice.getByLabel('Address line 1').fill('Sherwood Drive');
  await invoice.getByLabel('Postal code').fill('MK3 6EB');
  await invoice.getByLabel('City').fill('Milton Keynes');
  const country = invoice.getByRole('combobox', { name: 'Country', exact: true });
  await country.click();
  await country.fill('United Kingdom');
  await country.press('Tab');
  await expectAccessible(page, 'checkout details with invoice');
  await tallSnapshot(page, 'checkout-details-invoice');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  // Issued with the order (to be paid within the terms), downloadable from the order page: a business with an address
  // gets an e-invoice, as its Factur-X PDF or as XRechnung or Peppol XML.
  const invoices = page.getByRole('region', { name: 'Invoices' });
  await invoices.getByRole('button', { name: /^Download INV-\d{4}-\d{5}: PDF or e-invoice$/ }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'PDF (with ZUGFeRD / Factur-X data)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^INV-\d{4}-\d{5}\.pdf$/);
  await invoices.getByRole('button', { name: /^Download INV-\d{4}-\d{5}: PDF or e-invoice$/ }).click();
  const xml = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'XRechnung (UBL)' }).click();
  const xrechnung = await xml;
  expect(xrechnung.suggestedFilename()).toMatch(/^INV-\d{4}-\d{5}-xrechnung-ubl\.xml$/);
  const ubl = readFileSync((await xrechnung.path())!, 'utf8');
  expect(ubl).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
  expect(ubl).toContain('Bletchley Analytics Ltd');
  await expectAccessible(page, 'order summary with invoice');
  await tallSnapshot(page, 'order-summary-invoice');

  await signInByApi(page);
  await page.goto(`/manage/event/${eventId}/orders`);
  await choose(page, page.locator('main'), 'Payment', 'Awaiting payment');
  await expect(page).toHaveURL(/payment=AWAITING_PAYMENT/);
  // Other flows on the shared demo event may have buyers of the same name: find this one by e-mail.
  const row = page.getByTestId('order-row').filter({ hasText: email });
  await expect(row).toContainText('Awaiting payment');
  // Placed now, not completed yet: the Completed column says so.
  await expect(row).toContainText('Not completed yet');
  await row.click();
  const drawer = page.getByRole('dialog', { name: /^Order O-/ });
  await expect(drawer.getByText('Waiting for an offline payment')).toBeVisible();
  const invoiceButtons = drawer.getByRole('button', { name: /^Download INV-\d{4}-\d{5}: PDF or e-invoice$/ });
  await expect(invoiceButtons).toHaveCount(1);
  await expect(drawer.getByText('Offline payment', { exact: true })).toBeVisible();
  const before = mailCount(email);
  await drawer.getByRole('button', { name: 'Mark as paid' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark as paid' });
  await expectAccessible(page, 'mark as paid dialog');
  await confirm.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(confirm).toBeHidden();
  await expect(drawer.getByText('Marked as paid')).toBeVisible();
  await expect(drawer.getByText('Completed', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0);
  // Paid: the invoice stands as it was (an invoice never changes for its payment).
  await expect(invoiceButtons).toHaveCount(1);
  // The buyer's company moved: the organizer corrects the details, the invoice is cancelled and issued again.
  await drawer.getByRole('button', { name: 'Correct invoice details' }).click();
  const correct = page.getByRole('dialog', { name: 'Correct invoice details' });
  await correct.getByRole('textbox', { name: 'Address line 1' }).fill('Wilton Park');
  await expectAccessible(page, 'correct invoice details dialog');
  await correct.getByRole('button', { name: 'Save and issue again' }).click();
  await expect(correct).toBeHidden();
  await expect(invoiceButtons).toHaveCount(3);
  await expect(drawer.getByText('Cancellation', { exact: true })).toBeVisible();
  await waitForMail(email, before);
  // The organizer's file for the accountant: the invoice, its cancellation and the new one, with the buyer's company.
  await page.keyboard.press('Escape');
  await page.goto(`/manage/organizer/${organizerId}#invoices`);
  const sheet = page.waitForEvent('download');
  await page.getByTestId('invoice-export').getByRole('button', { name: 'Download CSV' }).click();
  const accounting = await sheet;
  expect(accounting.suggestedFilename()).toMatch(/^invoices-start-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = readFileSync((await accounting.path())!, 'utf8').split(/\r?\n/);
  expect(rows.filter((r) => r.includes('Bletchley Analytics Ltd')).length).toBeGreaterThanOrEqual(3);
  expect(rows.some((r) => r.includes(',Cancellation,'))).toBe(true);
  // Sorted by completion, newest first: the order just paid leads, with both of its times shown.
  await page.keyboard.press('Escape');
  await page.goto(`/manage/event/${eventId}/orders`);
  await page.getByRole('button', { name: 'Completed (sort descending)', exact: true }).click();
  await expect(page).toHaveURL(/sort=completed_at%3Adesc/);
  await expect(page.getByRole('columnheader', { name: 'Completed' })).toHaveAttribute('aria-sort', 'descending');
  const first = page.getByTestId('order-row').first();
  await expect(first).toContainText(email);
  await expect(first).not.toContainText('Not completed yet');
});

test('orders and attendees export the rows of the list as a file', async ({ organizerPage: page, request }) => {
  const eventId = await riversideId(request);
  await page.goto(`/manage/event/${eventId}/orders`);
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await page.getByRole('button', { name: 'Export orders' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'CSV file' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\n').length).toBeGreaterThan(1);

  await page.goto(`/manage/event/${eventId}/attendees`);
  await expect(page.getByTestId('attendee-row').first()).toBeVisible();
  await page.getByRole('button', { name: 'Export attendees' }).click();
  const [sheet] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Excel file (.xlsx)' }).click(),
  ]);
  expect(sheet.suggestedFilename()).toMatch(/\.xlsx$/);
});

test('a new event: empty orders and attendees, a ticket needed first, an unknown order', async ({
  organizerPage: page,
  request,
}) => {
  const { headers } = await apiLogin(request);
  const organizer = (await (
    await request.post('/api/organizers', { headers, data: { name: 'Quiet Hall', email: 'hello@quiet.test' } })
  ).json()) as { data: { id: number } };
  const year = new Date().getFullYear() + 1;
  const created = await request.post('/api/events', {
    headers,
    data: {
      title: 'Quiet Evening',
      organizer_id: organizer.data.id,
      start_date: `${year}-03-01T19:00`,
      timezone: 'Europe/London',
      currency: 'GBP',
    },
  });
  const event = ((await created.json()) as { data: { id: number; slug: string } }).data;

  await page.goto(`/manage/event/${event.id}/orders`);
  await expect(page.getByText('No orders yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the event page' })).toHaveAttribute(
    'href',
    `/event/${event.id}/${event.slug}`,
  );
  await expectAccessible(page, 'orders empty');

  await page.goto(`/manage/event/${event.id}/orders?order=999999`);
  await expect(
    page.getByRole('dialog').getByText('This order does not exist, or it belongs to another event.'),
  ).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders$`));

  await page.goto(`/manage/event/${event.id}/attendees`);
  await expect(page.getByText('Create a ticket first')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add attendee' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to tickets' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/event/${event.id}/tickets$`));
});

test.describe('with card payments configured', () => {
  // The second e2e server (PORT+2) has card payments on, against the local Stripe-compatible server.
  const STRIPE_PORT = Number(process.env.E2E_PORT ?? 3100) + 2;
  test.use({ baseURL: `http://localhost:${STRIPE_PORT}` });

  test('a card order is refunded in part, then in full with the order cancelled', async ({ page, request }) => {
    test.setTimeout(150_000);
    await installFakeStripe(page, STRIPE_PORT + 1);
    const eventId = await riversideId(request);
    const email = uniqueEmail('grace');
    await openEventPage(page, eventId);
    await page.getByRole('button', { name: 'One more Standard', exact: true }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    const form = page.locator('form');
    await form.getByRole('textbox', { name: 'First name' }).first().fill('Grace');
    await form.getByRole('textbox', { name: 'Last name' }).first().fill('Hopper');
    await form.getByRole('textbox', { name: 'E-mail' }).first().fill(email);
    await page.getByRole('button', { name: 'Copy buyer details to all attendees' }).click();
    await choose(page, page.getByTestId('attendee-0'), 'T-shirt size', 'S');
    await page.getByRole('radio', { name: 'Friends' }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText('Pay by card', { exact: true }).first().click();
    await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await page.getByRole('textbox', { name: 'Expiry' }).fill('12/34');
    await page.getByRole('textbox', { name: 'CVC' }).fill('123');
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();

    await signInByApi(page);
    await page.goto(`/manage/event/${eventId}/orders`);
    await page.getByRole('textbox', { name: 'Search orders' }).fill(email);
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await page.getByTestId('order-row').click();
    const drawer = page.getByRole('dialog', { name: /^Order O-/ });
    await expect(drawer.getByText('Card (Stripe)')).toBeVisible();
    await expect(drawer.getByText('Card payment received')).toBeVisible();

    // A part: £10.00 of £55.80 (the buyer is told by e-mail; that mail goes to the other server's folder).
    await drawer.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: /^Refund order O-/ });
    const amount = refund.getByRole('textbox', { name: 'Amount to refund' });
    await expect(amount).toHaveValue('55.80');
    await amount.fill('60');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expect(refund.getByText('At most £55.80 can be refunded.')).toBeVisible();
    await amount.fill('10');
    await notificationsGone(page);
    await expectAccessible(page, 'refund dialog');
    await snapshot(page, 'orders-refund');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expect(refund).toBeHidden();
    await expect(page.getByText('£10.00 refunded.')).toBeVisible();
    await expect(drawer.getByText('Partially refunded', { exact: true })).toBeVisible();
    await expect(drawer.getByText('Refunded · £10.00')).toBeVisible();

    // The rest, and the order cancelled: its ticket goes back to the pool.
    await drawer.getByRole('button', { name: 'Refund' }).click();
    await expect(amount).toHaveValue('45.80');
    await refund.getByRole('checkbox', { name: 'Also cancel the order (its tickets return to the pool)' }).check();
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expect(refund).toBeHidden();
    await expect(drawer.getByText('Refunded · £45.80')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await expect(drawer.getByText('Refunded', { exact: true }).first()).toBeVisible();
    // The attendee's ticket is void.
    await expect(drawer.getByText('Cancelled', { exact: true }).first()).toBeVisible();
    await tallSnapshot(page, 'orders-drawer-refunded');

    // At the box office the organizer takes a card through Stripe on this device: declined, then paid.
    await page.goto(`/manage/event/${eventId}/box-office`);
    await page.getByLabel('Cash in the drawer (float)').fill('50');
    await page.getByRole('button', { name: 'Open shift' }).click();
    await expect(page.getByTestId('expected-cash')).toHaveText('Cash expected £50.00');
    await page.getByRole('button', { name: 'Add Standard' }).click();
    await page.getByText('Card', { exact: true }).click();
    await page.getByRole('button', { name: 'Take the card' }).click();
    const card = page.getByRole('dialog', { name: /^Card payment of £/ });
    await expect(card.getByTestId('fake-payment-element')).toBeVisible();
    await card.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0002');
    await card.getByRole('textbox', { name: 'Expiry' }).fill('12/34');
    await card.getByRole('textbox', { name: 'CVC' }).fill('123');
    await card.getByRole('button', { name: /^Charge £/ }).click();
    await expect(card.getByTestId('card-sale-declined')).toBeVisible();
    await expectAccessible(page, 'box office card payment');
    await card.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await card.getByRole('button', { name: /^Charge £/ }).click();
    await expect(page.getByText('Sale complete.')).toBeVisible();
    await expect(page.getByTestId('receipt-ticket')).toHaveCount(1);
    // A card is not cash: the drawer expects the float only; the card sale is the shift's last, and voids by refund.
    await expect(page.getByTestId('expected-cash')).toHaveText('Cash expected £50.00');
    await page.getByRole('button', { name: 'Void this sale' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Void sale' }).click();
    await expect(page.getByText(/is void: its tickets are cancelled and back on sale/)).toBeVisible();
  });
});
