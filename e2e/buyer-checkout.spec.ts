import type { BrowserContext, Locator, Page } from '@playwright/test';

import { expect, riversideId, test } from './fixtures';
import { expectAccessible, gotoEventPage, mailCount, snapshot, uniqueEmail, waitForMail } from './support';

test.use({ actionTimeout: 15_000 });

const PORT = Number(process.env.E2E_PORT ?? 3100);
const CLOCK_URL = `http://127.0.0.1:${PORT + 1}/clock/advance`;
const SLUG = 'riverside-open-air';

/** Picks tickets on the event page and continues to the details step. */
async function reserve(page: Page, eventId: number, picks: Record<string, number>, promo?: string) {
  await gotoEventPage(page, `/event/${eventId}/${SLUG}${promo ? `?promo_code=${promo}` : ''}`);
  for (const [name, quantity] of Object.entries(picks)) {
    for (let i = 0; i < quantity; i++)
      await page.getByRole('button', { name: `One more ${name}`, exact: true }).click();
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${eventId}/[^/]+/details$`));
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
}

const buyerScope = (page: Page) => page.locator('form');
const attendee = (page: Page, index: number) => page.getByTestId(`attendee-${index}`);

async function fillBuyer(page: Page, buyer: { first: string; last: string; email: string }) {
  const form = buyerScope(page);
  await form.getByRole('textbox', { name: 'First name' }).first().fill(buyer.first);
  await form.getByRole('textbox', { name: 'Last name' }).first().fill(buyer.last);
  await form.getByRole('textbox', { name: 'E-mail' }).first().fill(buyer.email);
  await page.getByRole('button', { name: 'Copy buyer details to all attendees' }).click();
  await expect(attendee(page, 0).getByRole('textbox', { name: 'First name' })).toHaveValue(buyer.first);
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** The newest order link (with its secret) in the mails to an address after the first `after` of them. */
async function waitForLink(to: string, orderPath: string, after = 0): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${orderPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}#secret=[A-Za-z0-9_-]+`);
  return pattern.exec((await waitForMail(to, after, pattern)).text)![0];
}

/** Attachments of the newest mail for an address. */
const latestAttachments = async (to: string): Promise<string[]> => (await waitForMail(to)).attachments;

