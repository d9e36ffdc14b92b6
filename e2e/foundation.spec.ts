import { expect, type Page, test } from '@playwright/test';

import { catalog } from './catalog';
import { loginWithForm } from './fixtures';
import { expectAccessible, mailCount, signUpLinkPath, snapshot, uniqueEmail, waitForMail } from './support';

/** Picks a date (day of next month) and types a time in a date-and-time field, then confirms it. */
async function pickDateTime(
  page: Page,
  L: (english: string) => string,
  label: string,
  day: number,
  time: string,
  shown: RegExp,
) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dropdown = page.locator('.mantine-Popover-dropdown').last();
  await dropdown.locator('.mantine-DatePicker-calendarHeaderControl[data-direction="next"]').click();
  await dropdown
    .locator('button.mantine-DatePicker-day:not([data-outside])', { hasText: new RegExp(`^${day}$`) })
    .first()
    .click();
  // Focus is on the time, which holds midnight, selected: typing replaces it.
  const typed = dropdown.getByRole('textbox');
  await expect(typed).toBeFocused();
  await page.keyboard.type(time);
  // "19:30" in German, as people there type it; the confirm button takes it and closes.
  await dropdown.getByRole('button', { name: L('Confirm date and time') }).click();
  await expect(dropdown).toBeHidden();
  await expect(page.getByRole('button', { name: label, exact: true })).toContainText(shown);
}

