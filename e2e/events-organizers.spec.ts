import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';

import { apiLogin, expect, loginWithForm, test } from './fixtures';
import { LEGACY_LOGIN } from './legacy-login';
import {
  expectAccessible,
  notificationsGone,
  signUpByApi,
  signUpLinkPath,
  snapshot,
  uniqueEmail,
  waitForMail,
} from './support';

/** Signs a new person up and opens the mailed link; they land on the first-run page of their own account. */
async function register(browser: Browser, name: string, email: string, password: string, organization?: string) {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  await page.goto('/auth/register');
  await page.getByLabel('Your name').fill(name);
  if (organization) await page.getByLabel(/^Organization/).fill(organization);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.goto(await signUpLinkPath(email));
  await expect(page).toHaveURL(/\/welcome$/);
  return { context, page };
}

/** Picks a date (day of next month) and types a time ("1930", as people type it) in a date-and-time field. */
async function pickDateTime(page: Page, label: string, day: number, time: string, shown: RegExp) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dropdown = page.locator('.mantine-Popover-dropdown').last();
  await dropdown.locator('.mantine-DatePicker-calendarHeaderControl[data-direction="next"]').click();
  await dropdown
    .locator('button.mantine-DatePicker-day:not([data-outside])', { hasText: new RegExp(`^${day}$`) })
    .first()
    .click();
  await expect(dropdown.getByRole('textbox')).toBeFocused();
  await page.keyboard.type(time.replace(':', ''));
  await page.keyboard.press('Enter');
  await expect(dropdown).toBeHidden();
  await expect(page.getByRole('button', { name: label, exact: true })).toContainText(shown);
}

