import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

import { fakeCameraUse, writeFakeCamera } from './fake-camera';
import { loginWithForm } from './fixtures';
import { expectAccessible, signUpByApi, snapshot, uniqueEmail } from './support';

const PASSWORD = 'door-keeper-pass-1';

// A fake camera that plays FAKE_CAMERA_FILE, allowed for this site; the other flags are the config's.
test.use(fakeCameraUse);

interface Door {
  email: string;
  token: string;
  eventId: number;
  codes: Record<string, string>;
}

/**
 * A new organizer (Dora Door, address confirmed so events may go live) with a live event, a free
 * ticket, three guests and one cancelled order: set up through the API, the screens are under test.
 */
async function door(request: APIRequestContext): Promise<Door> {
  const email = uniqueEmail('door');
  // Opening the mailed sign-up link confirms the address.
  const { token } = await signUpByApi(request, {
    name: 'Dora Door',
    email,
    password: PASSWORD,
    timezone: 'Europe/London',
  });
  const headers = { authorization: `Bearer ${token}` };
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await request.post(`/api${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
  const organizer = await post<{ id: number }>('/organizers', { name: 'Door Events', email: 'hello@door.test' });
  const event = await post<{ id: number }>('/events', {
    title: 'Garden Party',
    organizer_id: organizer.id,
    start_date: '2030-06-01T19:00',
    end_date: '2030-06-01T23:00',
    timezone: 'Europe/London',
    currency: 'GBP',
  });
  const ticket = await post<{ id: number }>(`/events/${event.id}/tickets`, { name: 'Lawn pass', type: 'FREE' });
  expect((await request.put(`/api/events/${event.id}/status`, { headers, data: { status: 'LIVE' } })).ok()).toBe(true);

  const codes: Record<string, string> = {};
  for (const [first, last] of [
    ['Ada', 'Lovelace'],
    ['Grace', 'Hopper'],
    ['Alan', 'Turing'],
    ['Carl', 'Cancelled'],
  ] as const) {
    const reserved = await request.post(`/api/public/events/${event.id}/order`, {
      data: { items: [{ ticket_id: ticket.id, quantity: 1 }], expected_total: 0 },
    });
    expect(reserved.status()).toBe(201);
    const { data, checkout_token, order_secret } = (await reserved.json()) as {
      data: { short_id: string; attendees: Array<{ short_id: string }> };
      checkout_token: string;
      order_secret: string;
    };
    const email = `${first.toLowerCase()}@example.test`;
    const done = await request.put(`/api/public/events/${event.id}/order/${data.short_id}/details`, {
      headers: { 'x-checkout-token': checkout_token, 'x-order-secret': order_secret },
      data: {
        first_name: first,
        last_name: last,
        email,
        attendees: [{ short_id: data.attendees[0]!.short_id, first_name: first, last_name: last, email, answers: {} }],
        answers: {},
      },
    });
    expect(done.status(), await done.text()).toBe(200);
    codes[first] = data.attendees[0]!.short_id;
  }
  const list = (await (await request.get(`/api/events/${event.id}/attendees?query=Carl`, { headers })).json()) as {
    data: Array<{ order_id: number }>;
  };
  await post(`/events/${event.id}/orders/${list.data[0]!.order_id}/cancel`, {});
  return { email, token, eventId: event.id, codes };
}

/** A ticket of the event and free orders of it for these guests, through the API. */
async function guestsWith(
  request: APIRequestContext,
  door: Door,
  ticketName: string,
  guests: ReadonlyArray<readonly [string, string]>,
) {
  const headers = { authorization: `Bearer ${door.token}` };
  const made = await request.post(`/api/events/${door.eventId}/tickets`, {
    headers,
    data: { name: ticketName, type: 'FREE' },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const ticket = ((await made.json()) as { data: { id: number } }).data;
  for (const [first, last] of guests) {
    const res = await request.post(`/api/events/${door.eventId}/attendees`, {
      headers,
      data: {
        ticket_id: ticket.id,
        first_name: first,
        last_name: last,
        email: `${first.toLowerCase()}@example.test`,
        send_ticket: false,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

async function login(page: Page, email: string) {
  await loginWithForm(page, { email, password: PASSWORD }, { landing: null });
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

const count = (page: Page) => page.getByTestId('check-in-count-value');
const outcome = (page: Page) => page.getByTestId('scan-outcome');

async function find(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Find an attendee' }).fill(text);
  await expect(page.getByTestId('check-in-row')).toHaveCount(1);
  await expect(page.getByTestId('check-in-row')).toContainText(text);
}

test('check-in from the list: search, check in, why a cancelled ticket cannot, offline queue, check out, admit anyway', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { eventId, email, codes, token } = await door(page.request);
  await login(page, email);
  await page.goto(`/manage/event/${eventId}/check-in`);
  await expect(page.getByRole('heading', { name: 'Check-in' })).toBeVisible();
  await expect(count(page)).toHaveText('0 / 3');
  await expect(page.getByTestId('check-in-row')).toHaveCount(4);
  await expectAccessible(page, 'check-in list');
  await snapshot(page, 'en-check-in-list');

  await find(page, 'Grace');
  await page.getByRole('button', { name: 'Check in Grace Hopper' }).click();
  await expect(outcome(page)).toHaveAttribute('data-result', 'CHECKED_IN');
  await expect(outcome(page)).toContainText('Valid ticket: checked in');
  await expect(outcome(page)).toContainText('Grace Hopper · Lawn pass');
  await expect(page.getByTestId('check-in-row')).toContainText('by Dora Door');
  await expect(count(page)).toHaveText('1 / 3');

  // A cancelled ticket says why it cannot be checked in.
  await find(page, 'Carl');
  await expect(page.getByTestId('check-in-row')).toContainText('Cancelled: this ticket is not valid.');
  await expect(page.getByRole('button', { name: 'Check in Carl Cancelled' })).toBeDisabled();

  // A ticket code read off a phone and typed in small letters finds its ticket.
  await page.getByRole('textbox', { name: 'Find an attendee' }).fill(codes.Alan!.toLowerCase());
  await expect(page.getByTestId('check-in-row')).toHaveCount(1);
  await expect(page.getByTestId('check-in-row')).toContainText('Alan Turing');

  // Offline: the click is kept on the device, then sent when the connection returns.
  await find(page, 'Alan');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Check in Alan Turing' }).click();
  await expect(outcome(page)).toHaveAttribute('data-result', 'QUEUED');
  await expect(page.getByTestId('pending-scans')).toContainText('1 scan waiting to be sent.');
  await expectAccessible(page, 'check-in offline');
  await snapshot(page, 'en-check-in-offline');
  await context.setOffline(false);
  await expect(page.getByTestId('pending-scans')).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText('1 queued scan sent.')).toBeVisible();
  await expect(count(page)).toHaveText('2 / 3');
  await expect(page.getByTestId('check-in-row')).toContainText('Checked in at');

  // Only the checked-in, then check Grace out again.
  await page.getByRole('textbox', { name: 'Find an attendee' }).fill('');
  await page.getByRole('radiogroup', { name: 'Show attendees' }).getByText('Checked in', { exact: true }).click();
  await expect(page.getByTestId('check-in-row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Check out Grace Hopper' }).click();
  await expect(outcome(page)).toHaveAttribute('data-result', 'CHECKED_OUT');
  await expect(count(page)).toHaveText('1 / 3');

  // The list closes; the organizer still admits a latecomer anyway, with a reason kept in the audit log.
  const headers = { authorization: `Bearer ${token}` };
  const lists = (await (await page.request.get(`/api/events/${eventId}/check-in-lists`, { headers })).json()) as {
    data: Array<{ id: number }>;
  };
  const closed = await page.request.put(`/api/events/${eventId}/check-in-lists/${lists.data[0]!.id}`, {
    headers,
    data: { expires_at: '2020-01-01T00:00' },
  });
  expect(closed.ok(), await closed.text()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('list-state')).toContainText('This list closed at');
  await find(page, 'Ada');
  await page.getByRole('button', { name: 'Check in Ada Lovelace' }).click();
  await expect(outcome(page)).toHaveAttribute('data-result', 'LIST_EXPIRED');
  await expect(outcome(page)).toContainText('List closed');
  await snapshot(page, 'en-check-in-refused-admit-anyway');
  await outcome(page).getByRole('button', { name: 'Admit anyway' }).click();
  const admit = page.getByRole('dialog', { name: 'Admit anyway' });
  await expect(admit.getByTestId('admit-anyway-refusal')).toContainText('This check-in list no longer admits anyone.');
  await expect(admit.getByRole('textbox', { name: 'Reason' })).toBeFocused();
  await page.keyboard.type('Upgraded by the promoter');
  await expectAccessible(page, 'admit anyway');
  await snapshot(page, 'en-check-in-admit-anyway');
  await admit.getByRole('button', { name: 'Admit anyway' }).click();
  await expect(admit).toBeHidden();
  await expect(outcome(page)).toHaveAttribute('data-result', 'CHECKED_IN');
  await expect(outcome(page)).toContainText('Ada Lovelace · Lawn pass');
  await expect(count(page)).toHaveText('2 / 3');
  await snapshot(page, 'en-check-in-admitted-anyway');

  // The audit log says who was admitted anyway, on which list, past what refusal and why.
  await page.goto('/account/audit-log');
  const overridden = page
    .getByRole('table', { name: 'Audit log' })
    .getByRole('row', { name: /Admitted anyway at the door/ });
  await expect(overridden).toContainText(`Ada Lovelace (${codes.Ada})`);
  await expect(overridden).toContainText('Check-in list: All tickets');
  await expect(overridden).toContainText('Refused: List closed');
  await expect(overridden).toContainText('Reason: Upgraded by the promoter');

  // The dashboard shows the check-ins too.
  await page.goto(`/manage/event/${eventId}`);
  await expect(page.getByTestId('stat-check-ins-value')).toHaveText('2 of 3');
});

test('scanner: a bad code, then a valid ticket from the camera; keeps scanning; flash unavailable', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { eventId, codes, email } = await door(page.request);
  // The camera first sees a code that is no ticket, then nothing, then Ada's ticket.
  await writeFakeCamera([
    { code: 'not-a-ticket-code', seconds: 8 },
    { code: null, seconds: 1 },
    { code: codes.Ada!, seconds: 25 },
  ]);
  await login(page, email);
  await page.goto(`/manage/event/${eventId}/check-in`);
  await expect(count(page)).toHaveText('0 / 3');
  await page.getByRole('button', { name: 'Scan tickets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan tickets' });
  await expect(dialog.getByTestId('flash-unavailable')).toHaveText('Flash unavailable');
  await expect(dialog.getByTestId('scan-outcome')).toHaveAttribute('data-result', 'UNKNOWN', { timeout: 20_000 });
  await expect(dialog.getByTestId('scan-outcome')).toContainText('Unknown code');
  await snapshot(page, 'en-check-in-scanner-unknown');
  await expectAccessible(page, 'scanner unknown code');
  await expect(dialog.getByTestId('scan-outcome')).toHaveAttribute('data-result', 'CHECKED_IN', { timeout: 20_000 });
  await expect(dialog.getByTestId('scan-outcome')).toContainText('Ada Lovelace · Lawn pass');
  await expect(dialog.getByRole('status')).toContainText('Valid ticket: checked in');
  await snapshot(page, 'en-check-in-scanner-valid');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(count(page)).toHaveText('1 / 3');
});

test('scanner without camera permission says what to do', async ({ browser }) => {
  const context = await browser.newContext({ permissions: [] });
  const page = await context.newPage();
  const { eventId, email } = await door(page.request);
  await login(page, email);
  await page.goto(`/manage/event/${eventId}/check-in`);
  await page.getByRole('button', { name: 'Scan tickets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan tickets' });
  await expect(dialog.getByRole('alert')).toContainText('Camera permission denied');
  await expect(dialog.getByRole('alert')).toContainText('Allow this site to use the camera');
  await expectAccessible(page, 'scanner permission denied');
  await snapshot(page, 'en-check-in-camera-denied');
  await context.close();
});

test('check-in lists: the organizer makes a VIP list and its staff link; a volunteer with only the link checks people in, offline too; the link is revoked', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const d = await door(page.request);
  await guestsWith(page.request, d, 'VIP pass', [
    ['Vera', 'Velvet'],
    ['Victor', 'Vale'],
  ]);
  await login(page, d.email);
  await page.goto(`/manage/event/${d.eventId}/check-in-lists`);
  await expect(page.getByRole('heading', { name: 'Check-in lists' })).toBeVisible();
  // Every event starts with one list admitting all tickets.
  await expect(page.getByTestId('check-in-list')).toHaveCount(1);
  await expect(page.getByTestId('check-in-list')).toContainText('0 of 5 checked in');

  await page.getByRole('button', { name: 'Create check-in list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create check-in list' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('VIP lounge');
  await dialog.getByRole('radio', { name: 'Chosen tickets' }).check();
  await dialog.getByRole('button', { name: 'Create check-in list' }).click();
  // Chosen tickets, but none chosen: the field says so.
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Tickets', exact: true }).click();
  await page.getByRole('option', { name: 'VIP pass', exact: true }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Create check-in list' }).click();
  await expect(dialog).toBeHidden();
  const vip = page.getByRole('region', { name: 'VIP lounge' });
  await expect(vip).toContainText('0 of 2 checked in');
  await vip.getByRole('button', { name: 'Create staff link' }).click();
  const linkField = vip.getByRole('textbox', { name: 'Staff link' });
  await expect(linkField).toHaveValue(/\/check-in\/[A-Za-z0-9_-]{43}$/);
  const staffUrl = await linkField.inputValue();
  await expectAccessible(page, 'check-in lists');
  await snapshot(page, 'en-check-in-lists');

  // A volunteer opens the link in a browser of their own: no account, only this list's guests, no e-mail.
  const volunteerContext = await browser.newContext();
  const v = await volunteerContext.newPage();
  await v.goto(staffUrl);
  await expect(v.getByRole('heading', { name: 'VIP lounge' })).toBeVisible();
  await expect(count(v)).toHaveText('0 / 2');
  await expect(v.getByTestId('check-in-row')).toHaveCount(2);
  await expect(v.getByText('vera@example.test')).toHaveCount(0);
  await v.getByRole('button', { name: 'Check in Vera Velvet' }).click();
  await expect(outcome(v)).toHaveAttribute('data-result', 'CHECKED_IN');
  await expect(count(v)).toHaveText('1 / 2');
  await expectAccessible(v, 'staff link check-in');
  await snapshot(v, 'en-staff-link-check-in');

  // Offline: kept on the device, sent when the connection returns.
  // Offline, the device checks the code against the list's tickets it synced: valid, kept for the server;
  // the same ticket again is refused at once, not admitted twice.
  await volunteerContext.setOffline(true);
  await v.getByRole('button', { name: 'Check in Victor Vale' }).click();
  await expect(outcome(v)).toHaveAttribute('data-result', 'QUEUED');
  await expect(outcome(v)).toContainText('Valid ticket: saved on this device');
  await expect(outcome(v)).toContainText('Victor Vale · VIP pass. Valid when this device last synced');
  await v.getByRole('button', { name: 'Check in Victor Vale' }).click();
  await expect(outcome(v)).toHaveAttribute('data-result', 'ALREADY_CHECKED_IN');
  await expect(outcome(v)).toHaveAttribute('data-offline', 'true');
  await expect(outcome(v)).toContainText('No connection: checked on this device against the list');
  await expect(v.getByTestId('pending-scans')).toContainText('1 scan waiting to be sent.');
  await expectAccessible(v, 'staff link offline refusal');
  await volunteerContext.setOffline(false);
  await expect(v.getByText('1 queued scan sent.')).toBeVisible({ timeout: 20_000 });
  await expect(count(v)).toHaveText('2 / 2');

  // The organizer's screen opens on the first list, where nobody is in yet (one check-in per list); on the VIP list
  // both are.
  await page.goto(`/manage/event/${d.eventId}/check-in`);
  await expect(count(page)).toHaveText('0 / 5');
  await page.getByRole('combobox', { name: 'Check-in list' }).click();
  await page.getByRole('option', { name: 'VIP lounge' }).click();
  await expect(count(page)).toHaveText('2 / 2');
  await expect(page.getByTestId('check-in-row').filter({ hasText: 'Vera Velvet' })).toContainText('Checked in at');

  // Offline again, a check-out is queued; meanwhile the organizer revokes the link: the queued scan is refused,
  // clearly.
  await volunteerContext.setOffline(true);
  await v.getByRole('button', { name: 'Check out Vera Velvet' }).click();
  await expect(outcome(v)).toHaveAttribute('data-result', 'QUEUED');
  await page.goto(`/manage/event/${d.eventId}/check-in-lists`);
  await vip.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke staff link' }).getByRole('button', { name: 'Revoke link' }).click();
  await expect(vip.getByRole('button', { name: 'Create staff link' })).toBeVisible();
  await volunteerContext.setOffline(false);
  await expect(v.getByTestId('pending-scans')).toContainText(
    '1 scan made on this device was refused: this link no longer works.',
    { timeout: 20_000 },
  );
  await v.reload();
  await expect(v.getByTestId('staff-link-stopped')).toContainText('This check-in link no longer works');
  await expectAccessible(v, 'staff link revoked');
  await volunteerContext.close();

  // Vera is still in on the VIP list: the refused check-out changed nothing.
  await page.goto(`/manage/event/${d.eventId}/check-in-lists`);
  await expect(vip).toContainText('2 of 2 checked in');
});

test('offline, the scanner admits a ticket sold after the last sync by its signed QR code and refuses a forged one', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const d = await door(page.request);
  await login(page, d.email);
  await page.goto(`/manage/event/${d.eventId}/check-in`);
  await expect(count(page)).toHaveText('0 / 3');
  // The device has synced the list; then a ticket is sold that it does not know.
  const headers = { authorization: `Bearer ${d.token}` };
  const ticket = (
    (await (await page.request.get(`/api/events/${d.eventId}/tickets`, { headers })).json()) as {
      data: Array<{ id: number }>;
    }
  ).data[0]!;
  const made = await page.request.post(`/api/events/${d.eventId}/attendees`, {
    headers,
    data: { ticket_id: ticket.id, first_name: 'Zoe', last_name: 'Late', email: 'zoe@example.test', send_ticket: false },
  });
  expect(made.status(), await made.text()).toBe(201);
  const zoe = ((await made.json()) as { data: { short_id: string } }).data;
  const page2 = await page.request.get(`/api/public/events/${d.eventId}/attendees/${zoe.short_id}`);
  const qr = ((await page2.json()) as { data: { qr_code: string } }).data.qr_code;
  expect(qr).toMatch(new RegExp(`^${zoe.short_id}\\.[A-Za-z0-9_-]{86}$`));
  const forged = `AFAKE${zoe.short_id.slice(5)}.${qr.split('.')[1]}`;
  await writeFakeCamera([
    { code: null, seconds: 4 },
    { code: forged, seconds: 6 },
    { code: null, seconds: 1 },
    { code: qr, seconds: 25 },
  ]);
  await page.getByRole('button', { name: 'Scan tickets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan tickets' });
  await expect(dialog.getByTestId('flash-unavailable')).toBeVisible();
  await context.setOffline(true);
  await expect(dialog.getByTestId('scan-outcome')).toHaveAttribute('data-result', 'UNKNOWN', { timeout: 20_000 });
  await expect(dialog.getByTestId('scan-outcome')).toContainText('Forged code');
  await expect(dialog.getByTestId('scan-outcome')).toHaveAttribute('data-result', 'QUEUED', { timeout: 20_000 });
  await expect(dialog.getByTestId('scan-outcome')).toContainText('Valid signature: saved on this device');
  await snapshot(page, 'en-check-in-offline-signed');
  await context.setOffline(false);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('1 queued scan sent.')).toBeVisible({ timeout: 20_000 });
  await expect(count(page)).toHaveText('1 / 4');
});