// Once, in German (the browser asks for it): the flow is the same in every language, English runs through
// every other flow, and the seven-language sweep checks each screen's strings and formats.
for (const locale of ['de'] as const) {
  test(`a new organizer signs up, creates an event, logs out and in, and resets the password (${locale})`, async ({
    browser,
  }) => {
    // Sign-up to reset with eight accessibility checks, and every way in or out of the sign-in screens a page
    // load (they are an app of their own): about 60 s in the CI run's busy lane (it ran out once at the last step).
    test.setTimeout(120_000);
    const L = catalog(locale);
    const context = await browser.newContext({
      locale: locale === 'de' ? 'de-DE' : 'en-US',
      timezoneId: 'Europe/Berlin',
    });
    const page = await context.newPage();
    const email = uniqueEmail(`org-${locale}`);
    const password = 'first-password-1';

    // "/" sends a visitor to the login page.
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { name: L('Welcome back') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expectAccessible(page, 'login');
    await snapshot(page, `${locale}-login`);

    // Sign up: the form marks problems before anything is sent.
    await page.getByRole('link', { name: L('Sign up') }).click();
    await expect(page).toHaveURL(/\/auth\/register$/);
    await page.getByLabel(L('Your name')).fill('Rosa Parks');
    await page.getByLabel(L('E-mail')).fill(email);
    await page.getByRole('textbox', { name: L('Password'), exact: true }).fill(password);
    await page.getByLabel(L('Confirm password')).fill('something-else');
    await page.getByRole('button', { name: L('Create account') }).click();
    await expect(page.getByText(L('Passwords are not the same'))).toBeVisible();
    await expect(page.getByText(L('You must accept the terms to sign up.'))).toBeVisible();
    await expectAccessible(page, 'register with errors');
    await page.getByLabel(L('Confirm password')).fill(password);
    await page.getByLabel(L('I accept the terms and conditions')).check();
    const signUpMails = mailCount(email);
    await page.getByRole('button', { name: L('Create account') }).click();

    // The account exists once the mailed link is opened.
    await expect(page.getByRole('heading', { name: L('Check your inbox') })).toBeVisible();
    await page.goto(await signUpLinkPath(email, signUpMails));

    // Welcome: organizer, then the first event.
    // (The address changes as the organizer app's page arrives; its screen follows once the app has loaded.)
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByLabel(L('Organizer name'))).toBeVisible();
    await expectAccessible(page, 'welcome');
    await page.getByLabel(L('Organizer name')).fill('Parks Productions');
    await expect(page.getByLabel(L('Contact e-mail'))).toHaveValue(email);
    await page.getByLabel(L('Website')).fill('https://parks.example.test');
    await page.getByRole('button', { name: L('Next: create your event') }).click();

    const title = locale === 'de' ? 'Sommerkonzert im Park' : 'Summer Concert in the Park';
    await page.getByLabel(L('Event title')).fill(title);
    await pickDateTime(page, L, L('Starts'), 12, '19:30', locale === 'de' ? /19:30/ : /7:30\sPM/);
    await pickDateTime(page, L, L('Ends'), 12, '22:00', locale === 'de' ? /22:00/ : /10:00\sPM/);
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('Bring a blanket.');
    await expectAccessible(page, 'welcome event step');
    await snapshot(page, `${locale}-welcome-event`);
    await page.getByRole('button', { name: L('Create event') }).click();

    await expect(page).toHaveURL(/\/manage\/event\/\d+$/);
    const eventUrl = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('Bring a blanket.')).toBeVisible();
    // Shown in the event's time zone, as entered.
    await expect(page.getByText(locale === 'de' ? /19:30/ : /7:30\sPM/).first()).toBeVisible();
    await expect(page.getByText('Parks Productions').first()).toBeVisible();
    await expectAccessible(page, 'event page');
    await snapshot(page, `${locale}-event`);

    // The event list shows it.
    await page.goto('/manage/events');
    await expect(page.getByRole('heading', { name: L('Events'), exact: true })).toBeVisible();
    await expect(page.getByText(title)).toBeVisible();
    await expectAccessible(page, 'events list');
    await snapshot(page, `${locale}-events`);

    // Log out; "/" goes to the login page again.
    await page.getByRole('button', { name: L('Open user menu') }).click();
    await page.getByRole('menuitem', { name: L('Log out') }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);

    // A deep link into the event area comes back after login.
    await page.goto(eventUrl);
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByLabel(L('E-mail')).fill(email);
    await page.getByRole('textbox', { name: L('Password'), exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: L('Log in'), exact: true }).click();
    await expect(
      page.getByText(
        locale === 'de' ? /E-Mail-Adresse und Ihr Passwort/ : 'Please check your email and password and try again',
      ),
    ).toBeVisible();
    await page.getByRole('textbox', { name: L('Password'), exact: true }).fill(password);
    await page.getByRole('button', { name: L('Log in'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${eventUrl}$`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // "/" now goes to the event list.
    await page.goto('/');
    await expect(page).toHaveURL(/\/manage\/events$/);
    await page.getByRole('button', { name: L('Open user menu') }).click();
    await page.getByRole('menuitem', { name: L('Log out') }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);

    // Forgot password -> the mail that arrived -> a new password.
    const before = mailCount(email);
    await page.getByRole('link', { name: L('Forgot your password?') }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    // its screen loads when first opened
    await expect(page.getByRole('button', { name: L('Send reset link') })).toBeVisible();
    await expectAccessible(page, 'forgot password');
    await page.getByLabel(L('E-mail')).fill(email);
    await page.getByRole('button', { name: L('Send reset link') }).click();
    await expect(page.getByRole('heading', { name: L('Check your inbox') })).toBeVisible();
    const mail = await waitForMail(email, before);
    expect(mail.subject).toBe(
      locale === 'de' ? 'Setzen Sie Ihr AdmitOne-Passwort zurück' : 'Reset your AdmitOne password',
    );
    const link = /https?:\/\/\S+\/auth\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('heading', { name: L('Set a new password') })).toBeVisible();
    await expectAccessible(page, 'reset password');
    await page.getByRole('textbox', { name: L('New password'), exact: true }).fill('second-password-2');
    await page.getByLabel(L('Confirm new password')).fill('second-password-2');
    await page.getByRole('button', { name: L('Save new password') }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByLabel(L('E-mail')).fill(email);
    await page.getByRole('textbox', { name: L('Password'), exact: true }).fill('second-password-2');
    await page.getByRole('button', { name: L('Log in'), exact: true }).click();
    await expect(page).toHaveURL(/\/manage\/events$/);

    // The same link cannot be used twice.
    await page.goto(new URL(link).pathname);
    await expect(page.getByText(L('This reset password link is invalid or expired.'))).toBeVisible();

    // An unknown address shows the error screen.
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: L('Page not found') })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Error' })).toBeVisible();
    await expectAccessible(page, 'not found');
    await snapshot(page, `${locale}-not-found`);
    await page.getByRole('link', { name: L('Go back to the home page') }).click();
    await expect(page).toHaveURL(/\/manage\/events$/);
    await context.close();
  });
}

test('the demo account from the seed sees its events, and a draft filter works', async ({ page }) => {
  await loginWithForm(page);
  for (const title of ['Summer Jazz Festival', 'Autumn Lecture Series', 'New Year Warm-up'])
    await expect(page.getByText(title)).toBeVisible();
  await page.getByRole('textbox', { name: /search/i }).fill('jazz');
  await expect(page.getByText('Autumn Lecture Series')).toBeHidden();
  await expect(page.getByText('Summer Jazz Festival')).toBeVisible();
  await expect(page).toHaveURL(/query=jazz/);
});