/** Chooses an option of a Mantine Select by its label. */
async function choose(page: Page, label: string, option: string, typed?: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (typed) await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A small pretix seating-plan file: a stage, two rows of the front and one of the back. */
const PRETIX_PLAN = {
  name: 'Lakeside Stage',
  size: { width: 400, height: 260 },
  categories: [
    { name: 'Front', color: '#7048e8' },
    { name: 'Back', color: '#f59f00' },
  ],
  zones: [
    {
      name: 'Lawn',
      position: { x: 60, y: 20 },
      areas: [
        {
          shape: 'rectangle',
          color: '#dee2e6',
          position: { x: 0, y: 0 },
          rectangle: { width: 280, height: 50 },
          text: { text: 'Stage', size: 18, position: { x: 140, y: 25 } },
        },
      ],
      rows: [
        { row: 'A', y: 100, seats: 3, category: 'Front' },
        { row: 'B', y: 140, seats: 3, category: 'Front' },
        { row: 'C', y: 190, seats: 4, category: 'Back' },
      ].map(({ row, y, seats, category }) => ({
        row_number: row,
        row_number_position: 'start',
        position: { x: 0, y },
        seats: Array.from({ length: seats }, (_, i) => ({
          seat_guid: `lawn-${row}-${i + 1}`,
          seat_number: String(i + 1),
          position: { x: 80 + i * 40, y: 0 },
          radius: 12,
          category,
        })),
      })),
    },
  ],
};

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

test('an organizer edits, designs, publishes, duplicates and archives an event, then edits the organizer', async ({
  browser,
}) => {
  test.setTimeout(210_000);
  const email = uniqueEmail('events');
  const { context, page } = await register(browser, 'Nina Simone', email, 'events-password-1', 'Simone Live');

  // First run: organizer and event; the organizer is named after the organization typed at sign-up.
  await expect(page.getByLabel('Organizer name')).toHaveValue('Simone Live');
  await page.getByRole('button', { name: 'Next: create your event' }).click();
  await page.getByLabel('Event title').fill('Jazz at the Lake');
  await pickDateTime(page, 'Starts', 12, '19:30', /7:30\sPM/);
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page).toHaveURL(/\/manage\/event\/\d+$/);
  const eventPath = new URL(page.url()).pathname;
  const nav = page.getByRole('navigation', { name: 'Event sections' });

  // Getting started: the organizer is done, and the address (the sign-up link confirmed it).
  await nav.getByRole('link', { name: 'Getting started' }).click();
  await expect(page.getByRole('heading', { name: 'Getting started', level: 1 })).toBeVisible();
  await expect(page.getByText('2 of 7 steps done')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose an organizer (done)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address (done)' })).toBeVisible();
  await expectAccessible(page, 'getting started');
  await snapshot(page, 'en-event-getting-started');

  // Settings: each section saves on its own.
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const details = page.getByRole('region', { name: 'Event details' });
  await details.getByLabel('Event title').fill('Jazz by the Lake');
  await details.locator('.ProseMirror').click();
  await page.keyboard.type('Bring a blanket and a friend.');
  await details.getByRole('button', { name: 'Save event details' }).click();
  await expect(page.getByText('Event details saved.')).toBeVisible();

  const location = page.getByRole('region', { name: 'Location' });
  await location.getByLabel('Venue name').fill('Lakeside Stage');
  await location.getByLabel('City').fill('Geneva');
  // Typed in another language and left with Tab: the match is taken (never left looking chosen while empty).
  const country = page.getByRole('combobox', { name: 'Country', exact: true });
  await country.click();
  await country.fill('Schweiz');
  await expect(page.getByRole('option', { name: 'Switzerland', exact: true })).toBeVisible();
  await country.press('Tab');
  await expect(country).toHaveValue('Switzerland');
  // The venue's position (for wallet passes): one half alone is marked, then both are kept.
  await location.getByLabel('Latitude').fill('46.2044');
  await location.getByRole('button', { name: 'Save location' }).click();
  await expect(location.getByText('Give both latitude and longitude, or neither.')).toBeVisible();
  await location.getByLabel('Longitude').fill('6.1432');
  await location.getByRole('button', { name: 'Save location' }).click();
  await expect(page.getByText('Location saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Location' }).getByLabel('Longitude')).toHaveValue('6.1432');

  const mail = page.getByRole('region', { name: 'E-mail and notifications' });
  await mail.getByLabel('Support e-mail').fill('not-an-address');
  await mail.getByRole('button', { name: 'Save e-mail settings' }).click();
  await expect(mail.getByText('Enter a valid e-mail address.')).toBeVisible();
  await mail.getByLabel('Support e-mail').fill('help@simone.test');
  await mail.getByRole('button', { name: 'Save e-mail settings' }).click();
  await expect(page.getByText('E-mail settings saved.')).toBeVisible();

  const seo = page.getByRole('region', { name: 'SEO' });
  await seo.getByLabel('SEO title').fill('Jazz by the Lake – Geneva');
  await expect(seo.getByText('25 of 70 characters.', { exact: false })).toBeVisible();
  await seo.getByRole('button', { name: 'Save SEO settings' }).click();
  await expect(page.getByText('SEO settings saved.')).toBeVisible();

  // Buyers may move their order to another date (at the same price) until 24 hours before it.
  const selfService = page.getByRole('region', { name: 'Buyer self-service' });
  await selfService
    .getByRole('radio', { name: 'Buyers may move their order to another date at the same price' })
    .check();
  await expect(selfService.getByLabel('Date changes until how many hours before the start')).toHaveValue('24');
  await selfService.getByRole('button', { name: 'Save self-service settings' }).click();
  await expect(page.getByText('Self-service settings saved.')).toBeVisible();

  const misc = page.getByRole('region', { name: 'Miscellaneous' });
  await expect(misc.getByText('At least 15 minutes recommended.', { exact: false })).toBeVisible();
  await misc.getByLabel('Order timeout (minutes)').fill('');
  await misc.getByRole('button', { name: 'Save settings' }).click();
  await expect(misc.getByText('This field is required.')).toBeVisible();
  await misc.getByLabel('Order timeout (minutes)').fill('20');
  await misc.getByLabel('Show prices including taxes and fees').check();
  await misc.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await notificationsGone(page);
  await expectAccessible(page, 'event settings');
  await snapshot(page, 'en-event-settings');

  await page.reload();
  await expect(page.getByLabel('Event title')).toHaveValue('Jazz by the Lake');
  await expect(page.getByLabel('Venue name')).toHaveValue('Lakeside Stage');
  await expect(page.getByRole('combobox', { name: 'Country', exact: true })).toHaveValue('Switzerland');
  await expect(page.getByLabel('Order timeout (minutes)')).toHaveValue('20');
  await expect(page.getByLabel('Show prices including taxes and fees')).toBeChecked();

  // Homepage design: a too small picture is refused before upload; a good one becomes the cover.
  await nav.getByRole('link', { name: 'Homepage design' }).click();
  await expect(page.getByRole('heading', { name: 'Homepage design', level: 1 })).toBeVisible();
  const upload = page.getByLabel('Upload a cover image');
  await upload.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: await png(400, 200, '#7c3aed') });
  await expect(page.getByText('The image must be at least 900×450 pixels.')).toBeVisible();
  await upload.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await png(1200, 600, '#7c3aed') });
  await expect(page.getByText('Image uploaded.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Cover image of the event' })).toBeVisible();
  await expect(page.getByText('The image must be at least 900×450 pixels.')).toBeHidden();

  // Colours change the preview at once; a hard-to-read pair is flagged.
  const preview = page.getByRole('figure', { name: 'Preview of the event page' });
  await expect(preview.getByText('Jazz by the Lake')).toBeVisible();
  await expect(preview.getByText('Lakeside Stage, Geneva, Switzerland')).toBeVisible();
  await page.getByLabel('Button', { exact: true }).fill('#0f766e');
  await expect(preview.getByText('Get tickets')).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await page.getByLabel('Ticket widget background', { exact: true }).fill('#fef3c7');
  // No tickets yet: the preview says where they will be (no made-up ones).
  await expect(
    preview.getByText('Your tickets appear here once you add them.').locator('xpath=ancestor::div[1]'),
  ).toHaveCSS('background-color', 'rgb(254, 243, 199)');
  await page.getByLabel('Button text', { exact: true }).fill('#14b8a6');
  await expect(page.getByText('Some colors are hard to read')).toBeVisible();
  await expect(page.getByText(/Button text on the button: \d(\.\d)?:1/)).toBeVisible();
  await page.getByLabel('Button text', { exact: true }).fill('#ffffff');
  await expect(page.getByText('Some colors are hard to read')).toBeHidden();
  await page.getByLabel('Blurred page background').check();
  await page.getByRole('button', { name: 'Save design' }).click();
  await expect(page.getByText('Design saved.')).toBeVisible();
  await notificationsGone(page);
  await expectAccessible(page, 'homepage designer');
  await snapshot(page, 'en-event-homepage-designer');
  await page.reload();
  await expect(page.getByLabel('Button', { exact: true })).toHaveValue('#0f766e');
  await expect(page.getByLabel('Blurred page background')).toBeChecked();

  // The sign-up link confirmed the address: going live waits only for the checklist.
  await nav.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('link', { name: 'Getting started' }).last()).toBeVisible();

  // A ticket (made through the API; the tickets screen has its own flow) completes one more step.
  const token = await page.evaluate(() => localStorage.getItem('admitone.token'));
  const created = await page.request.post(`/api${eventPath.replace('/manage/event/', '/events/')}/tickets`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'General admission', type: 'FREE' },
  });
  expect(created.status()).toBe(201);
  // No card payments on the e2e server (no Stripe keys): offline payments complete the payment step.
  const offline = await page.request.put(`/api${eventPath.replace('/manage/event/', '/events/')}/settings`, {
    headers: { authorization: `Bearer ${token}` },
    data: { offline_payments_enabled: true },
  });
  expect(offline.status()).toBe(200);

  // The designer's preview shows the event's real ticket now (made through the API: a fresh load).
  await page.goto(`${eventPath}/homepage-designer`);
  await expect(preview.getByTestId('preview-ticket')).toHaveText(['General admissionFree']);

  // The checklist now shows six of seven; going live from it asks first.
  await page.goto(`${eventPath}/getting-started`);
  await expect(page.getByText('6 of 7 steps done')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connect a payment provider (done)' })).toBeVisible();
  await page.getByRole('button', { name: 'Go live' }).click();
  let dialog = page.getByRole('dialog', { name: 'Go live' });
  await expect(dialog.getByText('“Jazz by the Lake” becomes visible to the public.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Go live' }).click();
  await expect(page.getByText('“Jazz by the Lake” is live.')).toBeVisible();
  await expect(page.getByText('7 of 7 steps done')).toBeVisible();
  await expect(page.getByText('All set!')).toBeVisible();

  await nav.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to draft' })).toBeVisible();
  await notificationsGone(page);
  await expectAccessible(page, 'event overview');
  await snapshot(page, 'en-event-overview');

  // Dates: the concert also runs weekly. A rule adds six more (its preview counts them before anything is
  // made), seen in the list and in the month calendar.
  await nav.getByRole('link', { name: 'Dates' }).click();
  await expect(page.getByRole('heading', { name: 'Dates', level: 1 })).toBeVisible();
  await expect(page.getByTestId('date-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Add dates from a rule' }).first().click();
  const rule = page.getByRole('dialog', { name: 'Add dates from a rule' });
  await expect(rule.getByText('10 dates', { exact: true })).toBeVisible();
  await rule.getByRole('textbox', { name: 'Number of days' }).fill('6');
  await expect(rule.getByText('6 dates', { exact: true })).toBeVisible();
  await expectAccessible(page, 'dates from a rule');
  await rule.getByRole('button', { name: 'Add dates', exact: true }).click();
  await expect(page.getByText('6 dates added')).toBeVisible();
  await expect(page.getByTestId('date-row')).toHaveCount(7);
  await expectAccessible(page, 'dates list');
  await page
    .locator('label')
    .filter({ hasText: /^Calendar$/ })
    .click();
  await expect(page.getByText('7:30 PM').first()).toBeVisible();
  await snapshot(page, 'en-event-dates-calendar');

  // A buyer opens the public page: seven dates, the next six listed. They choose the second, see its tickets
  // and book one for it; the order names that date.
  const visitor = await browser.newContext();
  const buyer = await visitor.newPage();
  await buyer.goto(eventPath.replace('/manage/event/', '/event/'));
  await expect(buyer.getByRole('heading', { name: 'Choose a date' })).toBeVisible();
  const choices = buyer.getByTestId('date-choice');
  await expect(choices).toHaveCount(6);
  await expect(buyer.getByRole('button', { name: 'One more General admission' })).toHaveCount(0);
  await expectAccessible(buyer, 'dates to choose');
  await snapshot(buyer, 'en-event-page-dates');
  const when = await choices.nth(1).locator('time').innerText();
  const later = await choices.nth(2).locator('time').innerText();
  await choices.nth(1).click();
  await expect(buyer).toHaveURL(/\?date=\d+$/);
  await expect(buyer.getByRole('link', { name: 'Change date' })).toBeVisible();
  await snapshot(buyer, 'en-event-page-chosen-date');
  await buyer.getByRole('button', { name: 'One more General admission', exact: true }).click();
  await buyer.getByRole('button', { name: 'Continue' }).click();
  const form = buyer.locator('form');
  await form.getByRole('textbox', { name: 'First name' }).first().fill('Ella');
  await form.getByRole('textbox', { name: 'Last name' }).first().fill('Fitzgerald');
  const ella = uniqueEmail('ella');
  await form.getByRole('textbox', { name: 'E-mail' }).first().fill(ella);
  await buyer.getByRole('button', { name: 'Copy buyer details to all attendees' }).click();
  await buyer.getByRole('button', { name: 'Get my tickets' }).click();
  await expect(buyer.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  // "Sat, Dec 12, 2026, 7:30 PM" chosen: the order is for Dec 12, 2026, 7:30 PM.
  await expect(buyer.getByText(when.replace(/^[^,]+, /, ''), { exact: false }).first()).toBeVisible();

  // Ella cannot come that evening: from her order page she moves the order to a week later (a date at the same
  // price); the tickets keep their codes and she is mailed the new date.
  await buyer.getByRole('button', { name: 'Change date', exact: true }).click();
  const change = buyer.getByRole('dialog', { name: /^Change the date of order/ });
  const newDates = change.getByRole('radio');
  await expect(newDates.first()).toBeVisible();
  // "Sat, Dec 19, 2026, 7:30 PM" on the event page; "Saturday, December 19, 2026 at 7:30 PM" in the dialog.
  const [, month, day] = /^[^,]+, (\w+) (\d+),/.exec(later)!;
  const weekLater = change.getByRole('radio', { name: new RegExp(`${month}\\w* ${day},`) });
  const ellaNewDate = await weekLater.getAttribute('value');
  await weekLater.check();
  await expectAccessible(buyer, 'change the date of an order');
  await snapshot(buyer, 'en-order-change-date');
  await change.getByRole('button', { name: 'Move my tickets' }).click();
  await expect(change.getByText(/^Your tickets are now for .*We have e-mailed you the new time\.$/)).toBeVisible();
  await change.getByRole('button', { name: 'Close' }).last().click();
  const exchanged = await waitForMail(ella, 0, /As you asked, your tickets/);
  expect(exchanged.subject).toBe('Your tickets for Jazz by the Lake are for a new date');
  await visitor.close();

  // The band arrives late that week: the organizer moves Ella's new date to 8:00 PM. The date has a buyer, so the
  // drawer asks whether to tell them (yes by default) and for a message; Ella is mailed the new time with a calendar
  // file.
  await page.goto(`${eventPath}/dates?date=${ellaNewDate}`);
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('button', { name: 'Starts', exact: true }).click();
  const clock = page.locator('.mantine-Popover-dropdown').last().getByRole('textbox');
  await clock.fill('2000');
  await clock.press('Enter');
  await expect(drawer.getByRole('button', { name: 'Starts', exact: true })).toContainText('8:00 PM');
  const tell = drawer.getByRole('checkbox', { name: 'E-mail the buyers the new time, with a new calendar file' });
  await expect(tell).toBeChecked();
  await drawer.getByRole('textbox', { name: 'Message to the buyers' }).fill('The band arrives late.');
  await expectAccessible(page, 'moving a date with buyers');
  await drawer.getByRole('button', { name: 'Save date' }).click();
  await expect(page.getByText('The date was moved. The buyers of 1 order are being told.')).toBeVisible();
  const moved = await waitForMail(ella, 0, /has moved to a new time/);
  expect(moved.subject).toBe('New time for Jazz by the Lake');
  expect(moved.text).toContain('The band arrives late.');
  expect(moved.attachments.some((name) => name.endsWith('.ics'))).toBe(true);
  const newWhen = later.replace(/\d{1,2}:\d\d\s?[AP]M$/, '8:00 PM');

  // At the door the organizer chooses the date being checked in: the list and count are that date's, and
  // Ella is checked in for it.
  await page.goto(`${eventPath}/check-in`);
  const doorDate = page.getByRole('combobox', { name: 'Date', exact: true });
  await expect(doorDate).not.toHaveValue('');
  await expect(page.getByText('No attendees for this date yet')).toBeVisible();
  await doorDate.click();
  await page.getByRole('option', { name: newWhen.replace(/^[^,]+, /, '') }).click();
  await expect(page.getByTestId('check-in-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Check in Ella Fitzgerald' }).click();
  await expect(page.getByTestId('check-in-count-value')).toHaveText('1 / 1');
  await expectAccessible(page, 'door with dates');

  // A season pass: one purchase admits once on each date ahead. The organizer makes one; a fan buys it from the
  // first date's page, names its holder once and gets a ticket for each of its dates.
  await page.goto(`${eventPath}/tickets`);
  await page.getByRole('main').getByRole('button', { name: 'Create ticket' }).click();
  const passForm = page.getByRole('dialog', { name: 'Create ticket' });
  await passForm.getByLabel('Name').fill('Season pass');
  await passForm.getByText('Free', { exact: true }).click();
  await passForm.getByRole('checkbox', { name: 'Pass: valid on every date it is sold on' }).check();
  await passForm.getByRole('button', { name: 'Create ticket' }).click();
  await expect(passForm).toBeHidden();
  const passRow = page.getByTestId('ticket-row').filter({ hasText: 'Season pass' });
  await expect(passRow.getByTestId('product-kind')).toHaveText('Pass');
  // And a pass for any two evenings, which its holder picks after buying.
  await page.getByRole('main').getByRole('button', { name: 'Create ticket' }).click();
  await passForm.getByLabel('Name').fill('Any two nights');
  await passForm.getByText('Free', { exact: true }).click();
  await passForm.getByRole('checkbox', { name: 'Pass: valid on every date it is sold on' }).check();
  await passForm.getByRole('checkbox', { name: 'The holder picks the dates' }).check();
  await passForm.getByRole('textbox', { name: 'Number of dates' }).fill('2');
  await passForm.getByRole('button', { name: 'Create ticket' }).click();
  await expect(passForm).toBeHidden();
  const fanContext = await browser.newContext();
  const fan = await fanContext.newPage();
  await fan.goto(eventPath.replace('/manage/event/', '/event/'));
  await fan.getByTestId('date-choice').first().click();
  await expect(fan.locator('li').filter({ hasText: 'Any two nights' }).getByTestId('pass-note')).toHaveText(
    /^Pass for any 2 of \d+ dates \(.+\), picked after buying$/,
  );
  const note = fan.locator('li').filter({ hasText: 'Season pass' }).getByTestId('pass-note');
  await expect(note).toHaveText(/^Pass: admits once on each of \d+ dates, \w+day, \w+ \d+, 20\d\d to \w+day, /);
  const covered = Number(/each of (\d+) dates/.exec((await note.textContent())!)![1]);
  expect(covered).toBeGreaterThan(1);
  await fan.getByRole('button', { name: 'One more Season pass', exact: true }).click();
  await fan.getByRole('button', { name: 'One more Any two nights', exact: true }).click();
  await fan.getByRole('button', { name: 'Continue' }).click();
  const fanForm = fan.locator('form');
  // The buyer and one holder: the pass is named once.
  await expect(fanForm.getByRole('textbox', { name: 'First name' })).toHaveCount(2);
  await fanForm.getByRole('textbox', { name: 'First name' }).first().fill('Billie');
  await fanForm.getByRole('textbox', { name: 'Last name' }).first().fill('Holiday');
  await fanForm.getByRole('textbox', { name: 'E-mail' }).first().fill(uniqueEmail('billie'));
  await fan.getByRole('button', { name: 'Copy buyer details to all attendees' }).click();
  await fan.getByRole('button', { name: 'Get my tickets' }).click();
  await expect(fan.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(fan.getByTestId('pass-ticket-date')).toHaveCount(covered);
  // The pass for any two nights has no ticket yet: the fan picks the first evening offered.
  const picks = fan.getByTestId('pass-picks');
  await expect(picks.getByText('Any two nights: 0 of 2 dates picked')).toBeVisible();
  await expectAccessible(fan, 'an order with passes');
  await picks.getByRole('button', { name: 'Add this date' }).click();
  await expect(picks.getByText(/^Added .+: its ticket is with your tickets\.$/)).toBeVisible();
  await expect(picks.getByText('Any two nights: 1 of 2 dates picked')).toBeVisible();
  await expect(fan.getByTestId('pass-ticket-date')).toHaveCount(covered + 1);
  await snapshot(fan, 'en-order-pass');
  // Any of its tickets lists the pass's dates: its code admits on each.
  await fan.getByRole('link', { name: 'View ticket of Billie Holiday' }).first().click();
  await expect(fan.getByTestId('pass-dates').getByRole('listitem')).toHaveCount(covered);
  await fanContext.close();

  // The list: cover thumbnail, actions menu, duplicate with its settings and cover.
  await page.goto('/manage/events');
  const card = page.getByRole('listitem').filter({ hasText: 'Jazz by the Lake' });
  await expect(card.locator('img')).toHaveCount(1);
  await card.getByRole('button', { name: 'Actions for Jazz by the Lake' }).click();
  await expect(page.getByRole('menuitem', { name: 'Back to draft' })).toBeVisible();
  // The menu works from the keyboard (axe is run on the dialogs it opens, not on Mantine's open menu).
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Duplicate' })).toBeHidden();
  await card.getByRole('button', { name: 'Actions for Jazz by the Lake' }).press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Duplicate' })).toBeVisible();
  // The arrows are for the open menu once it has taken focus: its focus trap moves focus into it a moment after it
  // opens, and an item focused by an arrow before that loses focus to the trap again.
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="menu"]'))).toBe(true);
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[role="menuitem"]:focus')).toHaveCount(1);
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  dialog = page.getByRole('dialog', { name: 'Duplicate event' });
  await expect(dialog.getByLabel('Title of the copy')).toHaveValue('Jazz by the Lake (copy)');
  await expect(dialog.getByLabel('Copy settings')).toBeChecked();
  await expect(dialog.getByLabel('Copy the cover image')).toBeChecked();
  await expectAccessible(page, 'duplicate dialog');
  await snapshot(page, 'en-event-duplicate');
  await dialog.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByText('“Jazz by the Lake (copy)” created as a draft.')).toBeVisible();
  const copy = page.getByRole('listitem').filter({ hasText: 'Jazz by the Lake (copy)' });
  await expect(copy.getByText('Draft')).toBeVisible();
  await expect(copy.locator('img')).toHaveCount(1);

  // Archive the copy: it leaves the list and shows under the Archived filter.
  await copy.getByRole('button', { name: 'Actions for Jazz by the Lake (copy)' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  dialog = page.getByRole('dialog', { name: 'Archive event' });
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('“Jazz by the Lake (copy)” has been archived.')).toBeVisible();
  await expect(copy).toHaveCount(0);
  await choose(page, 'Status', 'Archived');
  await expect(page).toHaveURL(/status=ARCHIVED/);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeDisabled();
  await expect(copy.getByText('Archived')).toBeVisible();
  await notificationsGone(page);
  await expectAccessible(page, 'archived events');
  await snapshot(page, 'en-events-archived');

  // Delete it for good.
  await copy.getByRole('button', { name: 'Actions for Jazz by the Lake (copy)' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete event' });
  await expect(dialog.getByText('This cannot be undone.', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('“Jazz by the Lake (copy)” has been deleted.')).toBeVisible();
  await expect(page.getByText('No matching events')).toBeVisible();

  // The organizer page: details, logo and its events.
  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await page.getByRole('link', { name: 'Simone Live' }).first().click();
  await expect(page).toHaveURL(/\/manage\/organizer\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Simone Live', level: 1 })).toBeVisible();
  const organizerEvents = page.getByRole('region', { name: 'Events' });
  await expect(organizerEvents.getByText('Jazz by the Lake')).toBeVisible();
  await page.getByLabel('Website').fill('simone.test');
  await page.getByRole('button', { name: 'Save organizer' }).click();
  await expect(page.getByText('Enter a valid web address starting with http:// or https://.')).toBeVisible();
  await page.getByLabel('Website').fill('https://simone.test');
  await page.getByLabel('Organizer name').fill('Simone Live Music');
  await page.getByRole('button', { name: 'Save organizer' }).click();
  await expect(page.getByText('Simone Live Music saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Simone Live Music', level: 1 })).toBeVisible();
  await page
    .getByLabel('Upload a logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(300, 300, '#0f766e') });
  await expect(page.getByRole('img', { name: 'Logo of Simone Live Music' })).toBeVisible();
  await notificationsGone(page);
  await expectAccessible(page, 'organizer');
  await snapshot(page, 'en-organizer');

  // Seating plans (#40): a pretix file imported, drawn with its legend, published as version 1.
  await page.getByRole('link', { name: 'Open seating plans' }).click();
  await expect(page.getByRole('heading', { name: 'Seating plans', level: 1 })).toBeVisible();
  await expect(page.getByText('No seating plans yet')).toBeVisible();
  await snapshot(page, 'en-seating-plans-empty');
  await page.getByRole('button', { name: 'Import a pretix file' }).click();
  const importing = page.getByRole('dialog', { name: 'Import a pretix file' });
  await importing.getByLabel('Pretix seating plan file').setInputFiles({
    name: 'lakeside.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(PRETIX_PLAN)),
  });
  await expect(importing.getByText('lakeside.json')).toBeVisible();
  await importing.getByRole('button', { name: 'Import plan' }).click();
  await expect(page).toHaveURL(/\/manage\/organizer\/\d+\/seating-plans\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Lakeside Stage', level: 1 })).toBeVisible();
  const planPath = new URL(page.url()).pathname;
  await expect(page.getByRole('img', { name: 'Seating plan with 10 seats in 2 categories' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveText([
    /^Front\s*6 seats$/,
    /^Back\s*4 seats$/,
  ]);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Published: version 1')).toBeVisible();
  const versions = page.getByRole('table', { name: 'Versions' });
  await expect(versions.getByRole('cell', { name: 'Version 1', exact: true })).toBeVisible();
  await expect(versions.getByText('Same as version 1')).toBeVisible();
  await notificationsGone(page);
  await expectAccessible(page, 'seating plan');
  await snapshot(page, 'en-seating-plan');

  // The event is seated by it: its Seating section offers the published plan; its Front seats sell as the free
  // ticket (the passes cannot sell a seat), kept after a reload.
  await page.goto(eventPath);
  await page.getByRole('link', { name: 'Seating', exact: true }).click();
  await expect(page.getByText('No seating plan for this event')).toBeVisible();
  await choose(page, 'Seating plan', 'Lakeside Stage (version 1)');
  await page.getByRole('button', { name: 'Use this plan' }).click();
  await expect(page.getByText('Version 1 of 1')).toBeVisible();
  // Its notification ("now seated by …") may lie over Save; a pointer resting on it keeps it open (CI waited 3 min).
  await notificationsGone(page);
  await expect(page.getByRole('img', { name: 'Seating plan with 10 seats in 2 categories' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Ticket for Front', exact: true }).click();
  await expect(page.getByRole('option')).toHaveText(['Not sold', 'General admission']);
  await page.getByRole('option', { name: 'General admission', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Seating saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Ticket for Front', exact: true })).toHaveValue('General admission');
  await expect(page.getByRole('combobox', { name: 'Ticket for Back', exact: true })).toHaveValue('Not sold');
  await expectAccessible(page, 'event seating');
  await snapshot(page, 'en-event-seating');

  // The plan's layout editor: a new category's block of 3 rows of 8 and a round table added (the table's addition
  // undone and redone), the table moved down with the keyboard, the draft saved (version 1 stays as it was).
  await page.goto(planPath);
  await page.getByRole('link', { name: 'Edit layout' }).click();
  await expect(page.getByRole('heading', { name: 'Layout of Lakeside Stage', level: 1 })).toBeVisible();
  const counts = page.getByTestId('seating-editor-counts');
  await expect(counts).toHaveText('Seating plan with 10 seats in 2 categories');
  await page.getByLabel('Plan height').fill('520');
  await page.getByRole('button', { name: 'Rows', exact: true }).click();
  const adding = page.getByRole('dialog', { name: 'Add rows of seats' });
  await adding.getByLabel('Section name').fill('Terrace');
  await adding.getByRole('combobox', { name: 'Category' }).fill('Terrace');
  await adding.getByLabel('Rows', { exact: true }).fill('3');
  await adding.getByLabel('Seats per row').fill('8');
  await adding.getByRole('button', { name: 'Add rows' }).click();
  await expect(counts).toHaveText('Seating plan with 34 seats in 3 categories');
  const canvas = page.getByTestId('seating-editor-canvas');
  await canvas.focus();
  await page.keyboard.press('Shift+ArrowDown');
  await page.getByRole('button', { name: 'Round tables' }).click();
  await page.getByRole('dialog', { name: 'Add round tables' }).getByRole('button', { name: 'Add table' }).click();
  await expect(counts).toHaveText('Seating plan with 42 seats in 3 categories');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(counts).toHaveText('Seating plan with 34 seats in 3 categories');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(counts).toHaveText('Seating plan with 42 seats in 3 categories');
  await expect(page.getByTestId('seating-editor-selection')).toHaveText('8 seats selected');
  await canvas.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowDown');
  await expect(page.getByTestId('seating-editor-checks')).toHaveText('No problems: the plan can be published.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Lakeside Stage: layout saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await notificationsGone(page);
  await expectAccessible(page, 'seating editor');
  await snapshot(page, 'en-seating-editor');

  // An unknown organizer is a not-found page.
  await page.goto('/manage/organizer/999999');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await context.close();
});

test("the demo admin filters the list and opens a seeded event's settings; on a phone the sections fold into one button", async ({
  organizerPage: page,
}) => {
  await page.goto('/manage/events');
  await expect(page).toHaveURL(/\/manage\/events$/);
  await expect(page.getByText('Summer Jazz Festival')).toBeVisible();

  await choose(page, 'Status', 'Draft');
  await expect(page.getByText('Autumn Lecture Series')).toBeVisible();
  await expect(page.getByText('Summer Jazz Festival')).toBeHidden();
  await expect(page.getByText('Sorting is off while a filter is applied.')).toBeVisible();
  await choose(page, 'Organizer', 'Riverside Music Hall');
  await expect(page).toHaveURL(/organizer=\d+/);
  await expect(page.getByText('Autumn Lecture Series')).toBeVisible();
  await expectAccessible(page, 'filtered events');
  await snapshot(page, 'en-events-filtered');

  const card = page.getByRole('listitem').filter({ hasText: 'Autumn Lecture Series' });

  // The event settings of a seeded event open with its saved values.
  await card.getByRole('button', { name: 'Actions for Autumn Lecture Series' }).click();
  await page.getByRole('menuitem', { name: 'Edit settings' }).click();
  await expect(page).toHaveURL(/\/manage\/event\/\d+\/settings$/);
  await expect(page.getByLabel('Event title')).toHaveValue('Autumn Lecture Series');
  await expect(page.getByRole('combobox', { name: 'Organizer', exact: true })).toHaveValue('Riverside Music Hall');

  // On a phone the event's sections fold into one button naming the current one: the page comes first.
  await page.setViewportSize({ width: 390, height: 844 });
  const nav = page.getByRole('navigation', { name: 'Event sections' });
  const sections = nav.getByRole('button', { name: 'Settings' });
  await expect(sections).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeInViewport();
  await sections.click();
  await expect(sections).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, 'event sections on a phone');
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/manage\/event\/\d+\/orders$/);
  await expect(nav.getByRole('button', { name: 'Orders' })).toHaveAttribute('aria-expanded', 'false');
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
});

test('a login whose address is unconfirmed cannot put an event live, and is offered the mail again', async ({
  page,
  request,
}) => {
  // (A login from before sign-ups were confirmed by link; e2e/serve.ts creates it.)
  const { headers } = await apiLogin(request, LEGACY_LOGIN);
  const organizer = (await (
    await request.post('/api/organizers', { headers, data: { name: 'Legacy Hall', email: 'hello@legacy.test' } })
  ).json()) as { data: { id: number } };
  const year = new Date().getFullYear() + 1;
  const title = `Legacy Evening ${Date.now()}`;
  const created = await request.post('/api/events', {
    headers,
    data: {
      title,
      organizer_id: organizer.data.id,
      start_date: `${year}-04-01T19:00`,
      timezone: 'Europe/London',
      currency: 'GBP',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await loginWithForm(page, LEGACY_LOGIN);
  const card = page.getByRole('listitem').filter({ hasText: title });
  await card.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Go live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Go live' });
  await dialog.getByRole('button', { name: 'Go live' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Go live' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Resend confirmation' })).toBeVisible();
  await expectAccessible(page, 'go live refused');
  await snapshot(page, 'en-event-go-live-unconfirmed');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();
});

test('a paid ticket with no way to pay: the ticket list warns, going live is refused with the fix, offline payments open it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('nopay');
  const password = 'a-quiet-harbour-42';
  const me = await signUpByApi(request, { name: 'Pat Payless', email, password, timezone: 'Europe/Berlin' });
  const headers = { authorization: `Bearer ${me.token}` };
  const organizer = (await (
    await request.post('/api/organizers', { headers, data: { name: 'Cash Only Club', email: 'club@cash.test' } })
  ).json()) as { data: { id: number } };
  const year = new Date().getFullYear() + 1;
  const event = (await (
    await request.post('/api/events', {
      headers,
      data: {
        title: 'Paid Gala',
        organizer_id: organizer.data.id,
        start_date: `${year}-05-01T19:00`,
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    })
  ).json()) as { data: { id: number } };
  expect(
    (
      await request.post(`/api/events/${event.data.id}/tickets`, {
        headers,
        data: { name: 'Seat', type: 'PAID', price: 2500 },
      })
    ).status(),
  ).toBe(201);

  await loginWithForm(page, { email, password });
  await page.goto(`/manage/event/${event.data.id}/tickets`);
  const warning = page.getByRole('alert').filter({ hasText: 'Buyers cannot pay yet' });
  await expect(warning).toContainText('This event has 1 paid ticket, but no way to pay is set up');
  await expect(warning.getByRole('link', { name: 'Connect Stripe' })).toBeVisible();
  await expectAccessible(page, 'tickets, no way to pay');
  await snapshot(page, 'en-tickets-no-payment-method');

  // Going live says why not, with the way out; the confirm button stays off.
  await page.goto(`/manage/event/${event.data.id}`);
  await page.getByRole('button', { name: 'Go live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Go live' });
  await dialog.getByRole('button', { name: 'Go live' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This event has paid tickets but buyers have no way to pay.');
  await expect(dialog.getByRole('button', { name: 'Go live' })).toBeDisabled();
  await expectAccessible(page, 'go live refused, no way to pay');
  await dialog.getByRole('link', { name: 'Turn on offline payments' }).click();

  // Straight to the payment settings, the keyboard on their heading.
  await expect(page).toHaveURL(new RegExp(`/manage/event/${event.data.id}/settings#payments$`));
  await expect(page.getByRole('heading', { name: 'Payments', level: 2 })).toBeFocused();
  // The checklist leads there too.
  await page.goto(`/manage/event/${event.data.id}/getting-started`);
  await page.getByRole('link', { name: 'Turn on offline payments' }).click();
  await expect(page.getByRole('heading', { name: 'Payments', level: 2 })).toBeFocused();
  await page.getByLabel('Accept offline payments').check();
  await page.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByText('Payment settings saved.')).toBeVisible();

  await page.goto(`/manage/event/${event.data.id}/tickets`);
  // The page's title (its default category is headed "Tickets" too, one level down).
  await expect(page.getByRole('heading', { name: 'Tickets', exact: true, level: 1 })).toBeVisible();
  await expect(page.getByText('Seat', { exact: true })).toBeVisible();
  await expect(page.getByText('Buyers cannot pay yet')).toHaveCount(0);
  await page.goto(`/manage/event/${event.data.id}`);
  await page.getByRole('button', { name: 'Go live' }).click();
  await page.getByRole('dialog', { name: 'Go live' }).getByRole('button', { name: 'Go live' }).click();
  await expect(page.getByText('“Paid Gala” is live.')).toBeVisible();
});

test('unsaved settings: each section shows its edits, leaving or logging out asks once, Stay keeps them, Leave drops them', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('unsaved');
  const password = 'a-patient-lighthouse-7';
  const me = await signUpByApi(request, { name: 'Una Saved', email, password, timezone: 'Europe/Berlin' });
  const headers = { authorization: `Bearer ${me.token}` };
  const organizer = (await (
    await request.post('/api/organizers', { headers, data: { name: 'Draft Hall', email: 'hall@draft.test' } })
  ).json()) as { data: { id: number } };
  const year = new Date().getFullYear() + 1;
  const created = await request.post('/api/events', {
    headers,
    data: {
      title: 'Open Rehearsal',
      organizer_id: organizer.data.id,
      start_date: `${year}-06-01T19:00`,
      timezone: 'Europe/Berlin',
      currency: 'EUR',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { data: { id: number } }).data.id;

  await loginWithForm(page, { email, password });
  // Reached inside the app, so the back button is the router's too.
  await page.goto(`/manage/event/${eventId}`);
  const nav = page.getByRole('navigation', { name: 'Event sections' });
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const location = page.getByRole('region', { name: 'Location' });
  const seo = page.getByRole('region', { name: 'SEO' });
  const unsaved = (section: typeof page | typeof location) => section.getByText('Unsaved changes', { exact: true });
  await expect(seo.getByRole('button', { name: 'Save SEO settings' })).toBeVisible();
  await expect(unsaved(page)).toHaveCount(0);

  // Two sections edited: each says so.
  await location.getByLabel('Venue name').fill('Rehearsal Room 2');
  await seo.getByLabel('SEO title').fill('Open Rehearsal – Draft Hall');
  await expect(unsaved(location)).toBeVisible();
  await expect(unsaved(seo)).toBeVisible();
  await expect(unsaved(page)).toHaveCount(2);

  // Leaving by the side navigation asks once, however many sections are unsaved.
  await nav.getByRole('link', { name: 'Tickets' }).click();
  const dialog = page.getByRole('dialog', { name: 'You have unsaved changes' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Stay' })).toBeFocused();
  await expectAccessible(page, 'unsaved changes dialog');
  await snapshot(page, 'en-event-settings-unsaved');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/manage/event/${eventId}/settings$`));
  await expect(location.getByLabel('Venue name')).toHaveValue('Rehearsal Room 2');
  await expect(seo.getByLabel('SEO title')).toHaveValue('Open Rehearsal – Draft Hall');

  // Logging out asks too; Stay keeps the session and the edits.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Log out without saving' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/manage/event/${eventId}/settings$`));
  await expect(seo.getByLabel('SEO title')).toHaveValue('Open Rehearsal – Draft Hall');

  // Saving one section clears its state; the other still holds the page, against the back button too.
  await location.getByRole('button', { name: 'Save location' }).click();
  await expect(page.getByText('Location saved.')).toBeVisible();
  await expect(unsaved(location)).toHaveCount(0);
  await expect(unsaved(seo)).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/manage/event/${eventId}/settings$`));
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/event/${eventId}$`));
  await expect(dialog).toBeHidden();

  // Back on the page: the saved section kept its value, the dropped one did not; a reload while
  // edited gets the browser's own prompt.
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(location.getByLabel('Venue name')).toHaveValue('Rehearsal Room 2');
  await expect(seo.getByLabel('SEO title')).toHaveValue('');
  await seo.getByLabel('SEO title').click();
  await page.keyboard.type('Typed, then reloaded');
  await expect(unsaved(seo)).toBeVisible();
  const prompted = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.type());
      void d.accept();
    }),
  );
  await page.reload();
  expect(await prompted).toBe('beforeunload');
  await expect(seo.getByLabel('SEO title')).toHaveValue('');
});

test("an organizer previews a draft's public page from its overview; a visitor still finds nothing", async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail('preview');
  const password = 'a-quiet-harbour-42';
  const me = await signUpByApi(request, { name: 'Pia Preview', email, password, timezone: 'Europe/Berlin' });
  const headers = { authorization: `Bearer ${me.token}` };
  const organizer = (await (
    await request.post('/api/organizers', { headers, data: { name: 'Preview Hall', email: 'hall@preview.test' } })
  ).json()) as { data: { id: number } };
  const year = new Date().getFullYear() + 1;
  const event = (await (
    await request.post('/api/events', {
      headers,
      data: {
        title: 'Unreleased Gala',
        organizer_id: organizer.data.id,
        start_date: `${year}-05-01T19:00`,
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    })
  ).json()) as { data: { id: number; slug: string } };
  expect(
    (
      await request.post(`/api/events/${event.data.id}/tickets`, { headers, data: { name: 'Seat', type: 'FREE' } })
    ).status(),
  ).toBe(201);

  await loginWithForm(page, { email, password });
  await page.goto(`/manage/event/${event.data.id}`);
  const opened = page.context().waitForEvent('page');
  await page.getByRole('link', { name: /Preview the event page/ }).click();
  const preview = await opened;
  await expect(preview.getByRole('region', { name: 'Preview' })).toContainText(
    'This event is not live: only your team can see this page',
  );
  await expect(preview.getByRole('heading', { name: 'Unreleased Gala', level: 1 })).toBeVisible();
  await preview.getByRole('button', { name: 'One more Seat', exact: true }).click();
  await preview.getByRole('button', { name: 'Continue' }).click();
  await expect(preview.getByText('This is a preview: tickets can be bought once the event is live.')).toBeVisible();
  await expectAccessible(preview, 'event page preview');
  await snapshot(preview, 'en-event-preview');
  // The preview's address answers 200 (the organizer's browser loads it with their session), never indexed.
  expect((await preview.reload())?.status()).toBe(200);
  await expect(preview.getByRole('region', { name: 'Preview' })).toBeVisible();

  // The same address for someone else: not found; without `preview` the server says 404 itself.
  const visitor = await browser.newContext({ locale: 'en-US' });
  const stranger = await visitor.newPage();
  await stranger.goto(`/event/${event.data.id}/${event.data.slug}?preview=1`);
  await expect(stranger.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect((await stranger.goto(`/event/${event.data.id}/${event.data.slug}`))?.status()).toBe(404);
  await expect(stranger.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(stranger.getByRole('region', { name: 'Preview' })).toHaveCount(0);
  await visitor.close();
});