/** Shows the current page in a language (the locale cookie), e.g. for a German snapshot. */
async function reloadIn(page: Page, context: BrowserContext, locale: string) {
  await context.addCookies([{ name: 'admitone_locale', value: locale, url: `http://localhost:${PORT}` }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

let eventId = 0;
test.beforeAll(async ({ request }) => {
  eventId = await riversideId(request);
});

test('a free order: details with every question type, summary, ticket e-mail, ticket and print pages; the order by its secret', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    window.print = () => ((window as unknown as { printed: boolean }).printed = true);
  });
  await reserve(page, eventId, { 'Lawn pass': 2 }, 'JAZZ10');
  await expect(page.getByTestId('hold-countdown')).toContainText(/held for \d+:\d\d/);
  await expect(page.getByRole('heading', { name: /Ticket 2 of 2 — Lawn pass/ })).toBeVisible();

  // The same step in German (language is display only: the order stays as it is).
  await reloadIn(page, context, 'de');
  await expect(attendee(page, 1)).toBeVisible();
  await snapshot(page, 'checkout-details-de');
  await expectAccessible(page, 'checkout details (de)');
  await reloadIn(page, context, 'en');

  const buyer = { first: 'Ada', last: 'Lovelace', email: uniqueEmail('ada') };
  await fillBuyer(page, buyer);
  await attendee(page, 1).getByRole('textbox', { name: 'First name' }).fill('Grace');
  await attendee(page, 1).getByRole('textbox', { name: 'Last name' }).fill('Hopper');
  const graceEmail = uniqueEmail('grace');
  await attendee(page, 1).getByRole('textbox', { name: 'E-mail' }).fill(graceEmail);

  // Required questions left empty: the fields say so and nothing is sent.
  await page.getByRole('button', { name: 'Get my tickets' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields.' })).toBeVisible();
  await expect(attendee(page, 0).getByText('This field is required.')).toBeVisible();
  await expect(page).toHaveURL(/\/details$/);

  await choose(page, attendee(page, 0), 'T-shirt size', 'M');
  await choose(page, attendee(page, 1), 'T-shirt size', 'L');
  await attendee(page, 0).getByRole('textbox', { name: 'Dietary needs' }).fill('Vegetarian, no nuts');
  await page.getByRole('radio', { name: 'Friends' }).check();
  await page.getByLabel('Arrival date').fill('2027-08-22');
  await page.getByRole('checkbox', { name: 'Main' }).check();
  await page.getByRole('checkbox', { name: 'Garden' }).check();
  await expectAccessible(page, 'checkout details');
  await snapshot(page, 'checkout-details-en');

  await page.getByRole('button', { name: 'Get my tickets' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${eventId}/[^/]+/summary$`));
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('order-ticket')).toHaveCount(2);
  await expect(page.getByTestId('order-ticket').nth(1)).toContainText('Grace Hopper');
  await expectAccessible(page, 'order summary');
  await snapshot(page, 'checkout-summary-en');
  const summaryUrl = page.url();
  await reloadIn(page, context, 'de');
  await expect(page.getByTestId('order-ticket')).toHaveCount(2);
  await snapshot(page, 'checkout-summary-de');
  await expectAccessible(page, 'order summary (de)');
  await reloadIn(page, context, 'en');

  await page.getByRole('link', { name: 'View ticket of Ada Lovelace' }).click();
  await expect(page).toHaveURL(new RegExp(`/ticket/${eventId}/[^/]+$`));
  const qr = page.getByRole('img', { name: "QR code for Ada Lovelace's ticket" });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText('Lawn pass', { exact: true })).toBeVisible();
  await expectAccessible(page, 'ticket page');
  await snapshot(page, 'ticket-page');
  // The wallets this installation offers (both, on the flows' server): a signed pass to download, and Google's page.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to Apple Wallet' }).click();
  expect((await download).suggestedFilename()).toBe('ticket.pkpass');
  const toGoogle = await page.request.get(
    (await page.getByRole('link', { name: 'Save to Google Wallet' }).getAttribute('href'))!,
    { maxRedirects: 0 },
  );
  expect(toGoogle.status()).toBe(303);
  expect(toGoogle.headers().location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);

  await page.goto(`${page.url()}/print`);
  await expect(page.getByRole('heading', { name: 'Riverside Open Air' })).toBeVisible();
  await expect(page.getByRole('img', { name: "QR code for Ada Lovelace's ticket" })).toBeVisible();
  await expectAccessible(page, 'ticket print page');
  await snapshot(page, 'ticket-print');
  // Under automation the page does not open the print dialog.
  expect(await page.evaluate(() => (window as unknown as { printed?: boolean }).printed ?? false)).toBe(false);

  await page.goto(summaryUrl.replace(/\/checkout\/(\d+)\/([^/]+)\/summary$/, '/order/$1/$2/print'));
  await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expectAccessible(page, 'order print page');

  // The ticket e-mails (last: a background job sends them): each attendee gets theirs with the QR
  // code, a PDF ticket and a calendar file; the buyer also gets the order confirmation.
  const graceMail = await waitForMail(graceEmail);
  expect(graceMail.subject).toContain('Riverside Open Air');
  expect(await latestAttachments(graceEmail)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/\.pdf$/),
      expect.stringMatching(/\.ics$/),
      expect.stringMatching(/\.png$/),
    ]),
  );
  await expect.poll(() => mailCount(buyer.email), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);

  // The order by its secret (issue 18). The confirmation links to the order with its secret: another
  // browser opens it from the mail, and the secret leaves the address bar.
  const orderPath = new URL(summaryUrl).pathname;
  const link = await waitForLink(buyer.email, orderPath);
  expect(link).toMatch(/#secret=[A-Za-z0-9_-]{22,}$/);
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(other.getByTestId('order-ticket')).toHaveCount(2);
  await expect(other).toHaveURL(new RegExp(`${orderPath}$`));
  // The print page of the order opens in that browser too (it keeps the secret).
  await other.goto(summaryUrl.replace(/\/checkout\/(\d+)\/([^/]+)\/summary$/, '/order/$1/$2/print'));
  await expect(other.getByRole('article')).toHaveCount(2);
  await elsewhere.close();

  // Grace's ticket link shows her ticket only: not Ada, nor a way to the whole order.
  const stranger = await browser.newContext();
  const viewer = await stranger.newPage();
  const graceTicket = /https?:\/\/\S+\/ticket\/\d+\/[A-Za-z0-9_-]+/.exec(graceMail.text)![0];
  await viewer.goto(new URL(graceTicket).pathname);
  await expect(viewer.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await expect(viewer.getByText('Ada Lovelace')).toHaveCount(0);
  await expect(viewer.getByText(buyer.email)).toHaveCount(0);
  expect(await viewer.locator(`a[href*="/checkout/"], a[href*="/order/"]`).count()).toBe(0);

  // The old address without the secret (as in mails sent before): no order, an explanation and a fresh link by e-mail.
  const before = mailCount(buyer.email);
  await viewer.goto(orderPath);
  await expect(viewer.getByRole('heading', { name: 'This link does not open the order' })).toBeVisible();
  await expect(viewer.getByText('Grace Hopper')).toHaveCount(0);
  await expectAccessible(viewer, 'order link without its secret');
  await snapshot(viewer, 'order-old-link');
  await viewer.getByRole('button', { name: 'E-mail a fresh link to the buyer' }).click();
  await expect(viewer.getByTestId('fresh-link-sent')).toBeVisible();
  // The page never shows the address it was sent to.
  await expect(viewer.getByText(buyer.email)).toHaveCount(0);
  await expect.poll(() => mailCount(buyer.email), { timeout: 15_000 }).toBeGreaterThan(before);
  const fresh = await waitForLink(buyer.email, orderPath, before);
  await viewer.goto(fresh);
  await expect(viewer.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await stranger.close();
});

test('a paid order with offline payment waits for the transfer', async ({ page }) => {
  await reserve(page, eventId, { Standard: 1 });
  await fillBuyer(page, { first: 'Alan', last: 'Turing', email: uniqueEmail('alan') });
  await choose(page, attendee(page, 0), 'T-shirt size', 'XL');
  await page.getByRole('radio', { name: 'Poster' }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(new RegExp(`/checkout/${eventId}/[^/]+/payment$`));
  await expect(page.getByTestId('hold-countdown')).toBeVisible();
  await expect(page.getByTestId('payment-total')).toContainText('£');
  await expect(page.getByRole('heading', { name: 'Pay offline' })).toBeVisible();
  await expect(page.getByText(/bank transfer/i).first()).toBeVisible();
  await expectAccessible(page, 'payment');
  await snapshot(page, 'checkout-payment');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(new RegExp(`/checkout/${eventId}/[^/]+/summary$`));
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  await expect(page.getByText('Awaiting payment', { exact: true })).toBeVisible();
  const orderNumber = (await page
    .getByText('Order number', { exact: true })
    .locator('xpath=following-sibling::*[1]')
    .textContent())!.trim();
  await expect(page.getByTestId('offline-instructions')).toContainText(orderNumber);
  // Not issued before the payment arrives (no ticket to view), but the names may still be corrected.
  await expect(page.getByTestId('order-ticket').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^View ticket/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Correct the details of / }).first()).toBeVisible();
  await expectAccessible(page, 'summary awaiting payment');
  await snapshot(page, 'checkout-summary-awaiting-payment');

  // Coming back through the payment return address finds the order placed: the summary.
  await page.goto(page.url().replace(/\/summary$/, '/payment_return'));
  await expect(page).toHaveURL(/\/summary$/);
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
});

test('a hold stays in view on a phone, warns before it runs out, may be extended again and again, and then expires', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await reserve(page, eventId, { 'Lawn pass': 1 });
  // The e2e server's clock control (serve.ts): a failure to move it fails the test.
  const advance = async (minutes: number) =>
    expect((await request.post(CLOCK_URL, { data: { minutes } })).ok()).toBe(true);
  // At the bottom of the long details form the countdown is still on screen.
  await page.locator('form button[type="submit"]').scrollIntoViewIfNeeded();
  const bar = await page.getByTestId('hold-countdown-bar').boundingBox();
  expect(bar!.y).toBeGreaterThanOrEqual(0);
  expect(bar!.y + bar!.height).toBeLessThanOrEqual(844);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The buyer leaves for the event page (a closed tab, a new visit): the order is offered back while it is held.
  const details = page.url();
  await gotoEventPage(page, `/event/${eventId}/${SLUG}`);
  const resume = page.getByRole('region', { name: 'Your order is still in progress' });
  await expect(resume).toContainText(/held for you for about \d+ more minutes/);
  await expectAccessible(page, 'event page with an order in progress');
  await resume.getByRole('link', { name: 'Continue your order' }).click();
  await expect(page).toHaveURL(details);
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();

  // Two minutes before the end (the server's clock moved; the page corrects for the skew): a warning
  // with one extension (WCAG 2.2.1).
  const left = await page.getByTestId('hold-countdown').locator('strong').textContent();
  const minutesLeft = Number(left!.split(':')[0]);
  await advance(minutesLeft - 1);
  await page.reload();
  const warning = page.getByRole('region', { name: 'Your reservation is about to expire' });
  await expect(warning).toBeVisible();
  await expectAccessible(page, 'hold warning');
  await snapshot(page, 'checkout-hold-warning');
  await expect(warning).toContainText('10 extensions left');
  await warning.getByRole('button', { name: 'Extend my reservation' }).click();
  await expect(page.getByTestId('hold-countdown')).toContainText(/held for \d+:\d\d/);
  await expect(page.getByRole('button', { name: 'Extend my reservation' })).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your reservation has been extended. You can extend it 9 more times.' }),
  ).toHaveCount(1);
  // Warned again near the end of the extension, the buyer may extend once more.
  const again = await page.getByTestId('hold-countdown').locator('strong').textContent();
  await advance(Number(again!.split(':')[0]) - 1);
  await page.reload();
  await expect(warning).toContainText('9 extensions left');
  await expect(warning.getByRole('button', { name: 'Extend my reservation' })).toBeEnabled();

  await advance(120);
  await page.reload();
  await expect(page.getByTestId('order-state-expired')).toBeVisible();
  await expect(page.getByText('Sorry, your order has expired. Please start a new order.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start a new order' })).toHaveAttribute(
    'href',
    `/event/${eventId}/${SLUG}`,
  );
  await expectAccessible(page, 'expired order');
  await snapshot(page, 'checkout-expired');
});

test('the organizer switches offline payments off and on in the event settings', async ({
  organizerPage: page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.goto(`/manage/event/${eventId}/settings`);
  const offline = page.getByRole('switch', { name: 'Accept offline payments' });
  await expect(offline).toBeChecked();
  await expect(page.getByText('Offline payment instructions')).toBeVisible();
  await offline.uncheck();
  await page.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByText('Payment settings saved.')).toBeVisible();

  // A buyer now meets the honest "no payment method" message.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await reserve(buyer, eventId, { Standard: 1 });
  await fillBuyer(buyer, { first: 'Marie', last: 'Curie', email: uniqueEmail('marie') });
  await choose(buyer, attendee(buyer, 0), 'T-shirt size', 'S');
  await buyer.getByRole('radio', { name: 'Friends' }).check();
  await buyer.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(
    buyer.getByText('This event cannot take payments online right now. Please contact the organizer.'),
  ).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Place order' })).toHaveCount(0);
  await expectAccessible(buyer, 'payment without a method');
  await buyerContext.close();

  await offline.check();
  await page.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByText('Payment settings saved.').last()).toBeVisible();
  await page.reload();
  await expect(offline).toBeChecked();

  // A payment term: an offline order must now be paid within 5 days, and both sides see by when.
  const days = page.getByRole('textbox', { name: 'Days to pay' });
  await days.fill('5');
  await page.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByText('Payment settings saved.').last()).toBeVisible();
  const payerContext = await browser.newContext();
  const payer = await payerContext.newPage();
  await reserve(payer, eventId, { Standard: 1 });
  await fillBuyer(payer, { first: 'Emmy', last: 'Noether', email: uniqueEmail('emmy') });
  await choose(payer, attendee(payer, 0), 'T-shirt size', 'M');
  await payer.getByRole('radio', { name: 'Friends' }).check();
  await payer.getByRole('button', { name: 'Continue to payment' }).click();
  await payer.getByRole('button', { name: 'Place order' }).click();
  await expect(payer.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  await expect(payer.getByTestId('payment-due')).toContainText(
    /^Please pay by .+\. An order not paid by then is cancelled/,
  );
  await expectAccessible(payer, 'summary with a payment deadline');
  const orderNumber = (await payer
    .getByText('Order number', { exact: true })
    .locator('xpath=following-sibling::*[1]')
    .textContent())!.trim();
  await payerContext.close();
  await page.goto(`/manage/event/${eventId}/orders?query=${encodeURIComponent(orderNumber)}`);
  await page.getByTestId('order-row').filter({ hasText: orderNumber }).click();
  await expect(page.getByRole('dialog', { name: `Order ${orderNumber}` }).getByTestId('payment-due')).toContainText(
    'Payment due by',
  );
  // The demo event goes back to no term for the flows after this one.
  await page.goto(`/manage/event/${eventId}/settings`);
  await days.fill('');
  await page.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByText('Payment settings saved.').last()).toBeVisible();
});
