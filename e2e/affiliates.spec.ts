import { readFileSync } from 'node:fs';

import type { Page } from '@playwright/test';

import { appOrigin, expect, riversideId, test } from './fixtures';
import { expectAccessible, gotoEventPage, notificationsGone, snapshot, uniqueEmail } from './support';

test.use({ actionTimeout: 15_000 });

const SLUG = 'riverside-open-air';

/** A buyer on the affiliate's link: one free Lawn pass, every required answer, to the summary. */
async function buyLawnPass(buyer: Page, eventId: number) {
  await buyer.getByRole('button', { name: 'One more Lawn pass', exact: true }).click();
  await buyer.getByRole('button', { name: 'Continue' }).click();
  await expect(buyer).toHaveURL(new RegExp(`/checkout/${eventId}/[^/]+/details$`));
  const form = buyer.locator('form');
  await form.getByRole('textbox', { name: 'First name' }).first().fill('Ada');
  await form.getByRole('textbox', { name: 'Last name' }).first().fill('Lovelace');
  await form.getByRole('textbox', { name: 'E-mail' }).first().fill(uniqueEmail('aff-buyer'));
  await buyer.getByRole('button', { name: 'Copy buyer details to all attendees' }).click();
  const attendee = buyer.getByTestId('attendee-0');
  await attendee.getByRole('combobox', { name: 'T-shirt size' }).click();
  await buyer.getByRole('option', { name: 'M', exact: true }).click();
  await buyer.getByRole('radio', { name: 'Friends' }).check();
  await buyer.getByLabel('Arrival date').fill('2027-08-22');
  await buyer.getByRole('checkbox', { name: 'Main' }).check();
  await buyer.getByRole('button', { name: 'Get my tickets' }).click();
  await expect(buyer).toHaveURL(new RegExp(`/checkout/${eventId}/[^/]+/summary$`));
  await expect(buyer.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
}

test('affiliate link attribution: create an affiliate, buy through its link, see the order counted and export it', async ({
  organizerPage: page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const eventId = await riversideId(request);
  await page.goto(`/manage/event/${eventId}/affiliates`);

  // Empty: the page explains what affiliates are.
  await expect(page.getByRole('heading', { name: 'Affiliates', level: 1 })).toBeVisible();
  await expect(page.getByText('No affiliates yet')).toBeVisible();
  await expectAccessible(page, 'affiliates (empty)');
  await snapshot(page, 'affiliates-empty');

  // Create one; the code can be generated from the name, or typed.
  await page.getByRole('main').getByRole('button', { name: 'Create affiliate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create affiliate' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Radio Blue');
  await dialog.getByRole('button', { name: 'Generate a code' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Code' })).toHaveValue(/^RADIOBLUE-[A-Z2-9]{4}$/);
  await dialog.getByRole('textbox', { name: 'Code' }).fill('radio-blue');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('promo@radio.example');
  await page.mouse.move(0, 0); // the tooltip of "Generate a code" closes
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expectAccessible(page, 'affiliate form');
  await snapshot(page, 'affiliates-form');
  await dialog.getByRole('button', { name: 'Create affiliate' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('affiliate-row-radio-blue');
  await expect(row).toContainText('Radio Blue');
  await expect(row).toContainText('promo@radio.example');
  await expect(row.getByTestId('affiliate-orders')).toHaveText('0');

  // A second code differing only in case is refused next to the field.
  await page.getByRole('main').getByRole('button', { name: 'Create affiliate' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Copycat');
  await dialog.getByRole('textbox', { name: 'Code' }).fill('RADIO-BLUE');
  await dialog.getByRole('button', { name: 'Create affiliate' }).click();
  await expect(dialog.getByText('This event already has an affiliate with this code.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Copy link: the full public address with ?aff=CODE.
  await row.getByRole('button', { name: 'Copy the link for Radio Blue' }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${appOrigin()}/event/${eventId}/${SLUG}?aff=radio-blue`);

  // A buyer opens the link; applying a promo code keeps the affiliate in the address.
  const buyer = await context.newPage();
  // Once the page is live (hydrated): a click before that would do nothing.
  await gotoEventPage(buyer, link);
  await buyer.getByRole('button', { name: 'Have a promo code?' }).click();
  await buyer.getByRole('textbox', { name: 'Promo code' }).fill('JAZZ10');
  await buyer.getByRole('button', { name: 'Apply' }).click();
  await expect(buyer.getByTestId('promo-status')).toHaveText('Promo code JAZZ10 applied. The prices shown include it.');
  expect(new URL(buyer.url()).searchParams.get('aff')).toBe('radio-blue');
  // A language switch keeps it too (the page stays where it is).
  await buyer.getByLabel('Language').selectOption('de');
  await expect(buyer.locator('html')).toHaveAttribute('lang', 'de');
  expect(new URL(buyer.url()).searchParams.get('aff')).toBe('radio-blue');
  await buyer.getByLabel('Sprache').selectOption('en');
  await expect(buyer.locator('html')).toHaveAttribute('lang', 'en');
  await buyLawnPass(buyer, eventId);
  await buyer.close();

  // The order is counted for the affiliate (free ticket: no revenue).
  await page.reload();
  await expect(row.getByTestId('affiliate-orders')).toHaveText('1');
  await expect(row.getByTestId('affiliate-tickets')).toHaveText('1');
  await expect(row.getByTestId('affiliate-revenue')).toHaveText('£0.00');
  await expect(page.getByTestId('affiliate-revenue-chart')).toBeVisible();
  await notificationsGone(page);
  await expectAccessible(page, 'affiliates');
  await snapshot(page, 'affiliates-list');

  // Export CSV: the row with its figures and link.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${SLUG}-affiliates-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split(/\r\n/)[0]).toBe('\uFEFFName,Code,E-mail,Enabled,Orders,Tickets,Revenue (GBP),Link');
  expect(csv).toContain(
    `Radio Blue,radio-blue,promo@radio.example,Yes,1,1,0.00,${appOrigin()}/event/${eventId}/${SLUG}?aff=radio-blue`,
  );

  // Turning the link off, and deleting: the dialog says what happens to the order.
  await row.getByRole('switch', { name: 'Link of Radio Blue enabled' }).click({ force: true });
  await expect(page.getByText('The link of Radio Blue is turned off.')).toBeVisible();
  await expect(row.getByRole('switch', { name: 'Link of Radio Blue enabled' })).not.toBeChecked();
  await row.getByRole('button', { name: 'Delete Radio Blue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete affiliate' });
  await expect(confirm).toContainText('Radio Blue brought 1 order.');
  await expectAccessible(page, 'delete affiliate dialog');
  await snapshot(page, 'affiliates-delete');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
});
