import type { Locator, Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { expectAccessible, notificationsGone, pickDateTime, pickUpWithKeyboard, snapshot } from './support';

test.use({ actionTimeout: 15_000 });

/** Picks options of a Mantine MultiSelect or Select inside `scope`. */
async function chooseOptions(page: Page, scope: Locator, label: string, options: string[]) {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  // A MultiSelect stays open; Escape closes its list (a closed Select would pass Escape on to the dialog).
  if (await page.getByRole('listbox').isVisible()) await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
}

const ticketNames = (page: Page) => page.getByTestId('ticket-name');

/**
 * Reorders with the keyboard as a screen-reader user would: picks the row up by its grip, moves it up
 * `steps` places, waiting to hear each move announced, then drops it and hears where it landed.
 */
async function keyboardMoveUp(page: Page, name: string, from: number, steps: number, total: number, group?: string) {
  const where = group ? `, in ${group}` : '';
  const grip = page.getByRole('button', { name: `Reorder ${name}` });
  // The list measures its rows when the row is picked up: the page must be still by then (scrolled to the
  // row, nothing animating), or a move can land between two rows and announce nothing.
  await grip.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
    timeout: 5000,
  });
  // Picked up: announced as such, or at once as over its own place.
  await pickUpWithKeyboard(
    page,
    grip,
    new RegExp(`^(Picked up ${name}\\.|${name} moved to position ${from} of ${total}${where}\\.)$`),
  );
  for (let i = 1; i <= steps; i++) {
    await page.keyboard.press('ArrowUp');
    await expect(
      page.getByText(`${name} moved to position ${from - i} of ${total}${where}.`, { exact: true }),
    ).toBeAttached();
  }
  await page.keyboard.press('Space');
  await expect(
    page.getByText(`${name} dropped at position ${from - steps} of ${total}${where}.`, { exact: true }),
  ).toBeAttached();
}

