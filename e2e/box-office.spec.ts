import { expect, test } from '@playwright/test';

import { signInWithToken } from './fixtures';
import { expectAccessible, notificationsGone, signUpByApi, snapshot, uniqueEmail } from './support';

/**
 * The box office (#41): an organizer of "Late Show" (made through the API: €20 online and €25 at the door, and a
 * door-only guest ticket) opens a shift with €100, sells two tickets for cash with change and admits them at once,
 * gives a guest ticket free and voids it, keeps four tickets for the door, sells two of them with the network cut
 * (sent by themselves when it is back), and closes the shift €5 short.
 */
test('an organizer sells at the door for cash with change, gives a ticket free and voids it, and closes the shift short', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { token } = await signUpByApi(request, {
    name: 'Otto Door',
    email: uniqueEmail('otto'),
    password: 'correct horse battery staple',
    timezone: 'Europe/Vienna',
  });
  const headers = { authorization: `Bearer ${token}` };
  const send = async <T>(method: 'post' | 'put', path: string, data?: unknown): Promise<T> => {
    const res = await request[method](`/api${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
  const organizer = await send<{ id: number }>('post', '/organizers', { name: 'Kellerbühne', email: 'hi@keller.test' });
  const event = await send<{ id: number }>('post', '/events', {
    title: 'Late Show',
    organizer_id: organizer.id,
    start_date: '2031-05-09T21:00',
    timezone: 'Europe/Vienna',
    currency: 'EUR',
  });
  const standard0 = await send<{ id: number }>('post', `/events/${event.id}/tickets`, {
    name: 'Standard',
    type: 'PAID',
    price: 2000,
    box_office_price: 2500,
    quantity: 40,
  });
  await send('post', `/events/${event.id}/tickets`, { name: 'Guest list', type: 'FREE', sold_online: false });
  await send('post', `/events/${event.id}/tickets`, { name: 'Pay what you like', type: 'DONATION', min_price: 500 });
  await send('post', `/events/${event.id}/questions`, {
    title: 'Postcode',
    type: 'SINGLE_LINE_TEXT',
    required: true,
    applies_to: 'ORDER',
    asked_at_box_office: true,
  });
  await send('put', `/events/${event.id}/settings`, { offline_payments_enabled: true });
  await send('put', `/events/${event.id}/status`, { status: 'LIVE' });
  await signInWithToken(page, token);

  // The box office among the event's sections: no shift yet.
  await page.goto(`/manage/event/${event.id}`);
  await page.getByRole('link', { name: 'Box office' }).first().click();
  await expect(page.getByRole('heading', { name: 'Open a shift' })).toBeVisible();
  await page.getByLabel('Cash in the drawer (float)').fill('100');
  await page.getByRole('button', { name: 'Open shift' }).click();
  await expect(page.getByTestId('expected-cash')).toHaveText('Cash expected €100.00');
  await expectAccessible(page, 'box office');
  await snapshot(page, 'en-box-office');

  // Two at the door price, €60 handed over: €10 back; admitted at once.
  const standard = page.getByRole('button', { name: 'Add Standard' });
  await standard.click();
  await standard.click();
  await expect(page.getByTestId('sale-total')).toHaveText('€50.00');
  await page.getByRole('group', { name: 'Amount given' }).getByRole('button', { name: '€60.00' }).click();
  await expect(page.getByTestId('change')).toHaveText('Change €10.00');
  await page.getByLabel('Admit at once').check();
  // The organizer asks for a postcode at the door: the sale waits for it.
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByRole('textbox', { name: 'Postcode' })).toHaveAccessibleDescription('This field is required.');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('1010');
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByTestId('receipt-change')).toHaveText('Paid. Change to hand back: €10.00');
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByTestId('receipt-total')).toHaveText('€50.00');
  await expect(receipt.getByTestId('receipt-ticket')).toHaveCount(2);
  await expect(receipt.getByText('Checked in')).toHaveCount(2);
  await expect(page.getByTestId('expected-cash')).toHaveText('Cash expected €150.00');
  await expectAccessible(page, 'box office receipt');
  await snapshot(page, 'en-box-office-receipt');

  // A guest ticket, free with a reason, then voided: its ticket goes back.
  await page.getByRole('button', { name: 'Next sale' }).click();
  await page.getByRole('button', { name: 'Add Guest list' }).click();
  await page.getByText('Complimentary', { exact: true }).click();
  await page.getByLabel('Reason').fill('Band guest');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('1020');
  await page.getByRole('button', { name: 'Give tickets' }).click();
  await expect(page.getByTestId('receipt-total')).toHaveText('€0.00');
  await page.getByRole('button', { name: 'Void this sale' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Void sale' }).click();
  await expect(page.getByText(/is void: its tickets are cancelled and back on sale/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Void this sale' })).toHaveCount(0);

  // Without a network the screen says plainly that it cannot sell offline (this event keeps no box-office allocation).
  await page.getByRole('button', { name: 'Next sale' }).click();
  await page.context().setOffline(true);
  await expect(page.getByTestId('box-office-offline')).toContainText('it cannot sell offline');
  await page.context().setOffline(false);
  await expect(page.getByTestId('box-office-offline')).toHaveCount(0);

  // Four kept for the door (the organizer's card below the sale): this device takes them, then sells two for cash
  // with the network cut.
  const keep = page.getByRole('region', { name: 'Kept for the door' });
  await keep.getByLabel('Kept for the door: Standard').fill('4');
  await keep.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The units kept for the door have been saved.')).toBeVisible();
  await notificationsGone(page);
  await expect(page.getByTestId('device-units')).toHaveText('4 tickets on this device for selling without a network');
  await page.context().setOffline(true);
  await expect(page.getByTestId('box-office-offline-selling')).toContainText('selling from the 4 tickets kept');
  await standard.click();
  await standard.click();
  await page.getByRole('group', { name: 'Amount given' }).getByRole('button', { name: '€60.00' }).click();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  // Offline too, the device asks for what the organizer requires.
  await expect(page.getByRole('textbox', { name: 'Postcode' })).toHaveAccessibleDescription('This field is required.');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('1030');
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByTestId('receipt-offline')).toBeVisible();
  await expect(page.getByTestId('receipt-change')).toHaveText('Paid. Change to hand back: €10.00');
  await expect(page.getByTestId('receipt').getByRole('img', { name: /QR code of ticket/ })).toHaveCount(2);
  await expect(page.getByTestId('pending-sales')).toContainText('1 offline sale to send');
  await expect(page.getByTestId('expected-cash')).toHaveText('Cash expected €200.00');
  await expect(page.getByRole('button', { name: 'Close shift' })).toBeDisabled();
  await expectAccessible(page, 'box office offline receipt');
  await snapshot(page, 'en-box-office-offline');
  await page.getByRole('button', { name: 'Next sale' }).click();
  // The network is back: the sale is sent by itself, once; the units were the ones kept, nothing taken twice.
  await page.context().setOffline(false);
  await expect(page.getByTestId('pending-sales')).toHaveCount(0);
  await expect(page.getByTestId('expected-cash')).toHaveText('Cash expected €200.00');
  await expect(page.getByTestId('device-units')).toHaveText('2 tickets on this device for selling without a network');
  const dates = await (await request.get(`/api/events/${event.id}/dates`, { headers })).json();
  const allocation = `/api/events/${event.id}/box-office/allocations/${(dates.data as Array<{ id: number }>)[0]!.id}`;
  const kept = (await (await request.get(allocation, { headers })).json()).data.items[0];
  expect(kept).toMatchObject({ ticket_id: standard0.id, kept: 2, claimed: 2, sold: 4 });

  // A donation at the amount the buyer gives (at least €5): €12, exactly.
  await page.getByRole('button', { name: 'Add Pay what you like' }).click();
  await expect(page.getByTestId('sale-total')).toHaveText('€5.00');
  await page.getByLabel('Amount per ticket: Pay what you like').fill('12');
  await expect(page.getByTestId('sale-total')).toHaveText('€12.00');
  await page.getByRole('group', { name: 'Amount given' }).getByRole('button', { name: 'Exact' }).click();
  await page.getByRole('textbox', { name: 'Postcode' }).fill('1040');
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByTestId('receipt-total')).toHaveText('€12.00');
  await expect(page.getByTestId('expected-cash')).toHaveText('Cash expected €212.00');

  // The close: €212 expected, €207 counted (a €100 note, five €20 notes, a €5 and a €2 coin): €5 short.
  await page.getByRole('button', { name: 'Close shift' }).click();
  const closing = page.getByRole('dialog', { name: 'Close shift' });
  await closing.getByLabel('How many of €100.00').fill('1');
  await closing.getByLabel('How many of €20.00').fill('5');
  await closing.getByLabel('How many of €5.00').fill('1');
  await closing.getByLabel('How many of €2.00').fill('1');
  await expect(closing.getByTestId('close-totals')).toHaveText('Counted €207.00€5.00 short');
  await expectAccessible(page, 'closing a shift');
  await closing.getByRole('button', { name: 'Close shift' }).click();
  const closed = page.getByRole('dialog', { name: 'Shift closed' });
  await expect(closed.getByTestId('shift-summary')).toContainText('Cash sales (3)€112.00');
  await expect(closed.getByTestId('shift-summary')).toContainText('Voided1');
  await expect(closed).toContainText('€5.00 short');
  await closed.getByRole('button', { name: 'Done' }).click();
  await notificationsGone(page);
  await expect(page.getByRole('heading', { name: 'Open a shift' })).toBeVisible();
  // The shift in the event's list: €150 expected, €145 counted, €5 short.
  await expect(page.getByTestId('shifts-table').getByRole('row').nth(1)).toContainText(
    /Otto Door.*€212\.00€207\.00€5\.00 short/,
  );

  // The door-only ticket is not on the event page; the online price is.
  await page.goto(`/event/${event.id}/late-show`);
  await expect(page.getByText('Standard')).toBeVisible();
  await expect(page.getByText('€20.00').first()).toBeVisible();
  await expect(page.getByText('Guest list')).toHaveCount(0);
});