test('an admin builds the catalogue of the demo event: tickets, capacity, promo codes and questions', async ({
  organizerPage: page,
  context,
}) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  // A default tax, so new tickets start with it.
  await page.goto('/account/taxes-and-fees');
  await page.getByRole('button', { name: 'Add tax or fee' }).first().click();
  const taxDialog = page.getByRole('dialog', { name: 'Add tax or fee' });
  await taxDialog.getByLabel('Name').fill('City tax');
  await taxDialog.getByRole('textbox', { name: 'Rate' }).fill('10');
  await taxDialog.getByLabel('Add to new tickets by default').check();
  await taxDialog.getByRole('button', { name: 'Add tax or fee' }).click();
  await expect(taxDialog).toBeHidden();

  await page.goto('/manage/events');
  await page.getByRole('link', { name: 'Summer Jazz Festival' }).click();
  const nav = page.getByRole('navigation', { name: 'Event sections' });
  await nav.getByRole('link', { name: 'Capacity' }).click();
  await expect(page.getByText('Create a ticket first')).toBeVisible();
  await expectAccessible(page, 'capacity without tickets');

  // Tickets: empty state.
  await nav.getByRole('link', { name: 'Tickets' }).click();
  await expect(page.getByText('No tickets yet')).toBeVisible();
  await expectAccessible(page, 'tickets empty');
  await snapshot(page, 'en-tickets-empty');

  // A tiered ticket with three tiers.
  await page.getByRole('main').getByRole('button', { name: 'Create ticket' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create ticket' });
  await dialog.getByLabel('Name').fill('Festival pass');
  await dialog.getByText('Tiered', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Add tier' }).click();
  await dialog.getByRole('button', { name: 'Add tier' }).click();
  const tiers = [
    ['Early bird', '40'],
    ['Regular', '55'],
    ['Late', '70'],
  ] as const;
  for (const [i, [label, price]] of tiers.entries()) {
    await dialog.getByLabel(`Tier ${i + 1} label`).fill(label);
    await dialog.getByRole('textbox', { name: `Tier ${i + 1} price` }).fill(price);
  }
  await dialog.getByLabel('Tier 1 unlimited').uncheck();
  await dialog.getByRole('textbox', { name: 'Tier 1 quantity' }).fill('50');
  await expect(dialog.getByTestId('buyer-pays')).toContainText('Buyer pays from £44.00');
  // Checked while the list behind the dialog is empty: axe measures text through the modal overlay.
  await expectAccessible(page, 'tiered ticket dialog');
  await snapshot(page, 'en-ticket-dialog-tiered');
  await dialog.getByRole('button', { name: 'Create ticket' }).click();
  await expect(dialog).toBeHidden();

  // A paid ticket: the default tax is chosen and the buyer price follows the typed price.
  await page.getByRole('main').getByRole('button', { name: 'Create ticket' }).click();
  dialog = page.getByRole('dialog', { name: 'Create ticket' });
  await dialog.getByLabel('Name').fill('Standard');
  await dialog.getByRole('textbox', { name: 'Price', exact: true }).fill('25');
  await expect(dialog.getByTestId('buyer-pays')).toContainText('Buyer pays £27.50');
  await dialog.getByLabel('Unlimited').uncheck();
  await dialog.getByRole('textbox', { name: 'Quantity available' }).fill('200');
  await dialog.getByRole('textbox', { name: 'Maximum per order' }).fill('6');
  await snapshot(page, 'en-ticket-dialog');
  await dialog.getByRole('button', { name: 'Create ticket' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('ticket-row')).toHaveCount(2);

  // A free ticket: the default tax would be charged, so the form asks to remove it.
  await page.getByRole('main').getByRole('button', { name: 'Create ticket' }).click();
  dialog = page.getByRole('dialog', { name: 'Create ticket' });
  await dialog.getByLabel('Name').fill('Community');
  await dialog.getByText('Free', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Create ticket' }).click();
  const ask = page.getByRole('dialog', { name: 'Taxes and fees on a free ticket' });
  await expect(ask.getByText('Free tickets carry no taxes or fees. Remove them?')).toBeVisible();
  await ask.getByRole('button', { name: 'Remove them' }).click();
  await expect(dialog).toBeHidden();

  // A donation with a minimum.
  await page.getByRole('main').getByRole('button', { name: 'Create ticket' }).click();
  dialog = page.getByRole('dialog', { name: 'Create ticket' });
  await dialog.getByLabel('Name').fill('Supporter');
  await dialog.getByText('Donation', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Minimum price' }).fill('5');
  await expect(dialog.getByTestId('buyer-pays')).toContainText('£5.50');
  await dialog.getByRole('button', { name: 'Create ticket' }).click();
  await expect(dialog).toBeHidden();

  await expect(ticketNames(page)).toHaveText(['Festival pass', 'Standard', 'Community', 'Supporter']);
  const pass = page.getByTestId('ticket-row').filter({ hasText: 'Festival pass' });
  await expect(pass.getByText('from £40.00')).toBeVisible();
  await expect(pass.getByText('Buyer pays £44.00')).toBeVisible();
  await expect(pass.getByTestId('ticket-tiers')).toHaveText('Early bird £40.00 · Regular £55.00 · Late £70.00');
  await expect(page.getByTestId('ticket-row').filter({ hasText: 'Supporter' }).getByText('min £5.00')).toBeVisible();
  await expect(page.getByTestId('ticket-row').filter({ hasText: 'Standard' }).getByText('On sale')).toBeVisible();

  // Reorder with the keyboard: pick the donation up, move it to the top, drop it (below the category's heading).
  await keyboardMoveUp(page, 'Supporter', 5, 3, 5, 'Tickets');
  await expect(ticketNames(page)).toHaveText(['Supporter', 'Festival pass', 'Standard', 'Community']);
  // ... and with the row menu.
  await page.getByRole('button', { name: 'Actions for Standard' }).click();
  await page.getByRole('menuitem', { name: 'Move down' }).click();
  await expect(ticketNames(page)).toHaveText(['Supporter', 'Festival pass', 'Community', 'Standard']);
  await page.reload();
  await expect(ticketNames(page)).toHaveText(['Supporter', 'Festival pass', 'Community', 'Standard']);

  // Hide the donation from the menu.
  await page.getByRole('button', { name: 'Actions for Supporter' }).click();
  await page.getByRole('menuitem', { name: 'Hide' }).click();
  await expect(
    page.getByTestId('ticket-row').filter({ hasText: 'Supporter' }).getByText('Hidden', { exact: true }),
  ).toBeVisible();
  await notificationsGone(page);
  await expectAccessible(page, 'tickets');
  await snapshot(page, 'en-tickets');

  // Capacity over two tickets.
  await nav.getByRole('link', { name: 'Capacity' }).click();
  await expect(page.getByText('No capacity assignments yet')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Create capacity assignment' }).click();
  dialog = page.getByRole('dialog', { name: 'Create capacity assignment' });
  await dialog.getByLabel('Name').fill('Main stage');
  await dialog.getByRole('textbox', { name: 'Capacity' }).fill('300');
  await chooseOptions(page, dialog, 'Tickets', ['Standard', 'Festival pass']);
  await expectAccessible(page, 'capacity dialog');
  await dialog.getByRole('button', { name: 'Create capacity assignment' }).click();
  await expect(dialog).toBeHidden();
  const stage = page.getByRole('row', { name: /Main stage/ });
  await expect(stage.getByText('0 / 300')).toBeVisible();
  await expect(stage.getByText('Festival pass, Standard')).toBeVisible();
  await expectAccessible(page, 'capacity');
  await snapshot(page, 'en-capacity');

  // Promo codes: a percentage with an expiry, and one that only unlocks tickets.
  await nav.getByRole('link', { name: 'Promo codes' }).click();
  await expect(page.getByText('No promo codes yet')).toBeVisible();
  await expectAccessible(page, 'promo codes empty');
  await page.getByRole('main').getByRole('button', { name: 'Create promo code' }).click();
  dialog = page.getByRole('dialog', { name: 'Create promo code' });
  await dialog.getByLabel('Code').fill('JAZZ10');
  await dialog.getByRole('textbox', { name: 'Percentage off' }).fill('10');
  await dialog.getByLabel('Unlimited').uncheck();
  await dialog.getByRole('textbox', { name: 'Usage limit' }).fill('100');
  await pickDateTime(page, dialog, 'Expires', 20, '18:00');
  await expectAccessible(page, 'promo dialog');
  await snapshot(page, 'en-promo-dialog');
  await dialog.getByRole('button', { name: 'Create promo code' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('main').getByRole('button', { name: 'Create promo code' }).click();
  dialog = page.getByRole('dialog', { name: 'Create promo code' });
  await dialog.getByLabel('Code').fill('BACKSTAGE');
  await dialog.getByText('No discount', { exact: true }).click();
  await chooseOptions(page, dialog, 'Tickets', ['Supporter']);
  await dialog.getByRole('button', { name: 'Create promo code' }).click();
  await expect(dialog).toBeHidden();

  const jazz = page.getByRole('row', { name: /JAZZ10/ });
  await expect(jazz.getByText('10%')).toBeVisible();
  await expect(jazz.getByText('0 / 100')).toBeVisible();
  await expect(jazz.getByText('Active')).toBeVisible();
  await expect(page.getByRole('row', { name: /BACKSTAGE/ }).getByText('Unlocks hidden tickets')).toBeVisible();
  await page.getByRole('button', { name: 'Copy the link for JAZZ10' }).click();
  await expect(page.getByText('Link for JAZZ10 copied.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^http:\/\/localhost:\d+\/event\/\d+\/[\w-]+\?promo_code=JAZZ10$/);
  await page.getByLabel('Search promo codes').fill('back');
  await expect(page.getByRole('row', { name: /JAZZ10/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /BACKSTAGE/ })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(jazz).toBeVisible();
  await notificationsGone(page);
  await expectAccessible(page, 'promo codes');
  await snapshot(page, 'en-promo-codes');

  // Questions of every type.
  await nav.getByRole('link', { name: 'Questions' }).click();
  await expect(page.getByTestId('default-question')).toHaveCount(6);
  const questions: Array<{ title: string; type: string; scope: 'attendee' | 'order'; options?: string[] }> = [
    { title: 'T-shirt size', type: 'Dropdown', scope: 'attendee', options: ['S', 'M', 'L'] },
    { title: 'Dietary needs', type: 'Multi-line text', scope: 'attendee' },
    { title: 'Workshops', type: 'Checkboxes', scope: 'attendee', options: ['Piano', 'Vocals'] },
    { title: 'Date of birth', type: 'Date', scope: 'attendee' },
    { title: 'Company', type: 'Single-line text', scope: 'order' },
    { title: 'How did you hear about us?', type: 'Radio buttons', scope: 'order', options: ['Radio', 'Friends'] },
  ];
  for (const q of questions) {
    await page
      .getByRole('main')
      .getByRole('button', { name: q.scope === 'attendee' ? 'Add attendee question' : 'Add order question' })
      .click();
    dialog = page.getByRole('dialog', { name: 'Create question' });
    await dialog.getByLabel('Question').fill(q.title);
    await chooseOptions(page, dialog, 'Answer type', [q.type]);
    for (const [i, option] of (q.options ?? []).entries()) {
      if (i > 0) await dialog.getByRole('button', { name: 'Add option' }).click();
      await dialog.getByRole('textbox', { name: `Option ${i + 1}` }).fill(option);
    }
    if (q.title === 'T-shirt size') await chooseOptions(page, dialog, 'Tickets', ['Festival pass']);
    if (q.title === 'T-shirt size') {
      await expectAccessible(page, 'question dialog');
      await snapshot(page, 'en-question-dialog');
    }
    await dialog.getByRole('button', { name: 'Create question' }).click();
    await expect(dialog).toBeHidden();
  }
  const attendee = page.getByRole('region', { name: 'Attendee questions' });
  const order = page.getByRole('region', { name: 'Order questions' });
  await expect(attendee.getByTestId('question-row')).toHaveCount(4);
  await expect(order.getByTestId('question-row')).toHaveCount(2);

  // A hidden question switches "Show hidden questions" on.
  await expect(page.getByLabel('Show hidden questions')).not.toBeChecked();
  await page.getByRole('main').getByRole('button', { name: 'Add order question' }).click();
  dialog = page.getByRole('dialog', { name: 'Create question' });
  await dialog.getByLabel('Question').fill('Internal note');
  await dialog.getByLabel('Hidden').check();
  await dialog.getByRole('button', { name: 'Create question' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Show hidden questions')).toBeChecked();
  await expect(order.getByTestId('question-row')).toHaveCount(3);
  await page.getByLabel('Show hidden questions').uncheck();
  await expect(order.getByTestId('question-row')).toHaveCount(2);

  // Reorder attendee questions with the keyboard and the menu.
  await keyboardMoveUp(page, 'Date of birth', 4, 3, 4);
  await expect(attendee.getByTestId('question-row').first()).toContainText('Date of birth');
  await page.getByRole('button', { name: 'Actions for How did you hear about us?' }).click();
  await page.getByRole('menuitem', { name: 'Move up' }).click();
  await expect(order.getByTestId('question-row').first()).toContainText('How did you hear about us?');
  await page.reload();
  await expect(attendee.getByTestId('question-row').first()).toContainText('Date of birth');
  await expect(order.getByTestId('question-row').first()).toContainText('How did you hear about us?');

  // Default questions are locked.
  await page.getByRole('button', { name: 'Default questions cannot be edited' }).first().hover();
  await expect(page.getByRole('tooltip', { name: 'Default questions cannot be edited' })).toBeVisible();
  await page.mouse.move(0, 0);
  await notificationsGone(page);
  await expectAccessible(page, 'questions');
  await snapshot(page, 'en-questions');
});
